import { zodResolver } from "@hookform/resolvers/zod";
import {
  type TClientUser,
  type TInvitation,
  type TInvitationCreate,
  ZInvitationCreateSchema,
} from "@hub/contracts/client-account/client-account";
import PersonAdd from "@mui/icons-material/PersonAdd";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "react-toastify";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { FormDialog } from "../../components/form-dialog";
import { ListTable } from "../../components/list-page";
import { PageHeader } from "../../components/page-header";
import { TextInput } from "../../components/text-input";
import { messageOf } from "../../lib/api-error";
import { useAuth } from "../../lib/auth/auth-context";
import { applyServerErrors } from "../../lib/form-errors";
import { useListState } from "../../lib/list-state";

import {
  useClientUsers,
  useInvite,
  useResendInvitation,
  useRevokeInvitation,
  useUpdateClientUser,
  useYourAccount,
} from "./api";

const errorMessage = (e: unknown) => messageOf(e);

function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const invite = useInvite();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<TInvitationCreate>({
    resolver: zodResolver(ZInvitationCreateSchema),
    defaultValues: { email: "", firstName: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };
  const submit = async (values: TInvitationCreate) => {
    setError(null);
    try {
      await invite.mutateAsync(values);
      toast.success(`Invitation sent to ${values.email}.`);
      close();
    } catch (e) {
      setError(applyServerErrors(e, form.setError, ["email", "firstName"]));
    }
  };
  return (
    <FormDialog
      open={open}
      title="Invite user"
      onSubmit={form.handleSubmit(submit)}
      onClose={close}
      submitLabel="Send invitation"
      submitting={isSubmitting}
      error={error}
      maxWidth="xs"
    >
      <Typography variant="body2" sx={{ color: "text.secondary" }}>
        They get an email with a link to register; registering with this email address joins your client.
      </Typography>
      <TextInput
        label="Email"
        type="email"
        autoFocus
        error={Boolean(errors.email)}
        helperText={errors.email?.message}
        {...form.register("email")}
      />
      <TextInput
        label="First name"
        error={Boolean(errors.firstName)}
        helperText={errors.firstName?.message}
        {...form.register("firstName")}
      />
    </FormDialog>
  );
}

type Pending = { kind: "deactivate"; user: TClientUser } | { kind: "revoke"; invitation: TInvitation } | null;

/** /yourClientUsers: the client's users (active and test-user switches) and its open invitations. */
export default function YourClientUsersPage() {
  const { user: me } = useAuth();
  const account = useYourAccount();
  const { state, update, query } = useListState({ sort: "userName,asc" });
  const users = useClientUsers(query);
  const updateUser = useUpdateClientUser();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [inviting, setInviting] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const canManage = account.data?.canManage ?? false;

  const change = async (user: TClientUser, patch: { available?: boolean; testUser?: boolean }) => {
    try {
      await updateUser.mutateAsync({ userId: user.userId, patch });
      toast.success(`${user.firstName} ${user.lastName} updated.`);
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };

  const columns: GridColDef<TClientUser>[] = [
    {
      field: "firstName",
      headerName: "Name",
      flex: 1,
      minWidth: 160,
      valueGetter: (_v, row) => `${row.firstName} ${row.lastName}`,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", height: "100%" }}>
          <span>{`${row.firstName} ${row.lastName}`}</span>
          {row.isClientAdmin ? <Chip size="small" label="Admin" color="primary" variant="outlined" /> : null}
        </Stack>
      ),
    },
    { field: "userName", headerName: "Username", flex: 1, minWidth: 130 },
    { field: "email", headerName: "Email", flex: 1.4, minWidth: 200 },
    {
      field: "available",
      headerName: "Active",
      width: 100,
      renderCell: ({ row }) => (
        <Switch
          checked={row.available}
          disabled={!canManage || row.userId === me?.userId}
          slotProps={{ input: { "aria-label": `Active: ${row.userName}` } }}
          onChange={(_e, checked) => {
            if (!checked) setPending({ kind: "deactivate", user: row });
            else void change(row, { available: true });
          }}
        />
      ),
    },
    {
      field: "testUser",
      headerName: "Test user",
      width: 110,
      renderCell: ({ row }) => (
        <Switch
          checked={row.testUser}
          disabled={!canManage}
          slotProps={{ input: { "aria-label": `Test user: ${row.userName}` } }}
          onChange={(_e, checked) => void change(row, { testUser: checked })}
        />
      ),
    },
  ];

  const invitations = users.data?.invitations ?? [];
  const plan = account.data?.plan;

  return (
    <Box>
      <PageHeader
        title="Your Client Users"
        subtitle={
          account.data?.client
            ? `${account.data.client.name}${plan ? ` · ${account.data.activeUsers} of ${plan.nbrOfUsers} users active on the ${plan.name} plan` : ""}`
            : undefined
        }
        actions={
          canManage ? (
            <Button variant="contained" startIcon={<PersonAdd />} onClick={() => setInviting(true)}>
              Invite user
            </Button>
          ) : null
        }
      />
      {users.isError ? (
        <Alert severity="error" sx={{ mb: 3 }}>
          {users.error.message}
        </Alert>
      ) : null}
      {account.data && !account.data.canManage && account.data.client ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          Only your client admin can change users and send invitations.
        </Alert>
      ) : null}
      <ListTable<TClientUser>
        label="Client users"
        columns={columns}
        list={users}
        listState={{ state, update }}
        getRowId={(r) => r.userId}
        searchPlaceholder="Search users…"
        emptyText="No users found"
      />

      <Card sx={{ mt: 3 }} component="section" aria-label="Pending invitations">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Pending invitations
          </Typography>
          {invitations.length === 0 ? (
            <Typography sx={{ color: "text.secondary" }}>No open invitations.</Typography>
          ) : (
            <Table size="small" aria-label="Pending invitations">
              <TableHead>
                <TableRow>
                  <TableCell>Email</TableCell>
                  <TableCell>First name</TableCell>
                  <TableCell>Invited</TableCell>
                  {canManage ? <TableCell align="right">Actions</TableCell> : null}
                </TableRow>
              </TableHead>
              <TableBody>
                {invitations.map((inv) => (
                  <TableRow key={inv.id}>
                    <TableCell>{inv.email}</TableCell>
                    <TableCell>{inv.firstName ?? ""}</TableCell>
                    <TableCell>{new Date(inv.createdAt).toLocaleDateString()}</TableCell>
                    {canManage ? (
                      <TableCell align="right">
                        <Button
                          size="small"
                          aria-label={`Resend invitation to ${inv.email}`}
                          onClick={async () => {
                            try {
                              await resend.mutateAsync(inv.id);
                              toast.success(`Invitation sent again to ${inv.email}.`);
                            } catch (e) {
                              toast.error(errorMessage(e));
                            }
                          }}
                        >
                          Resend
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          aria-label={`Revoke invitation to ${inv.email}`}
                          onClick={() => setPending({ kind: "revoke", invitation: inv })}
                        >
                          Revoke
                        </Button>
                      </TableCell>
                    ) : null}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>

      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      <ConfirmDialog
        open={pending?.kind === "deactivate"}
        title="Deactivate user?"
        message={
          pending?.kind === "deactivate"
            ? `${pending.user.firstName} ${pending.user.lastName} (${pending.user.userName}) will no longer be able to sign in. You can turn them on again later.`
            : ""
        }
        confirmLabel="Deactivate"
        danger
        onConfirm={async () => {
          if (pending?.kind !== "deactivate") return;
          await updateUser.mutateAsync({ userId: pending.user.userId, patch: { available: false } });
          toast.success(`${pending.user.firstName} ${pending.user.lastName} deactivated.`);
        }}
        onClose={() => setPending(null)}
      />
      <ConfirmDialog
        open={pending?.kind === "revoke"}
        title="Revoke invitation?"
        message={
          pending?.kind === "revoke"
            ? `The invitation to ${pending.invitation.email} will no longer let them join your client.`
            : ""
        }
        confirmLabel="Revoke"
        danger
        onConfirm={async () => {
          if (pending?.kind !== "revoke") return;
          await revoke.mutateAsync(pending.invitation.id);
          toast.success(`Invitation to ${pending.invitation.email} revoked.`);
        }}
        onClose={() => setPending(null)}
      />
    </Box>
  );
}
