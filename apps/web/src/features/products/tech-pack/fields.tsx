import Add from "@mui/icons-material/Add";
import { Box, Button, MenuItem, TextField } from "@mui/material";
import type { ReactNode } from "react";
import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";

type Bound<T extends FieldValues> = { control: Control<T, unknown, FieldValues>; name: FieldPath<T> };

/** A text input bound to a form field (empty text for null). */
export function TextF<T extends FieldValues>({
  control,
  name,
  label,
  disabled,
  width,
  multiline,
  nullable,
}: Bound<T> & { label: string; disabled: boolean; width?: number | string; multiline?: boolean; nullable?: boolean }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          size="small"
          label={label}
          value={field.value ?? ""}
          onChange={(e) => field.onChange(nullable && e.target.value === "" ? null : e.target.value)}
          onBlur={field.onBlur}
          disabled={disabled}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          multiline={multiline}
          minRows={multiline ? 2 : undefined}
          sx={{ width: width ?? 200 }}
        />
      )}
    />
  );
}

/** The items of a list typed separated by commas: trimmed text, or positive numbers. */
const itemsOf = (text: string, numbers: boolean) => {
  const items = text.split(",").map((x) => x.trim());
  return numbers ? items.map(Number).filter((n) => Number.isFinite(n) && n > 0) : items.filter(Boolean);
};

/**
 * A list (tags, sizes, quantities) typed separated by commas and kept as a list: as it is typed,
 * or on leaving the field (`onBlur`); `follow` starts it afresh when the list changes elsewhere.
 */
export function CommaListField<T extends FieldValues>({
  control,
  name,
  label,
  helper,
  size,
  disabled,
  numbers = false,
  onBlur = false,
  follow = false,
  width,
}: Bound<T> & {
  label: string;
  helper: string;
  size?: "small";
  disabled?: boolean;
  numbers?: boolean;
  onBlur?: boolean;
  follow?: boolean;
  width?: number;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const text = Array.isArray(field.value) ? field.value.join(", ") : "";
        const commit = (value: string) => field.onChange(itemsOf(value, numbers));
        return (
          <TextField
            size={size}
            label={label}
            disabled={disabled}
            defaultValue={text}
            key={follow ? text : undefined}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? helper}
            onChange={onBlur ? undefined : (e) => commit(e.target.value)}
            onBlur={onBlur ? (e) => commit(e.target.value) : undefined}
            sx={width ? { width } : undefined}
          />
        );
      }}
    />
  );
}

/** A select bound to a form field; numbers stay numbers, "" is null. */
export function SelectF<T extends FieldValues>({
  control,
  name,
  label,
  disabled,
  options,
  width,
  empty,
}: Bound<T> & {
  label: string;
  disabled: boolean;
  options: readonly { value: string | number; label: string }[];
  width?: number;
  /** The label of the empty choice (null); none when omitted. */
  empty?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          size="small"
          label={label}
          value={field.value ?? ""}
          onChange={(e) => {
            const raw = e.target.value;
            const match = options.find((o) => String(o.value) === String(raw));
            field.onChange(raw === "" ? null : (match?.value ?? raw));
          }}
          disabled={disabled}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          sx={{ width: width ?? 200 }}
          slotProps={{ select: { displayEmpty: empty !== undefined }, inputLabel: { shrink: true } }}
        >
          {empty !== undefined ? <MenuItem value="">{empty}</MenuItem> : null}
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** A tab's "Add …" row button, shown to those who may edit the tech pack. */
export function AddRowButton({
  show,
  disabled,
  onClick,
  children,
}: {
  show: boolean;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  if (!show) return null;
  return (
    <Box>
      <Button startIcon={<Add />} disabled={disabled} onClick={onClick}>
        {children}
      </Button>
    </Box>
  );
}

/** The first column (item, POM code) stays in view while a wide table scrolls sideways. */
export const STICKY = { position: "sticky", left: 0, zIndex: 2, bgcolor: "background.paper" } as const;
