import { USER_TYPES } from "@hub/contracts/access/user-types";
import { usersApi } from "@hub/contracts/users/api";
import type { TUserListItem } from "@hub/contracts/users/users";
import Add from "@mui/icons-material/Add";
import { Alert, Button, Chip, MenuItem, Stack, TextField } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { lazy, Suspense, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { ActiveChip } from "../../components/data-table/active-chip";
import { ListTable } from "../../components/list-page";
import { PageHeader } from "../../components/page-header";
import { useListFilters, useListState } from "../../lib/list-state";
import { downloadListCsv } from "../../lib/transfer";
import { useUsersList } from "./api";

const CreateAccountDialog = lazy(() => import("./create-account-dialog"));

const typeLabel = (name: string) => USER_TYPES.find((t) => t.name === name)?.label ?? name;

const columns: GridColDef<TUserListItem>[] = [
  { field: "userName", headerName: "Username", flex: 1, minWidth: 140 },
  { field: "firstName", headerName: "First name", flex: 1, minWidth: 120, sortable: false },
  { field: "lastName", headerName: "Last name", flex: 1, minWidth: 120 },
  { field: "email", headerName: "Email", flex: 1.5, minWidth: 200 },
  { field: "userType", headerName: "Type", minWidth: 130, valueFormatter: (value: string) => typeLabel(value) },
  {
    field: "clientName",
    headerName: "Client",
    flex: 1,
    minWidth: 140,
    sortable: false,
    valueFormatter: (value: string | null) => value ?? "—",
  },
  {
    field: "roles",
    headerName: "Roles",
    minWidth: 140,
    sortable: false,
    renderCell: ({ row }) => (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: "center", height: "100%" }}>
        {row.roles.map((r) => (
          <Chip key={r} label={r} size="small" color={r === "superadmin" ? "primary" : "default"} />
        ))}
      </Stack>
    ),
  },
  {
    field: "available",
    headerName: "Status",
    minWidth: 130,
    sortable: false,
    renderCell: ({ row }) => (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: "center", height: "100%" }}>
        <ActiveChip active={row.available} />
        {row.testUser ? <Chip label="Test" size="small" variant="outlined" /> : null}
      </Stack>
    ),
  },
  {
    field: "createdAt",
    headerName: "Created",
    minWidth: 120,
    valueFormatter: (value: string) => new Date(value).toLocaleDateString(),
  },
];

/** Users (internal admins): every user, searchable and sortable; a row opens the user. */
export default function UsersListPage() {
  const navigate = useNavigate();
  const { state, update, query } = useListState({ sort: "userName,asc" });
  const params = useListFilters();
  const typeParam = params.get("type");
  const type = USER_TYPES.find((t) => t.name === typeParam)?.name;
  const list = useUsersList({ ...query, type });
  const setType = (value: string) => params.set("type", value);
  const [creating, setCreating] = useState(false);

  // Load the edit screen ahead of the first row click, so the list is not left half-navigated.
  useEffect(() => {
    void import("./user-edit-page");
  }, []);

  return (
    <>
      <PageHeader
        title="Users"
        subtitle="Everyone with a Hub account. Open a user to change their type, organisation, roles and access."
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
            New account
          </Button>
        }
      />
      {list.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {list.error.message}
        </Alert>
      ) : null}
      <ListTable<TUserListItem>
        label="Users"
        columns={columns}
        list={list}
        listState={{ state, update }}
        getRowId={(row) => row.userId}
        rowTo={(row) => `/users/edit/${row.userId}`}
        searchPlaceholder="Search name, username or email"
        exportCsv={() => downloadListCsv(usersApi.exportCsv, { ...query, type }, "users")}
        actions={
          <TextField
            select
            size="small"
            label="Type"
            value={type ?? ""}
            fullWidth={false}
            onChange={(e) => setType(e.target.value)}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">All types</MenuItem>
            {USER_TYPES.map((t) => (
              <MenuItem key={t.name} value={t.name}>
                {t.label}
              </MenuItem>
            ))}
          </TextField>
        }
        emptyText={state.searchString ? "No users match the search" : "No users yet"}
      />
      {creating ? (
        <Suspense fallback={null}>
          <CreateAccountDialog
            onClose={() => setCreating(false)}
            onCreated={(userId) => {
              setCreating(false);
              navigate(`/users/edit/${userId}`);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
