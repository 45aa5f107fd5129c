import { purchaseOrdersApi } from "@hub/contracts/inventory/api";
import { PO_STATUSES, type TPo, type TPoStatus } from "@hub/contracts/inventory/purchase-orders";
import { Box, Stack } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { ListPage, SelectFilter } from "../../components/list-page";
import { RefSelect } from "../../components/resource/fields";
import { parseId } from "../../lib/ids";
import { useListFilters, useListState } from "../../lib/list-state";
import { downloadListCsv } from "../../lib/transfer";
import { type PoQuery, usePoList } from "./api";
import { dash, money, PO_STATUS_LABELS, PoStatusChip } from "./format";

export const SUPPLIER_LOOKUP = purchaseOrdersApi.supplierLookup;

const columns: GridColDef<TPo>[] = [
  { field: "number", headerName: "Number", width: 130 },
  { field: "supplierName", headerName: "Supplier", flex: 1.3, minWidth: 180, sortable: false },
  {
    field: "status",
    headerName: "Status",
    width: 170,
    renderCell: ({ row }) => <PoStatusChip status={row.status} />,
  },
  { field: "expectedDate", headerName: "Expected", width: 120, valueFormatter: (v) => dash(v) },
  { field: "lineCount", headerName: "Lines", width: 80, type: "number", sortable: false },
  {
    field: "totalCents",
    headerName: "Total",
    width: 130,
    type: "number",
    sortable: false,
    valueFormatter: (v: number) => money(v),
  },
  { field: "createdByName", headerName: "Created by", width: 150, sortable: false },
  {
    field: "createdAt",
    headerName: "Created",
    width: 120,
    valueFormatter: (v: string) => new Date(v).toLocaleDateString(),
  },
];

const isStatus = (v: string | null): v is TPoStatus => v !== null && (PO_STATUSES as readonly string[]).includes(v);

/** /inventoryOnOrder: purchase orders to suppliers, with status and supplier filters in the URL. */
export default function PurchaseOrdersListPage() {
  const { state, update, query } = useListState({ sort: "createdAt,desc" });
  const filters = useListFilters();
  const statusParam = filters.get("status");
  const status = isStatus(statusParam) ? statusParam : undefined;
  const supplierId = parseId(filters.get("supplier")) ?? undefined;
  const fullQuery: PoQuery = { ...query, status, supplierId };
  const list = usePoList(fullQuery);

  return (
    <ListPage<TPo>
      title="Inventory On Order"
      subtitle="Purchase orders to suppliers: what is ordered, what has arrived, what is still to come."
      create={{ to: "/inventoryOnOrder/new", label: "New purchase order" }}
      list={list}
      listState={{ state, update }}
      label="Purchase orders"
      columns={columns}
      getRowId={(row) => row.id}
      rowTo={(row) => `/inventoryOnOrder/${row.id}`}
      searchPlaceholder="Search number or supplier…"
      exportCsv={() =>
        downloadListCsv(
          purchaseOrdersApi.exportPurchaseOrdersCsv,
          { sort: fullQuery.sort, searchString: fullQuery.searchString, status, supplierId },
          "purchase-orders",
        )
      }
      emptyText={state.searchString || status || supplierId ? "No purchase orders match" : "No purchase orders yet"}
      actions={
        <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexShrink: 0 }}>
          <SelectFilter
            label="Status"
            value={status}
            options={PO_STATUSES.map((s) => ({ value: s, label: PO_STATUS_LABELS[s] }))}
            width={190}
            onChange={(v) => filters.set("status", v)}
          />
          <Box sx={{ width: 240 }}>
            <RefSelect
              resource={SUPPLIER_LOOKUP}
              label="Supplier"
              size="small"
              value={supplierId ?? null}
              onChange={(id) => filters.set("supplier", id === null ? null : String(id))}
            />
          </Box>
        </Stack>
      }
    />
  );
}
