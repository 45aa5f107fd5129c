/** The parts of the user edit page: its sections, the id selects and the card checklist. */
import type {
  TUserDetail,
  TUserFormOptions,
  TUserUpdateRequest,
  ZUserUpdateRequestSchema,
} from "@hub/contracts/users/users";
import {
  Card,
  CardContent,
  CardHeader,
  Checkbox,
  Chip,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  Grid,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { type ReactNode, useMemo } from "react";
import { Controller, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";

export type TFormInput = z.input<typeof ZUserUpdateRequestSchema>;
export type TForm = UseFormReturn<TFormInput, unknown, TUserUpdateRequest>;

export function Section({ title, subheader, children }: { title: string; subheader?: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title}>
      <CardHeader title={title} subheader={subheader} slotProps={{ title: { variant: "h6", component: "h2" } }} />
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** A select of ids that may be empty ("None"). */
export function IdSelect({
  form,
  name,
  label,
  options,
}: {
  form: TForm;
  name: "clientId" | "userFactoryId" | "manufacturingFactoryId";
  label: string;
  options: { id: number; label: string }[];
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          label={label}
          value={field.value === null || field.value === undefined ? "" : String(field.value)}
          onChange={(e) => field.onChange(e.target.value === "" ? null : Number(e.target.value))}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
        >
          <MenuItem value="">
            <em>None</em>
          </MenuItem>
          {options.map((o) => (
            <MenuItem key={o.id} value={String(o.id)}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** The card checklist: each card shows whether the user sees it, and why. */
export function AccessChecklist({
  form,
  user,
  options,
}: {
  form: TForm;
  user: TUserDetail;
  options: TUserFormOptions;
}) {
  const granted = form.watch("cardGrants.granted");
  const denied = form.watch("cardGrants.denied");
  const inherited = useMemo(() => new Set(user.cardAccess.inherited), [user.cardAccess.inherited]);
  const error = form.formState.errors.cardGrants;

  const set = (card: string, sees: boolean) => {
    const g = new Set(form.getValues("cardGrants.granted"));
    const d = new Set(form.getValues("cardGrants.denied"));
    g.delete(card);
    d.delete(card);
    if (sees && !inherited.has(card)) g.add(card);
    if (!sees && inherited.has(card)) d.add(card);
    form.setValue(
      "cardGrants",
      { granted: [...g].sort(), denied: [...d].sort() },
      { shouldDirty: true, shouldValidate: true },
    );
  };

  return (
    <Stack spacing={2}>
      <Typography variant="body2" sx={{ color: "text.secondary" }}>
        Ticked screens show in the user's navigation. Screens their type or roles give are ticked by default; changing
        one records a grant or a denial for this user only.
      </Typography>
      <Grid container spacing={2}>
        {options.cardSections.map((section) => (
          <Grid key={section.title} size={{ xs: 12, sm: 6, md: 4 }}>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
              {section.title}
            </Typography>
            <FormGroup>
              {section.cards.map((c) => {
                const isGranted = granted.includes(c.card);
                const isDenied = denied.includes(c.card);
                const sees = isGranted || (inherited.has(c.card) && !isDenied);
                return (
                  <Stack key={c.card} direction="row" spacing={1} sx={{ alignItems: "center" }}>
                    <FormControlLabel
                      control={<Checkbox size="small" checked={sees} onChange={(e) => set(c.card, e.target.checked)} />}
                      label={c.title}
                      slotProps={{ typography: { variant: "body2" } }}
                    />
                    {isGranted ? <Chip size="small" color="success" variant="outlined" label="granted" /> : null}
                    {isDenied ? <Chip size="small" color="error" variant="outlined" label="denied" /> : null}
                  </Stack>
                );
              })}
            </FormGroup>
          </Grid>
        ))}
      </Grid>
      {error ? <FormHelperText error>{error.message ?? "Check the card access"}</FormHelperText> : null}
    </Stack>
  );
}
