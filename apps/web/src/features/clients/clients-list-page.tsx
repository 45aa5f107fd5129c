import { CLIENT_DEFAULT_SORT, type TClientListItem } from "@hub/contracts/clients/clients";
import Add from "@mui/icons-material/Add";
import { Alert, Button, Chip, Link } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { Link as RouterLink, useNavigate } from "react-router";
import { DataTable } from "../../components/data-table/data-table";
import { PageHeader } from "../../components/page-header";
import { messageOf } from "../../lib/api-error";
import { useListState } from "../../lib/list-state";
import { downloadListCsv } from "../../lib/transfer";
import { useClientList } from "./api";

const columns: GridColDef<TClientListItem>[] = [
  {
    field: "clientName",
    headerName: "Client name",
    flex: 1.4,
    minWidth: 180,
    // A real link too, so keyboard and screen-reader users reach the edit page.
    renderCell: ({ row }) => (
      <Link
        component={RouterLink}
        to={`/clients/edit/${row.clientId}`}
        underline="hover"
        color="inherit"
        onClick={(e) => e.stopPropagation()}
      >
        {row.clientName}
      </Link>
    ),
  },
  { field: "siteName", headerName: "Site name", flex: 1, minWidth: 140 },
  {
    field: "subscriptionName",
    headerName: "Subscription",
    flex: 1,
    minWidth: 130,
    sortable: false,
    valueFormatter: (v: string | null) => v ?? "—",
  },
  {
    field: "factoryName",
    headerName: "Facility",
    flex: 1.2,
    minWidth: 160,
    sortable: false,
    valueFormatter: (v: string | null) => v ?? "—",
  },
  {
    field: "active",
    headerName: "Active",
    width: 110,
    renderCell: ({ value }) => (
      <Chip
        size="small"
        label={value ? "Active" : "Inactive"}
        color={value ? "success" : "default"}
        variant="outlined"
      />
    ),
  },
  {
    field: "createdAt",
    headerName: "Created",
    width: 130,
    valueFormatter: (v: string) => new Date(v).toLocaleDateString(),
  },
];

/** /clients: every client (internal admins), searched, sorted and paged with the state in the URL. */
export default function ClientsListPage() {
  const navigate = useNavigate();
  const { state, update, query } = useListState({ sort: CLIENT_DEFAULT_SORT });
  const list = useClientList(query);
  return (
    <>
      <PageHeader
        title="Clients"
        subtitle="Brands on the Hub: their site, plan and the facility that serves them."
        actions={
          <Button component={RouterLink} to="/clients/new" variant="contained" startIcon={<Add />}>
            New client
          </Button>
        }
      />
      {list.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {messageOf(list.error)}
        </Alert>
      ) : null}
      <DataTable<TClientListItem>
        label="Clients"
        columns={columns}
        rows={list.data?.items ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        getRowId={(row) => row.clientId}
        state={state}
        onStateChange={update}
        onRowClick={(row) => navigate(`/clients/edit/${row.clientId}`)}
        searchPlaceholder="Search client or site name…"
        exportCsv={() => downloadListCsv("/clients/export.csv", query, "clients")}
        emptyText={state.searchString ? "No clients match this search" : "No clients yet"}
      />
    </>
  );
}
