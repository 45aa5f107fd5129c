import { type TUnitStatus, UNIT_STATUS_LABELS, UNIT_STATUSES } from "@hub/contracts/floor/units";
import type { TFloorStateUnit } from "@hub/contracts/orders/open-orders";
import { Link } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { Link as RouterLink } from "react-router";
import { ListPage, SelectFilter } from "../../../components/list-page";
import { useListFilters, useListState } from "../../../lib/list-state";
import { openOrderKeys, useFloorLive, useFloorUnits } from "./api";

const columns: GridColDef<TFloorStateUnit>[] = [
  { field: "barcode", headerName: "Unit", minWidth: 120 },
  {
    field: "orderNumber",
    headerName: "Order",
    minWidth: 120,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={`/orders/${row.orderId}/units`}>
        {row.orderNumber}
      </Link>
    ),
  },
  { field: "clientName", headerName: "Client", flex: 1, minWidth: 130, sortable: false },
  { field: "sku", headerName: "SKU", flex: 1, minWidth: 140, sortable: false },
  {
    field: "status",
    headerName: "State",
    minWidth: 120,
    valueFormatter: (v: string) => UNIT_STATUS_LABELS[v as TUnitStatus] ?? v,
  },
  { field: "dueDate", headerName: "Due", minWidth: 110, valueFormatter: (v: string | null) => v ?? "—" },
  {
    field: "toteBarcode",
    headerName: "Tote",
    minWidth: 110,
    sortable: false,
    valueFormatter: (v: string | null) => v ?? "—",
  },
  {
    field: "lastActor",
    headerName: "Last by",
    minWidth: 110,
    sortable: false,
    valueFormatter: (v: string | null) => v ?? "—",
  },
  {
    field: "lastEventAt",
    headerName: "Last change",
    minWidth: 160,
    sortable: false,
    valueFormatter: (v: string | null) => (v ? new Date(v).toLocaleString() : "—"),
  },
];

/**
 * The floor's units (/openOrders/units), in one state when `state` is in the URL: the home page's
 * "units by state" numbers open it, and its total is the number. Kept live by the floor's notices.
 */
export default function FloorUnitsPage() {
  const { state, update, query } = useListState({ sort: "dueDate,asc" });
  const params = useListFilters();
  const status = UNIT_STATUSES.find((s) => s === params.get("state"));
  const list = useFloorUnits({ ...query, state: status });
  useFloorLive(1000, undefined, openOrderKeys.all);
  return (
    <ListPage<TFloorStateUnit>
      title={status ? `Units ${UNIT_STATUS_LABELS[status].toLowerCase()}` : "Units on the floor"}
      subtitle="The units of the open orders on the floor, live."
      label="Units"
      columns={columns}
      list={list}
      listState={{ state, update }}
      getRowId={(row) => row.id}
      searchPlaceholder="Search unit, order, SKU, size or colour"
      emptyText="No units match"
      actions={
        <SelectFilter
          label="State"
          allLabel="All states"
          value={status}
          options={UNIT_STATUSES.map((s) => ({ value: s, label: UNIT_STATUS_LABELS[s] }))}
          onChange={(v) => params.set("state", v)}
        />
      }
    />
  );
}
