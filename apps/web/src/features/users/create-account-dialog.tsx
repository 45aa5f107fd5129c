import { zodResolver } from "@hookform/resolvers/zod";
import { USER_TYPES } from "@hub/contracts/access/user-types";
import { type TCreateAccountRequest, ZCreateAccountRequestSchema } from "@hub/contracts/users/users";
import { MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "react-toastify";
import type { z } from "zod";
import { FormDialog } from "../../components/form-dialog";
import { applyServerErrors } from "../../lib/form-errors";
import { useCreateAccount, useUserFormOptions } from "./api";

type TFormInput = z.input<typeof ZCreateAccountRequestSchema>;
const FIELDS = ["kind", "username", "email", "firstName", "lastName", "factoryId"] as const;

/**
 * Creates an account of a kind spec 1 offers (internal admin, manufacturer, factory). The person
 * gets an email with a temporary password and must choose their own on first sign-in.
 */
export default function CreateAccountDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (userId: number) => void;
}) {
  const options = useUserFormOptions();
  const create = useCreateAccount();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<TFormInput, unknown, TCreateAccountRequest>({
    resolver: zodResolver(ZCreateAccountRequestSchema),
    defaultValues: { kind: "factory", username: "", email: "", firstName: "", lastName: "", factoryId: null },
  });
  const kind = form.watch("kind");
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async (values: TCreateAccountRequest) => {
    setError(null);
    try {
      const created = await create.mutateAsync({
        ...values,
        factoryId: values.kind === "icreate" ? null : values.factoryId,
      });
      toast.success(`Account ${created.user.userName} created. ${created.emailSentTo} has the temporary password.`);
      onCreated(created.user.userId);
    } catch (e) {
      setError(applyServerErrors(e, form.setError, FIELDS));
    }
  };

  return (
    <FormDialog
      open
      title="New account"
      onSubmit={form.handleSubmit(onSubmit)}
      onClose={onClose}
      submitLabel="Create account"
      submitting={isSubmitting}
      error={error}
    >
      <Typography variant="body2" sx={{ color: "text.secondary" }}>
        The person gets an email with their username and a temporary password, and chooses their own password the first
        time they sign in.
      </Typography>
      <Controller
        control={form.control}
        name="kind"
        render={({ field }) => (
          <TextField
            select
            label="Kind of account"
            value={field.value}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(errors.kind)}
            helperText={errors.kind?.message}
          >
            {(options.data?.accountKinds ?? ["icreate", "manufacturer", "factory"]).map((k) => (
              <MenuItem key={k} value={k}>
                {USER_TYPES.find((t) => t.name === k)?.label ?? k}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField
        label="Username"
        autoComplete="off"
        error={Boolean(errors.username)}
        helperText={errors.username?.message}
        {...form.register("username")}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        error={Boolean(errors.email)}
        helperText={errors.email?.message}
        {...form.register("email")}
      />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <TextField
          fullWidth
          label="First name"
          error={Boolean(errors.firstName)}
          helperText={errors.firstName?.message}
          {...form.register("firstName")}
        />
        <TextField
          fullWidth
          label="Last name"
          error={Boolean(errors.lastName)}
          helperText={errors.lastName?.message}
          {...form.register("lastName")}
        />
      </Stack>
      {kind !== "icreate" ? (
        <Controller
          control={form.control}
          name="factoryId"
          render={({ field }) => (
            <TextField
              select
              label="Facility"
              value={field.value === null || field.value === undefined ? "" : String(field.value)}
              onChange={(e) => field.onChange(e.target.value === "" ? null : Number(e.target.value))}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={Boolean(errors.factoryId)}
              helperText={
                errors.factoryId?.message ?? (options.isError ? "The facilities could not be loaded" : undefined)
              }
            >
              {(options.data?.factories ?? []).map((f) => (
                <MenuItem key={f.factoryId} value={String(f.factoryId)}>
                  {f.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      ) : null}
    </FormDialog>
  );
}
