import { attributeProfilesApi, instructionProfilesApi, partProfilesApi } from "@hub/contracts/library/resources-api";
import type { TApplyProfileRequest } from "@hub/contracts/library/style-composition";
import ArrowDownward from "@mui/icons-material/ArrowDownward";
import ArrowUpward from "@mui/icons-material/ArrowUpward";
import Delete from "@mui/icons-material/Delete";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  IconButton,
  InputAdornment,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useEffect, useState } from "react";
import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";
import { toast } from "react-toastify";
import { MoneyInput } from "../../../../components/money-input";
import type { LookupOperation } from "../../../../components/resource/api";
import { RefSelect } from "../../../../components/resource/fields";
import { messageOf } from "../../../../lib/api-error";
import { useApplyProfile } from "../api";

/** The inputs the composition tabs share, each bound to a field of the tab's own form. */

type Bound<T extends FieldValues> = { control: Control<T, unknown, FieldValues>; name: FieldPath<T> };

const showNumber = (v: number | null | undefined) =>
  v === null || v === undefined || Number.isNaN(v) ? "" : String(v);
const parseNumber = (text: string): number | null => (text.trim() === "" ? null : Number(text));

/** A quantity typed as text (so "1." and "" can be typed), handed to the form as a number or null. */
function NumberInput(props: {
  value: number | null | undefined;
  onChange: (v: number | null) => void;
  onBlur?: () => void;
  label: string;
  error?: string;
  disabled?: boolean;
  step?: string;
  unit?: string;
  width?: number;
}) {
  const { value } = props;
  const [text, setText] = useState(showNumber(value));
  useEffect(() => {
    setText((current) => (parseNumber(current) === value ? current : showNumber(value)));
  }, [value]);
  return (
    <TextField
      size="small"
      type="number"
      label={props.label}
      value={text}
      disabled={props.disabled}
      error={Boolean(props.error)}
      helperText={props.error}
      onBlur={props.onBlur}
      sx={{ width: props.width ?? 150 }}
      onChange={(e) => {
        setText(e.target.value);
        props.onChange(parseNumber(e.target.value));
      }}
      slotProps={{
        htmlInput: { step: props.step ?? "any", min: 0 },
        input: { endAdornment: props.unit ? <InputAdornment position="end">{props.unit}</InputAdornment> : undefined },
      }}
    />
  );
}

export function NumberField<T extends FieldValues>({
  control,
  name,
  ...rest
}: Bound<T> & { label: string; disabled: boolean; step?: string; unit?: string; width?: number }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          {...rest}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** Cents in the form, dollars in the input (the shared MoneyInput). */
export function MoneyField<T extends FieldValues>({
  control,
  name,
  label,
  disabled,
}: Bound<T> & { label: string; disabled: boolean }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <MoneyInput
          size="small"
          width={150}
          label={label}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          disabled={disabled}
        />
      )}
    />
  );
}

export function RefField<T extends FieldValues>({
  control,
  name,
  resource,
  label,
  disabled,
}: Bound<T> & { resource: LookupOperation; label: string; disabled: boolean }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Box sx={{ minWidth: 240, flexGrow: 1 }}>
          <RefSelect
            resource={resource}
            label={label}
            size="small"
            value={field.value ?? null}
            onChange={field.onChange}
            error={fieldState.error?.message}
            disabled={disabled}
          />
        </Box>
      )}
    />
  );
}

/** "All variants" or one of the attributes the style offers (saved on the Options tab). */
export function AttributeChoice<T extends FieldValues>({
  control,
  name,
  label,
  choices,
  disabled,
}: Bound<T> & { label: string; choices: { id: number; label: string }[]; disabled: boolean }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormControl size="small" sx={{ minWidth: 170 }} error={Boolean(fieldState.error)} disabled={disabled}>
          <InputLabel id={`${name}-label`}>{label}</InputLabel>
          <Select
            labelId={`${name}-label`}
            label={label}
            value={field.value === null || field.value === undefined ? "" : String(field.value)}
            onChange={(e) => field.onChange(e.target.value === "" ? null : Number(e.target.value))}
            displayEmpty
            renderValue={(v) =>
              v === "" ? "All variants" : (choices.find((c) => c.id === Number(v))?.label ?? `#${v}`)
            }
          >
            <MenuItem value="">All variants</MenuItem>
            {choices.map((c) => (
              <MenuItem key={c.id} value={String(c.id)}>
                {c.label}
              </MenuItem>
            ))}
          </Select>
          {fieldState.error ? (
            <Typography variant="caption" color="error">
              {fieldState.error.message}
            </Typography>
          ) : null}
        </FormControl>
      )}
    />
  );
}

export function RowButtons({
  n,
  count,
  disabled,
  what,
  onMove,
  onRemove,
}: {
  n: number;
  count: number;
  disabled: boolean;
  what: string;
  onMove?: (from: number, to: number) => void;
  onRemove: () => void;
}) {
  return (
    <Stack direction="row" sx={{ alignItems: "center" }}>
      {onMove ? (
        <>
          <IconButton
            size="small"
            aria-label={`Move ${what} ${n + 1} up`}
            disabled={disabled || n === 0}
            onClick={() => onMove(n, n - 1)}
          >
            <ArrowUpward fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={`Move ${what} ${n + 1} down`}
            disabled={disabled || n === count - 1}
            onClick={() => onMove(n, n + 1)}
          >
            <ArrowDownward fontSize="small" />
          </IconButton>
        </>
      ) : null}
      <IconButton size="small" aria-label={`Remove ${what} ${n + 1}`} disabled={disabled} onClick={onRemove}>
        <Delete fontSize="small" />
      </IconButton>
    </Stack>
  );
}

const PROFILES: Record<TApplyProfileRequest["kind"], { resource: LookupOperation; label: string; effect: string }> = {
  attribute: {
    resource: attributeProfilesApi.lookup,
    label: "Attribute profile",
    effect: "Its attributes are offered under the options they belong to, and the profile is linked to this style.",
  },
  part: {
    resource: partProfilesApi.lookup,
    label: "Part profile",
    effect: "Its parts are added to the style's parts.",
  },
  instruction: {
    resource: instructionProfilesApi.lookup,
    label: "Instruction profile",
    effect: "Its steps are added after the style's steps.",
  },
};

/** Applies a profile to the saved style (the tab then reloads); warns that unsaved changes are dropped. */
export function ApplyProfileButton({
  styleId,
  kind,
  dirty,
}: {
  styleId: number;
  kind: TApplyProfileRequest["kind"];
  dirty: boolean;
}) {
  const apply = useApplyProfile(styleId);
  const [open, setOpen] = useState(false);
  const [profileId, setProfileId] = useState<number | null>(null);
  const spec = PROFILES[kind];
  const onApply = async () => {
    if (profileId === null) return;
    try {
      await apply.mutateAsync({ kind, profileId });
      toast.success("The profile was applied.");
      setOpen(false);
      setProfileId(null);
    } catch (error) {
      toast.error(messageOf(error));
    }
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>Apply {spec.label.toLowerCase()}</Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>Apply {spec.label.toLowerCase()}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>{spec.effect}</Typography>
          {dirty ? (
            <Alert severity="warning" sx={{ mb: 2 }}>
              The profile is applied to the saved style: unsaved changes on this tab will be lost.
            </Alert>
          ) : null}
          <RefSelect resource={spec.resource} label={spec.label} value={profileId} onChange={setProfileId} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="contained" disabled={profileId === null} loading={apply.isPending} onClick={onApply}>
            Apply
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
