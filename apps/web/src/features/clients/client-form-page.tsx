import {
  type TClientDetail,
  type TClientFormOptions,
  type TClientRequestInput,
  ZClientRequestSchema,
} from "@hub/contracts/clients/clients";
import { FormControl, FormControlLabel, FormHelperText, InputLabel, MenuItem, Select, Switch } from "@mui/material";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { DeleteRecordDialog, RecordFormLoader, useRecordForm, useRecordId } from "../../components/record-form";
import { RecordFormPage } from "../../components/record-form-page";
import { RecordNotFound } from "../../components/record-not-found";
import { TextInput } from "../../components/text-input";
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
  const save = useSaveClient(client?.clientId ?? null);
  const remove = useDeleteClient();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const { form, formProps } = useRecordForm({
    schema: ZClientRequestSchema,
    values: client ? fromClient(client) : EMPTY,
    fields: FIELDS,
    save: save.mutateAsync,
    saved: (saved) => `${saved.clientName} was ${client ? "saved" : "created"}.`,
    goTo: () => "/clients",
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;

  return (
    <>
      <RecordFormPage
        title={client ? `Edit ${client.clientName}` : "New client"}
        subtitle={client ? `Site ${client.siteName}` : "A brand on the Hub and the facility that serves it."}
        formLabel={client ? "Edit client" : "New client"}
        onDelete={client ? () => setConfirmOpen(true) : undefined}
        {...formProps}
        errorTestId="client-form-error"
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
        <DeleteRecordDialog
          open={confirmOpen}
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
          onClose={() => setConfirmOpen(false)}
          name={client.clientName}
          remove={() => remove.mutateAsync(client.clientId)}
          backTo="/clients"
        />
      ) : null}
    </>
  );
}

/** /clients/new and /clients/edit/:id. */
export default function ClientFormPage({ mode }: { mode: "new" | "edit" }) {
  const id = useRecordId(mode);
  const options = useClientFormOptions();
  const client = useClient(id);
  return (
    <RecordFormLoader
      mode={mode}
      id={id}
      record={client}
      others={[options]}
      notFound={<ClientNotFound />}
      errorTitle={mode === "new" ? "New client" : "Edit client"}
    >
      {(record) =>
        options.data ? <ClientForm key={record?.clientId ?? "new"} client={record} options={options.data} /> : null
      }
    </RecordFormLoader>
  );
}
