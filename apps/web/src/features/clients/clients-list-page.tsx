import { clientsApi } from "@hub/contracts/clients/api";
import { CLIENT_DEFAULT_SORT, type TClientListItem } from "@hub/contracts/clients/clients";
import { Link } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { Link as RouterLink } from "react-router";
import { activeColumn } from "../../components/data-table/active-chip";
import { ListPage } from "../../components/list-page";
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
  activeColumn<TClientListItem>(),
  {
    field: "createdAt",
    headerName: "Created",
    width: 130,
    valueFormatter: (v: string) => new Date(v).toLocaleDateString(),
  },
];

/** /clients: every client (internal admins), searched, sorted and paged with the state in the URL. */
export default function ClientsListPage() {
  const { state, update, query } = useListState({ sort: CLIENT_DEFAULT_SORT });
  const list = useClientList(query);
  return (
    <ListPage<TClientListItem>
      title="Clients"
      subtitle="Brands on the Hub: their site, plan and the facility that serves them."
      create={{ to: "/clients/new", label: "New client" }}
      list={list}
      listState={{ state, update }}
      label="Clients"
      columns={columns}
      getRowId={(row) => row.clientId}
      rowTo={(row) => `/clients/edit/${row.clientId}`}
      searchPlaceholder="Search client or site name…"
      exportCsv={() => downloadListCsv(clientsApi.exportCsv, query, "clients")}
      emptyText={state.searchString ? "No clients match this search" : "No clients yet"}
    />
  );
}
