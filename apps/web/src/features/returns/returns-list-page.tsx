import { returnsApi } from "@hub/contracts/returns/api";
import { RETURN_STATUSES, type TReturnListItem, type TReturnStatus } from "@hub/contracts/returns/returns";
import Add from "@mui/icons-material/Add";
import { Alert, Button, Link, MenuItem, TextField } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { useMemo } from "react";
import { Link as RouterLink } from "react-router";
import { ListTable } from "../../components/list-page";
import { PageHeader } from "../../components/page-header";
import { messageOf } from "../../lib/api-error";
import { useListFilters, useListState } from "../../lib/list-state";
import { downloadListCsv } from "../../lib/transfer";
import { useReturnList } from "./api";
import { money, ReturnStatusChip, reasonLabel } from "./labels";

const columns: GridColDef<TReturnListItem>[] = [
  {
    field: "rmaNumber",
    headerName: "RMA",
    width: 130,
    renderCell: ({ row }) => (
      <Link
        component={RouterLink}
        to={`/returns/${row.id}`}
        underline="hover"
        color="inherit"
        onClick={(e) => e.stopPropagation()}
      >
        {row.rmaNumber}
      </Link>
    ),
  },
  { field: "orderNumber", headerName: "Order", width: 120 },
  { field: "clientName", headerName: "Client", flex: 1, minWidth: 160 },
  {
    field: "status",
    headerName: "Status",
    width: 120,
    renderCell: ({ row }) => <ReturnStatusChip status={row.status} />,
  },
  {
    field: "reasonCode",
    headerName: "Reason",
    width: 170,
    valueFormatter: (v: string) => reasonLabel(v),
  },
  { field: "quantity", headerName: "Pieces", width: 90, sortable: false, type: "number" },
  {
    field: "refundedCents",
    headerName: "Refunded",
    width: 110,
    type: "number",
    valueFormatter: (v: number) => (v > 0 ? money(v) : "—"),
  },
  {
    field: "createdAt",
    headerName: "Requested",
    width: 130,
    valueFormatter: (v: string) => new Date(v).toLocaleDateString(),
  },
];

/** /returns: returns (RMAs) of the caller's orders, searched, filtered by status, sorted and paged in the URL. */
export default function ReturnsListPage() {
  const { state, update, query } = useListState({ sort: "createdAt,desc" });
  const params = useListFilters();
  const status = (RETURN_STATUSES as readonly string[]).includes(params.get("status") ?? "")
    ? (params.get("status") as TReturnStatus)
    : undefined;
  const fullQuery = useMemo(() => ({ ...query, status }), [query, status]);
  const list = useReturnList(fullQuery);
  const setStatus = (value: string) => params.set("status", value);
  return (
    <>
      <PageHeader
        title="Returns"
        subtitle="Garments sent back on an order (RMA): received, then refunded or made again."
        actions={
          <Button component={RouterLink} to="/returns/new" variant="contained" startIcon={<Add />}>
            New return
          </Button>
        }
      />
      {list.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {messageOf(list.error)}
        </Alert>
      ) : null}
      <ListTable<TReturnListItem>
        label="Returns"
        columns={columns}
        list={list}
        listState={{ state, update }}
        getRowId={(row) => row.id}
        rowTo={(row) => `/returns/${row.id}`}
        searchPlaceholder="Search RMA, order number or client…"
        actions={
          <TextField
            select
            size="small"
            label="Status"
            value={status ?? ""}
            onChange={(e) => setStatus(e.target.value)}
            sx={{ minWidth: 160 }}
            slotProps={{ htmlInput: { "aria-label": "Status filter" } }}
          >
            <MenuItem value="">All</MenuItem>
            {RETURN_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {s}
              </MenuItem>
            ))}
          </TextField>
        }
        exportCsv={() => downloadListCsv(returnsApi.exportCsv, fullQuery, "returns")}
        emptyText={state.searchString || status ? "No returns match" : "No returns yet"}
      />
    </>
  );
}
