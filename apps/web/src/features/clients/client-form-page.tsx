import { zodResolver } from "@hookform/resolvers/zod";
import {
  type TClientDetail,
  type TClientFormOptions,
  type TClientRequest,
  type TClientRequestInput,
  ZClientRequestSchema,
} from "@hub/contracts/clients/clients";
import {
  Alert,
  FormControl,
  FormControlLabel,
  FormHelperText,
  InputLabel,
  MenuItem,
  Select,
  Switch,
} from "@mui/material";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useNavigate, useParams } from "react-router";
import { toast } from "react-toastify";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { PageLoader } from "../../components/loading-screen";
import { PageHeader } from "../../components/page-header";
import { RecordFormPage } from "../../components/record-form-page";
import { RecordNotFound } from "../../components/record-not-found";
import { TextInput } from "../../components/text-input";
import { ApiError, messageOf } from "../../lib/api-error";
import { useSubmitErrors } from "../../lib/form-errors";
import { parseId } from "../../lib/ids";
import { useClient, useClientFormOptions, useDeleteClient, useSaveClient } from "./api";

const FIELDS = ["clientName", "siteName", "subscriptionId", "factoryId", "active"] as const;

const EMPTY: TClientRequestInput = {
  clientName: "",
  siteName: "",
  subscriptionId: null,
  factoryId: null,
  active: true,
};

const fromClient = (c: TClientDetail): TClientRequestInput => ({
  clientName: c.clientName,
  siteName: c.siteName,
  subscriptionId: c.subscriptionId,
  factoryId: c.factoryId,
  active: c.active,
});

/** The not-found state of an edit page whose client does not exist (or is not the caller's). */
const ClientNotFound = () => (
  <RecordNotFound
    title="Client not found"
    message="This client does not exist, or it was deleted."
    backTo="/clients"
    backLabel="Back to clients"
  />
);

type FormProps = { client: TClientDetail | null; options: TClientFormOptions };

function ClientForm({ client, options }: FormProps) {
  const navigate = useNavigate();
  const save = useSaveClient(client?.clientId ?? null);
  const remove = useDeleteClient();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TClientRequestInput, unknown, TClientRequest>({
    resolver: zodResolver(ZClientRequestSchema),
    defaultValues: client ? fromClient(client) : EMPTY,
  });

  const { formError, submit } = useSubmitErrors(setError, FIELDS);
  const onSubmit = submit(async (values: TClientRequest) => {
    const saved = await save.mutateAsync(values);
    toast.success(client ? `${saved.clientName} was saved.` : `${saved.clientName} was created.`);
    navigate("/clients");
  });

  return (
    <>
      <RecordFormPage
        title={client ? `Edit ${client.clientName}` : "New client"}
        subtitle={client ? `Site ${client.siteName}` : "A brand on the Hub and the facility that serves it."}
        formLabel={client ? "Edit client" : "New client"}
        onSubmit={handleSubmit(onSubmit)}
        onDelete={client ? () => setConfirmOpen(true) : undefined}
        formError={formError}
        errorTestId="client-form-error"
        saving={isSubmitting}
        submitLabel={client ? "Save changes" : "Create client"}
        cancelTo="/clients"
        maxWidth={640}
      >
        <TextInput
          label="Client name"
          autoFocus={!client}
          {...register("clientName")}
          error={Boolean(errors.clientName)}
          helperText={errors.clientName?.message}
        />
        <TextInput
          label="Site name"
          {...register("siteName")}
          error={Boolean(errors.siteName)}
          helperText={errors.siteName?.message ?? "Lowercase letters, digits and hyphens, 2 to 40 characters. Unique."}
        />
        <Controller
          control={control}
          name="subscriptionId"
          render={({ field, fieldState }) => (
            <FormControl fullWidth error={Boolean(fieldState.error)}>
              <InputLabel id="client-subscription-label">Subscription</InputLabel>
              <Select
                labelId="client-subscription-label"
                label="Subscription"
                value={field.value ?? ""}
                onChange={(e) => field.onChange(String(e.target.value) === "" ? null : Number(e.target.value))}
                onBlur={field.onBlur}
              >
                <MenuItem value="">
                  <em>No subscription</em>
                </MenuItem>
                {options.subscriptions.map((s) => (
                  <MenuItem key={s.subscriptionId} value={s.subscriptionId}>
                    {s.name} (level {s.level})
                  </MenuItem>
                ))}
              </Select>
              {fieldState.error ? <FormHelperText>{fieldState.error.message}</FormHelperText> : null}
            </FormControl>
          )}
        />
        <Controller
          control={control}
          name="factoryId"
          render={({ field, fieldState }) => (
            <FormControl fullWidth error={Boolean(fieldState.error)}>
              <InputLabel id="client-factory-label">Facility</InputLabel>
              <Select
                labelId="client-factory-label"
                label="Facility"
                value={field.value ?? ""}
                onChange={(e) => field.onChange(String(e.target.value) === "" ? null : Number(e.target.value))}
                onBlur={field.onBlur}
              >
                <MenuItem value="">
                  <em>No facility</em>
                </MenuItem>
                {options.factories.map((f) => (
                  <MenuItem key={f.factoryId} value={f.factoryId}>
                    {f.name}
                  </MenuItem>
                ))}
              </Select>
              <FormHelperText>
                {fieldState.error?.message ?? "The facility that makes this client's orders."}
              </FormHelperText>
            </FormControl>
          )}
        />
        <Controller
          control={control}
          name="active"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Switch
                  checked={field.value}
                  onChange={(e) => field.onChange(e.target.checked)}
                  onBlur={field.onBlur}
                />
              }
              label="Active"
            />
          )}
        />
      </RecordFormPage>
      {client ? (
        <ConfirmDialog
          open={confirmOpen}
          danger
          title="Delete client?"
          message={
            <>
              <strong>{client.clientName}</strong> ({client.siteName}) will be deleted, with its addresses, invitations
              and teams. This cannot be undone.
              {client.userCount > 0
                ? ` It still has ${client.userCount} ${client.userCount === 1 ? "user" : "users"}, so the Hub will refuse.`
                : ""}
            </>
          }
          confirmLabel="Delete"
          onClose={() => setConfirmOpen(false)}
          onConfirm={async () => {
            await remove.mutateAsync(client.clientId);
            toast.success(`${client.clientName} was deleted.`);
            navigate("/clients");
          }}
        />
      ) : null}
    </>
  );
}

/** /clients/new and /clients/edit/:id. */
export default function ClientFormPage({ mode }: { mode: "new" | "edit" }) {
  const params = useParams();
  const id = mode === "edit" ? parseId(params.id) : null;
  const options = useClientFormOptions();
  const client = useClient(id);

  if (mode === "edit" && id === null) return <ClientNotFound />;
  if (client.error instanceof ApiError && client.error.status === 404) return <ClientNotFound />;
  const error = options.error ?? client.error;
  if (error) {
    return (
      <>
        <PageHeader title={mode === "new" ? "New client" : "Edit client"} />
        <Alert severity="error">{messageOf(error)}</Alert>
      </>
    );
  }
  if (!options.data || (mode === "edit" && !client.data)) return <PageLoader />;
  return (
    <ClientForm
      key={client.data?.clientId ?? "new"}
      client={mode === "edit" ? (client.data ?? null) : null}
      options={options.data}
    />
  );
}
