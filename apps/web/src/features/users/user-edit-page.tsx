import { zodResolver } from "@hookform/resolvers/zod";
import {
  type TUserDetail,
  type TUserFormOptions,
  type TUserUpdateRequest,
  toUserUpdateRequest,
  ZUserUpdateRequestSchema,
} from "@hub/contracts/users/users";
import ArrowBack from "@mui/icons-material/ArrowBack";
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  Grid,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from "@mui/material";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link as RouterLink, useParams } from "react-router";
import { toast } from "react-toastify";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { PageHeader } from "../../components/page-header";
import { ApiError } from "../../lib/api-error";
import { useAuth } from "../../lib/auth/auth-context";
import { applyServerErrors } from "../../lib/form-errors";
import { useUpdateUser, useUser, useUserFormOptions } from "./api";
import { AccessChecklist, IdSelect, Section, type TForm, type TFormInput } from "./user-edit-fields";

const FIELDS = [
  "userType",
  "roles",
  "clientId",
  "defaultSite",
  "allowedSites",
  "userFactoryId",
  "manufacturingFactoryId",
  "available",
  "testUser",
  "isClientAdmin",
  "cardGrants",
] as const;

function EditForm({ user, options }: { user: TUserDetail; options: TUserFormOptions }) {
  const { user: me } = useAuth();
  const update = useUpdateUser(user.userId);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<TUserUpdateRequest | null>(null);
  const form: TForm = useForm<TFormInput, unknown, TUserUpdateRequest>({
    resolver: zodResolver(ZUserUpdateRequestSchema),
    defaultValues: toUserUpdateRequest(user),
  });
  useEffect(() => form.reset(toUserUpdateRequest(user)), [user, form]);
  const self = me?.userId === user.userId;
  const { errors, isSubmitting, isDirty } = form.formState;
  const roles = form.watch("roles");

  const save = async (values: TUserUpdateRequest) => {
    setError(null);
    try {
      const saved = await update.mutateAsync(values);
      form.reset(toUserUpdateRequest(saved));
      toast.success(`${saved.userName} saved`);
    } catch (e) {
      setError(applyServerErrors(e, form.setError, FIELDS));
      throw e;
    }
  };
  const onSubmit = async (values: TUserUpdateRequest) => {
    // Deactivating (the person is signed out of every call at once) and taking roles away are
    // destructive: ask first.
    if ((user.available && !values.available) || user.roles.some((r) => !values.roles.includes(r))) {
      setConfirming(values);
      return;
    }
    await save(values).catch(() => undefined);
  };
  const deactivating = confirming !== null && user.available && !confirming.available;
  const removedRoles = confirming ? user.roles.filter((r) => !confirming.roles.includes(r)) : [];

  const siteOptions = options.clients.map((c) => c.siteName);

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <Stack spacing={3}>
        <Section title="Profile & type">
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Stack spacing={0.5}>
                <Typography>
                  <strong>{`${user.firstName} ${user.lastName}`}</strong>
                </Typography>
                <Typography variant="body2" sx={{ color: "text.secondary" }}>
                  {`Username ${user.userName} · ${user.email}`}
                </Typography>
                <Typography variant="body2" sx={{ color: "text.secondary" }}>
                  {`Created ${new Date(user.createdAt).toLocaleString()}`}
                </Typography>
              </Stack>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Controller
                control={form.control}
                name="userType"
                render={({ field }) => (
                  <TextField
                    select
                    fullWidth
                    label="User type"
                    value={field.value}
                    onChange={(e) => field.onChange(e.target.value)}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    disabled={self}
                    error={Boolean(errors.userType)}
                    helperText={errors.userType?.message ?? (self ? "You cannot change your own type" : undefined)}
                  >
                    {options.userTypes.map((t) => (
                      <MenuItem key={t.name} value={t.name}>
                        {t.label}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
          </Grid>
        </Section>

        <Section title="Organisation">
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <IdSelect
                form={form}
                name="clientId"
                label="Client"
                options={options.clients.map((c) => ({ id: c.clientId, label: c.clientName }))}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Controller
                control={form.control}
                name="defaultSite"
                render={({ field, fieldState }) => (
                  <TextField
                    fullWidth
                    label="Default site"
                    value={field.value ?? ""}
                    onChange={(e) => field.onChange(e.target.value.trim() === "" ? null : e.target.value)}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                  />
                )}
              />
            </Grid>
            <Grid size={12}>
              <Controller
                control={form.control}
                name="allowedSites"
                render={({ field, fieldState }) => (
                  <Autocomplete
                    multiple
                    freeSolo
                    options={siteOptions}
                    value={field.value}
                    onChange={(_e, value) => field.onChange(value.map((v) => v.trim()).filter(Boolean))}
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        label="Allowed sites"
                        error={Boolean(fieldState.error)}
                        helperText={fieldState.error?.message ?? "Type a site name and press Enter"}
                      />
                    )}
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <IdSelect
                form={form}
                name="userFactoryId"
                label="Factory"
                options={options.factories.map((f) => ({ id: f.factoryId, label: f.name }))}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <IdSelect
                form={form}
                name="manufacturingFactoryId"
                label="Manufacturing factory"
                options={options.factories.map((f) => ({ id: f.factoryId, label: f.name }))}
              />
            </Grid>
            <Grid size={12}>
              <Controller
                control={form.control}
                name="isClientAdmin"
                render={({ field }) => (
                  <FormControlLabel
                    control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                    label="Client admin"
                  />
                )}
              />
              {errors.isClientAdmin ? <FormHelperText error>{errors.isClientAdmin.message}</FormHelperText> : null}
            </Grid>
          </Grid>
        </Section>

        <Section title="Roles">
          <FormGroup row>
            {options.roles.map((r) => {
              const locked =
                r.roleName === "superadmin" && (!me?.isSuperadmin || (self && roles.includes("superadmin")));
              return (
                <FormControlLabel
                  key={r.id}
                  label={r.roleName}
                  control={
                    <Checkbox
                      checked={roles.includes(r.roleName)}
                      disabled={locked}
                      onChange={(e) => {
                        const next = e.target.checked ? [...roles, r.roleName] : roles.filter((x) => x !== r.roleName);
                        form.setValue("roles", next.sort(), { shouldDirty: true, shouldValidate: true });
                      }}
                    />
                  }
                />
              );
            })}
          </FormGroup>
          {errors.roles ? <FormHelperText error>{errors.roles.message}</FormHelperText> : null}
          {!me?.isSuperadmin ? (
            <FormHelperText>Only a superadmin grants or removes the superadmin role.</FormHelperText>
          ) : null}
        </Section>

        <Section title="Access" subheader="Which screens the user sees">
          <AccessChecklist form={form} user={user} options={options} />
        </Section>

        <Section title="Flags">
          <Stack>
            <Controller
              control={form.control}
              name="available"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Switch checked={field.value} disabled={self} onChange={(e) => field.onChange(e.target.checked)} />
                  }
                  label="Available (can sign in and use the Hub)"
                />
              )}
            />
            {errors.available ? <FormHelperText error>{errors.available.message}</FormHelperText> : null}
            <Controller
              control={form.control}
              name="testUser"
              render={({ field }) => (
                <FormControlLabel
                  control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                  label="Test user (not counted as an active user)"
                />
              )}
            />
          </Stack>
        </Section>

        {error ? <Alert severity="error">{error}</Alert> : null}
        <Stack
          direction="row"
          spacing={1}
          sx={{
            justifyContent: "flex-end",
            position: "sticky",
            bottom: 0,
            py: 1.5,
            bgcolor: "background.default",
            borderTop: 1,
            borderColor: "divider",
            zIndex: 1,
          }}
        >
          {isDirty ? (
            <Typography variant="body2" sx={{ color: "text.secondary", alignSelf: "center", mr: "auto" }}>
              Unsaved changes
            </Typography>
          ) : null}
          <Button disabled={!isDirty || isSubmitting} onClick={() => form.reset(toUserUpdateRequest(user))}>
            Discard changes
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting} disabled={!isDirty}>
            Save
          </Button>
        </Stack>
      </Stack>
      <ConfirmDialog
        open={confirming !== null}
        title={deactivating ? `Deactivate ${user.userName}?` : `Remove roles from ${user.userName}?`}
        message={
          <Stack spacing={1}>
            {deactivating ? (
              <span>{`${user.firstName} ${user.lastName} will be signed out of the Hub at once and cannot sign in until an admin makes the account available again.`}</span>
            ) : null}
            {removedRoles.length > 0 ? (
              <span>{`${removedRoles.length === 1 ? "This role is" : "These roles are"} taken away: ${removedRoles.join(", ")}. The screens they gave go with them.`}</span>
            ) : null}
          </Stack>
        }
        confirmLabel={deactivating ? "Deactivate" : "Remove roles"}
        danger
        onConfirm={async () => {
          if (confirming) await save(confirming);
        }}
        onClose={() => setConfirming(null)}
      />
    </Box>
  );
}

/** Edit one user (internal admins): type, organisation, roles, card access and flags. */
export default function UserEditPage() {
  const { id } = useParams();
  const userId = id && /^\d+$/.test(id) ? Number(id) : null;
  const user = useUser(userId);
  const options = useUserFormOptions();
  const notFound = userId === null || (user.error instanceof ApiError && user.error.status === 404);

  const back = (
    <Button component={RouterLink} to="/users" startIcon={<ArrowBack />}>
      All users
    </Button>
  );

  if (notFound) {
    return (
      <>
        <PageHeader title="User not found" actions={back} />
        <Alert severity="warning">There is no user with this id. It may have been removed.</Alert>
      </>
    );
  }
  if (user.isError || options.isError) {
    return (
      <>
        <PageHeader title="Edit user" actions={back} />
        <Alert severity="error">{(user.error ?? options.error)?.message ?? "Something went wrong"}</Alert>
      </>
    );
  }
  if (!user.data || !options.data) {
    return (
      <>
        <PageHeader title="Edit user" actions={back} />
        <Box sx={{ display: "flex", justifyContent: "center", py: 8 }}>
          <CircularProgress aria-label="Loading the user" />
        </Box>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={`Edit ${user.data.userName}`}
        subtitle={
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <span>{`${user.data.firstName} ${user.data.lastName}`}</span>
            {!user.data.available ? <Chip size="small" label="Inactive" /> : null}
            {user.data.testUser ? <Chip size="small" variant="outlined" label="Test user" /> : null}
          </Stack>
        }
        actions={back}
      />
      <EditForm user={user.data} options={options.data} />
    </>
  );
}
