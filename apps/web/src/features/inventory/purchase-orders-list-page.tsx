import { PO_STATUSES, type TPo, type TPoStatus } from "@hub/contracts/inventory/purchase-orders";
import Add from "@mui/icons-material/Add";
import { Alert, Box, Button, MenuItem, Stack, TextField } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { DataTable } from "../../components/data-table/data-table";
import { PageHeader } from "../../components/page-header";
import { RefSelect } from "../../components/resource/fields";
import { messageOf } from "../../lib/api-error";
import { useListState } from "../../lib/list-state";
import { downloadListCsv } from "../../lib/transfer";
import { type PoQuery, usePoList } from "./api";
import { dash, money, PO_STATUS_LABELS, PoStatusChip } from "./format";

export const SUPPLIER_LOOKUP = "/purchaseOrders/suppliers";

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
const parseId = (raw: string | null): number | undefined =>
  raw && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : undefined;

/** /inventoryOnOrder: purchase orders to suppliers, with status and supplier filters in the URL. */
export default function PurchaseOrdersListPage() {
  const navigate = useNavigate();
  const { state, update, query } = useListState({ sort: "createdAt,desc" });
  const [params, setParams] = useSearchParams();
  const statusParam = params.get("status");
  const status = isStatus(statusParam) ? statusParam : undefined;
  const supplierId = parseId(params.get("supplier"));
  const fullQuery: PoQuery = { ...query, status, supplierId };
  const list = usePoList(fullQuery);
  const setParam = (key: string, value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === null) next.delete(key);
        else next.set(key, value);
        next.delete("page");
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        title="Inventory On Order"
        subtitle="Purchase orders to suppliers: what is ordered, what has arrived, what is still to come."
        actions={
          <Button component={RouterLink} to="/inventoryOnOrder/new" variant="contained" startIcon={<Add />}>
            New purchase order
          </Button>
        }
      />
      {list.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {messageOf(list.error)}
        </Alert>
      ) : null}
      <DataTable<TPo>
        label="Purchase orders"
        columns={columns}
        rows={list.data?.items ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        getRowId={(row) => row.id}
        state={state}
        onStateChange={update}
        onRowClick={(row) => navigate(`/inventoryOnOrder/${row.id}`)}
        searchPlaceholder="Search number or supplier…"
        exportCsv={() =>
          downloadListCsv(
            "/purchaseOrders/export.csv",
            { sort: fullQuery.sort, searchString: fullQuery.searchString, status, supplierId },
            "purchase-orders",
          )
        }
        emptyText={state.searchString || status || supplierId ? "No purchase orders match" : "No purchase orders yet"}
        actions={
          <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexShrink: 0 }}>
            <TextField
              select
              size="small"
              label="Status"
              value={status ?? "all"}
              sx={{ width: 190 }}
              onChange={(e) => setParam("status", e.target.value === "all" ? null : e.target.value)}
            >
              <MenuItem value="all">All</MenuItem>
              {PO_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {PO_STATUS_LABELS[s]}
                </MenuItem>
              ))}
            </TextField>
            <Box sx={{ width: 240 }}>
              <RefSelect
                resource={SUPPLIER_LOOKUP}
                label="Supplier"
                size="small"
                value={supplierId ?? null}
                onChange={(id) => setParam("supplier", id === null ? null : String(id))}
              />
            </Box>
          </Stack>
        }
      />
    </>
  );
}
