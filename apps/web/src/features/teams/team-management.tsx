import { zodResolver } from "@hookform/resolvers/zod";
import {
  TEAM_MESSAGES,
  TEAM_ROLES,
  type TMyTeam,
  type TTeamInviteRequest,
  type TTeamInviteRequestInput,
  type TTeamMember,
  type TTeamRole,
  type TTeamSummary,
  ZTeamInviteRequestSchema,
} from "@hub/contracts/teams/teams";
import Add from "@mui/icons-material/Add";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "react-toastify";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { FormDialog } from "../../components/form-dialog";
import { ListTable } from "../../components/list-page";
import { PageHeader } from "../../components/page-header";
import { messageOf } from "../../lib/api-error";
import { useAuth } from "../../lib/auth/auth-context";
import { useSubmitErrors } from "../../lib/form-errors";
import { useListState } from "../../lib/list-state";
import {
  setCurrentTeam,
  useAllTeams,
  useAnswerInvitation,
  useCreateTeam,
  useInvite,
  useMyTeams,
  useRemoveMember,
  useSecondApprover,
  useSetRole,
  useTeamMembers,
} from "./api";

const statusOf = (m: { pending: boolean; invitationStatus: string | null }) =>
  m.pending || m.invitationStatus === "PENDING" ? "Invited" : "Active";

/** Invitations waiting for the signed-in user's answer (spec 4: the team shows once accepted). */
function Invitations({ teams }: { teams: TMyTeam[] }) {
  const answer = useAnswerInvitation();
  const open = teams.filter((t) => t.invitationStatus === "PENDING");
  if (open.length === 0) return null;
  const reply = async (team: TMyTeam, status: "ACCEPTED" | "DECLINED") => {
    try {
      await answer.mutateAsync({ id: team.membershipId, status });
      toast.success(status === "ACCEPTED" ? TEAM_MESSAGES.accepted : TEAM_MESSAGES.declined);
      // The header's switcher reads the session: load it again so an accepted team shows.
      if (status === "ACCEPTED") window.location.reload();
    } catch (e) {
      toast.error(messageOf(e));
    }
  };
  return (
    <Card sx={{ mb: 3 }} data-testid="invitations">
      <CardHeader
        title="Invitations"
        subheader="Teams that invited you. A team shows in your switcher once you accept."
      />
      <CardContent>
        <Stack spacing={1}>
          {open.map((t) => (
            <Stack key={t.id} direction="row" spacing={1} sx={{ alignItems: "center" }}>
              <Typography sx={{ flexGrow: 1 }}>
                {t.displayName}
                {t.clientName ? ` (${t.clientName})` : ""} as {t.roleName}
              </Typography>
              <Button variant="contained" disabled={answer.isPending} onClick={() => void reply(t, "ACCEPTED")}>
                Accept
              </Button>
              <Button disabled={answer.isPending} onClick={() => void reply(t, "DECLINED")}>
                Decline
              </Button>
            </Stack>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** A team admin's invitation form: an email and a role. */
function InviteForm({ teamId }: { teamId: number }) {
  const invite = useInvite();
  const { control, handleSubmit, setError, reset, formState } = useForm<
    TTeamInviteRequestInput,
    unknown,
    TTeamInviteRequest
  >({
    resolver: zodResolver(ZTeamInviteRequestSchema),
    defaultValues: { teamId, email: "", roleName: "MEMBER" },
  });
  const { formError, submit } = useSubmitErrors(setError, ["email", "roleName"]);
  const onSubmit = submit(async (values: TTeamInviteRequest) => {
    await invite.mutateAsync({ ...values, teamId });
    toast.success(TEAM_MESSAGES.invited(values.email));
    reset({ teamId, email: "", roleName: values.roleName });
  });
  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Invite a member">
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "flex-start" } }}>
        <Controller
          control={control}
          name="email"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              size="small"
              label="Email"
              type="email"
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              sx={{ flexGrow: 1 }}
            />
          )}
        />
        <Controller
          control={control}
          name="roleName"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              select
              size="small"
              label="Role"
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              sx={{ width: 140 }}
            >
              {TEAM_ROLES.map((r) => (
                <MenuItem key={r} value={r}>
                  {r}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          Invite
        </Button>
      </Stack>
      {formError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {formError}
        </Alert>
      ) : null}
    </Box>
  );
}

/** A team's members and open invitations; admins change roles and remove members (with confirmation). */
function Members({ teamId, teamName, isAdmin }: { teamId: number; teamName: string; isAdmin: boolean }) {
  const members = useTeamMembers(teamId);
  const setRole = useSetRole();
  const remove = useRemoveMember();
  const [removing, setRemoving] = useState<TTeamMember | null>(null);
  const changeRole = async (m: TTeamMember, roleName: TTeamRole) => {
    try {
      await setRole.mutateAsync({ id: m.id, roleName });
      toast.success(TEAM_MESSAGES.roleSaved);
    } catch (e) {
      toast.error(messageOf(e));
    }
  };
  return (
    <Card sx={{ mb: 3 }}>
      <CardHeader title={`Members of ${teamName}`} subheader={isAdmin ? "You are an admin of this team." : undefined} />
      <CardContent>
        {isAdmin ? (
          <Box sx={{ mb: 2 }}>
            <InviteForm key={teamId} teamId={teamId} />
          </Box>
        ) : null}
        {members.error ? <Alert severity="error">{messageOf(members.error)}</Alert> : null}
        <Table size="small" aria-label={`Members of ${teamName}`}>
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Email</TableCell>
              <TableCell>Role</TableCell>
              <TableCell>Status</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(members.data ?? []).map((m) => (
              <TableRow key={m.id} data-testid={`member-${m.userName}`}>
                <TableCell>
                  {m.firstName} {m.lastName} ({m.userName})
                </TableCell>
                <TableCell>{m.email}</TableCell>
                <TableCell>
                  {isAdmin ? (
                    <TextField
                      select
                      size="small"
                      value={m.roleName}
                      disabled={setRole.isPending}
                      onChange={(e) => void changeRole(m, e.target.value as TTeamRole)}
                      slotProps={{ htmlInput: { "aria-label": `Role of ${m.userName}` } }}
                    >
                      {TEAM_ROLES.map((r) => (
                        <MenuItem key={r} value={r}>
                          {r}
                        </MenuItem>
                      ))}
                    </TextField>
                  ) : (
                    m.roleName
                  )}
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={statusOf(m)}
                    color={statusOf(m) === "Active" ? "success" : "warning"}
                    variant="outlined"
                  />
                </TableCell>
                <TableCell align="right">
                  {isAdmin ? (
                    <Button color="error" size="small" onClick={() => setRemoving(m)}>
                      {statusOf(m) === "Invited" ? "Withdraw" : "Remove"}
                    </Button>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
            {members.data?.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5}>No members yet.</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        title="Remove member"
        message={removing ? TEAM_MESSAGES.removeConfirm(`${removing.firstName} ${removing.lastName}`, teamName) : ""}
        confirmLabel="Remove"
        danger
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          await remove.mutateAsync(removing.id);
          toast.success(TEAM_MESSAGES.removed);
          setRemoving(null);
        }}
      />
    </Card>
  );
}

/** A new team of the user's client; the creator is its admin. */
function NewTeam({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateTeam();
  const [name, setName] = useState("");
  const [type, setType] = useState<"DESIGN_TEAM" | "BRAND">("DESIGN_TEAM");
  const [error, setError] = useState<string | null>(null);
  return (
    <FormDialog
      open={open}
      title="New team"
      submitLabel="Create team"
      submitting={create.isPending}
      error={error}
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        create
          .mutateAsync({ displayName: name, typeName: type })
          .then((team) => {
            toast.success(`${team.displayName} was created.`);
            setName("");
            onClose();
          })
          .catch((err: unknown) => setError(messageOf(err)));
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField label="Team name" value={name} onChange={(e) => setName(e.target.value)} autoFocus />
        <TextField select label="Type" value={type} onChange={(e) => setType(e.target.value as typeof type)}>
          <MenuItem value="DESIGN_TEAM">Design team (members are data admins)</MenuItem>
          <MenuItem value="BRAND">Brand</MenuItem>
        </TextField>
      </Stack>
    </FormDialog>
  );
}

const TEAM_COLUMNS: GridColDef<TTeamSummary>[] = [
  { field: "displayName", headerName: "Team", flex: 1, minWidth: 180 },
  { field: "clientName", headerName: "Client", width: 180, valueFormatter: (v) => v ?? "—" },
  { field: "typeName", headerName: "Type", width: 140 },
  { field: "memberCount", headerName: "Members", width: 100, type: "number", sortable: false },
  { field: "admins", headerName: "Admins", flex: 1, minWidth: 160, sortable: false },
];

/** Internal admins: every team (spec 7's impersonate list); a row opens its members. */
function AllTeams({ onOpen }: { onOpen: (t: TTeamSummary) => void }) {
  const { state, update, query } = useListState({ sort: "displayName,asc", size: 10 });
  const list = useAllTeams(query, true);
  return (
    <Card sx={{ mb: 3 }}>
      <CardHeader title="All teams" subheader="As an internal admin you can open any team." />
      {list.error ? <Alert severity="error">{messageOf(list.error)}</Alert> : null}
      <ListTable<TTeamSummary>
        label="All teams"
        columns={TEAM_COLUMNS}
        list={list}
        listState={{ state, update }}
        getRowId={(r) => r.id}
        onRowClick={onOpen}
        searchPlaceholder="Search team or client…"
        emptyText="No teams yet"
      />
    </Card>
  );
}

/** /productDev/teamManagement: invitations, the teams I am in, members and roles. */
export default function TeamManagementPage() {
  const { user, productDevData } = useAuth();
  const mine = useMyTeams();
  const internal = user?.userType === "icreate";
  const active = (mine.data ?? []).filter((t) => !t.pending && t.invitationStatus !== "PENDING");
  const [chosen, setChosen] = useState<{ id: number; name: string; admin: boolean } | null>(null);
  const [creating, setCreating] = useState(false);
  const secondApprover = useSecondApprover();
  const current = productDevData?.currentTeam ?? null;
  const fallback = active.find((t) => t.id === current?.id) ?? active[0];
  const shown =
    chosen ?? (fallback ? { id: fallback.id, name: fallback.displayName, admin: fallback.roleName === "ADMIN" } : null);

  return (
    <>
      <PageHeader
        title="Team Management"
        subtitle="Invite people to your design teams, set their roles and choose the team you work in."
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
            New team
          </Button>
        }
      />
      {mine.error ? <Alert severity="error">{messageOf(mine.error)}</Alert> : null}
      <Invitations teams={mine.data ?? []} />
      <Card sx={{ mb: 3 }}>
        <CardHeader title="Your teams" />
        <CardContent>
          {active.length === 0 && !mine.isLoading ? <Typography>{TEAM_MESSAGES.noTeams}</Typography> : null}
          <Stack spacing={1}>
            {active.map((t) => (
              <Stack key={t.id} direction="row" spacing={1} sx={{ alignItems: "center" }}>
                <Typography sx={{ flexGrow: 1 }}>
                  {t.displayName}
                  {t.clientName ? ` · ${t.clientName}` : ""} · {t.typeName} · {t.roleName} · {t.memberCount} members
                </Typography>
                {t.roleName === "ADMIN" ? (
                  <FormControlLabel
                    label="Approval by a second person"
                    control={
                      <Switch
                        size="small"
                        checked={t.approvalBySecondPerson}
                        disabled={secondApprover.isPending}
                        onChange={(e) =>
                          void secondApprover
                            .mutateAsync({ id: t.id, displayName: t.displayName, on: e.target.checked })
                            .then(() => toast.success("The team's approval rule was saved."))
                            .catch((error: unknown) => toast.error(messageOf(error)))
                        }
                      />
                    }
                  />
                ) : t.approvalBySecondPerson ? (
                  <Chip size="small" label="Approval by a second person" />
                ) : null}
                {t.id === current?.id ? <Chip size="small" color="primary" label="Current" /> : null}
                <Button
                  size="small"
                  onClick={() => setChosen({ id: t.id, name: t.displayName, admin: t.roleName === "ADMIN" })}
                >
                  Members
                </Button>
                {t.id !== current?.id ? (
                  <Button
                    size="small"
                    onClick={() =>
                      void setCurrentTeam(t.id)
                        .then(() => window.location.reload())
                        .catch((e: unknown) => toast.error(messageOf(e)))
                    }
                  >
                    Work in this team
                  </Button>
                ) : null}
              </Stack>
            ))}
          </Stack>
        </CardContent>
      </Card>
      {internal ? <AllTeams onOpen={(t) => setChosen({ id: t.id, name: t.displayName, admin: true })} /> : null}
      {shown ? (
        <Members key={shown.id} teamId={shown.id} teamName={shown.name} isAdmin={shown.admin || internal} />
      ) : null}
      <NewTeam open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
