import {
  FACTORY_SETTING_LABELS,
  type TFactorySettingField,
  type TFactorySettings,
  type TFactorySettingsRequest,
} from "@hub/contracts/factory-config/factory-config";
import {
  Card,
  CardContent,
  CardHeader,
  FormControl,
  FormHelperText,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  TextField,
} from "@mui/material";
import type { ReactNode } from "react";
import { type Control, Controller, type FieldPath } from "react-hook-form";

export type Form = TFactorySettingsRequest;
export type FormControlOf = Control<Form, unknown, TFactorySettings>;

export function Section({ title, subheader, children }: { title: string; subheader?: ReactNode; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} sx={{ height: "100%" }}>
      <CardHeader title={title} subheader={subheader} slotProps={{ title: { variant: "h6", component: "h2" } }} />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={2}>{children}</Stack>
      </CardContent>
    </Card>
  );
}

/** A text or number field bound to a setting, its label the setting's own. */
export function SettingField({
  control,
  name,
  type = "text",
  helperText,
  step,
  disabled,
}: {
  control: FormControlOf;
  name: TFactorySettingField;
  type?: "text" | "number" | "time";
  helperText?: ReactNode;
  step?: number;
  disabled: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name as FieldPath<Form>}
      render={({ field, fieldState }) => (
        <TextField
          label={FACTORY_SETTING_LABELS[name]}
          type={type}
          name={field.name}
          inputRef={field.ref}
          value={
            field.value === undefined || field.value === null || Number.isNaN(field.value) ? "" : String(field.value)
          }
          onChange={(e) =>
            field.onChange(
              type === "number" ? (e.target.value === "" ? Number.NaN : Number(e.target.value)) : e.target.value,
            )
          }
          onBlur={field.onBlur}
          disabled={disabled}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
          slotProps={{
            htmlInput: type === "number" ? { step: step ?? 1 } : undefined,
            inputLabel: { shrink: true },
          }}
          fullWidth
        />
      )}
    />
  );
}

/** A select bound to a setting, from a map of value → label. */
export function SettingSelect({
  control,
  name,
  options,
  helperText,
  disabled,
}: {
  control: FormControlOf;
  name: TFactorySettingField;
  options: Record<string, string>;
  helperText?: ReactNode;
  disabled: boolean;
}) {
  const id = `factory-config-${name}`;
  return (
    <Controller
      control={control}
      name={name as FieldPath<Form>}
      render={({ field, fieldState }) => (
        <FormControl fullWidth error={Boolean(fieldState.error)} disabled={disabled}>
          <InputLabel id={id}>{FACTORY_SETTING_LABELS[name]}</InputLabel>
          <Select
            labelId={id}
            label={FACTORY_SETTING_LABELS[name]}
            name={field.name}
            value={String(field.value ?? "")}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
          >
            {Object.entries(options).map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {label}
              </MenuItem>
            ))}
          </Select>
          {fieldState.error || helperText ? (
            <FormHelperText>{fieldState.error?.message ?? helperText}</FormHelperText>
          ) : null}
        </FormControl>
      )}
    />
  );
}
