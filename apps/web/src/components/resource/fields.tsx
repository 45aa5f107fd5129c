import type { TLookupItem } from "@hub/contracts/library/common";
import Delete from "@mui/icons-material/Delete";
import {
  Autocomplete,
  type AutocompleteRenderInputParams,
  Box,
  Button,
  Chip,
  FormControl,
  FormControlLabel,
  FormHelperText,
  IconButton,
  InputAdornment,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  Switch,
  TextField,
  Typography,
} from "@mui/material";
import { useEffect, useState } from "react";
import { type Control, Controller, type FieldValues, type Path } from "react-hook-form";
import { MoneyInput } from "../money-input";
import { type LookupOperation, type NamesOperation, useLookup, useNames } from "./api";
import type { Draft, FieldSpec } from "./types";

const useDebounced = (value: string, ms = 250) => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
};

/** An Autocomplete's text field with the field's label and its error (or else its helper) under it. */
const inputOf =
  ({ label, error, helper }: { label: string; error?: string; helper?: string }) =>
  (params: AutocompleteRenderInputParams) => (
    <TextField {...params} label={label} error={Boolean(error)} helperText={error ?? helper} />
  );

/** A row's small delete button. */
const RemoveButton = ({ label, disabled, onClick }: { label: string; disabled?: boolean; onClick: () => void }) => (
  <IconButton size="small" aria-label={label} disabled={disabled} onClick={onClick}>
    <Delete fontSize="small" />
  </IconButton>
);

/** Picks one row of another resource (`resource`: its declared lookup), searching on the server as the person types. */
export function RefSelect(props: {
  resource: LookupOperation;
  label: string;
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string;
  helper?: string;
  disabled?: boolean;
  size?: "small" | "medium";
}) {
  const [input, setInput] = useState("");
  const search = useDebounced(input);
  const { options, byId, loading } = useLookup(props.resource, search, props.value === null ? [] : [props.value]);
  const selected =
    props.value === null
      ? null
      : (byId.get(props.value) ?? { id: props.value, label: `#${props.value}`, archived: false });
  return (
    <Autocomplete<TLookupItem>
      options={options}
      value={selected}
      loading={loading}
      disabled={props.disabled}
      size={props.size}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => (o.archived ? `${o.label} (archived)` : o.label)}
      onChange={(_e, v) => props.onChange(v?.id ?? null)}
      onInputChange={(_e, v, reason) => {
        if (reason === "input") setInput(v);
        if (reason === "clear") setInput("");
      }}
      renderInput={inputOf(props)}
    />
  );
}

/** Picks several rows; `ordered` lists them as numbered steps that can be moved. */
export function RefMultiSelect(props: {
  resource: LookupOperation;
  label: string;
  value: number[];
  onChange: (ids: number[]) => void;
  ordered?: boolean;
  error?: string;
  helper?: string;
  disabled?: boolean;
}) {
  const [input, setInput] = useState("");
  const search = useDebounced(input);
  const { options, byId, loading } = useLookup(props.resource, search, props.value);
  const item = (id: number): TLookupItem => byId.get(id) ?? { id, label: `#${id}`, archived: false };
  if (props.ordered) {
    const move = (from: number, to: number) => {
      const next = [...props.value];
      const [x] = next.splice(from, 1);
      if (x !== undefined) next.splice(to, 0, x);
      props.onChange(next);
    };
    return (
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {props.label}
        </Typography>
        <Stack
          spacing={0.5}
          sx={{ mb: 1 }}
          component="ol"
          aria-label={props.label}
          style={{ paddingLeft: 0, listStyle: "none" }}
        >
          {props.value.map((id, n) => (
            <Stack key={`${id}-${n}`} direction="row" spacing={1} component="li" sx={{ alignItems: "center" }}>
              <Typography sx={{ width: 28, color: "text.secondary" }}>{n + 1}.</Typography>
              <Typography sx={{ flexGrow: 1 }}>{item(id).label}</Typography>
              <Button
                size="small"
                disabled={props.disabled || n === 0}
                onClick={() => move(n, n - 1)}
                aria-label={`Move step ${n + 1} up`}
              >
                Up
              </Button>
              <Button
                size="small"
                disabled={props.disabled || n === props.value.length - 1}
                onClick={() => move(n, n + 1)}
                aria-label={`Move step ${n + 1} down`}
              >
                Down
              </Button>
              <RemoveButton
                label={`Remove step ${n + 1}`}
                disabled={props.disabled}
                onClick={() => props.onChange(props.value.filter((_x, i) => i !== n))}
              />
            </Stack>
          ))}
        </Stack>
        <RefSelect
          resource={props.resource}
          label="Add a step"
          value={null}
          disabled={props.disabled}
          size="small"
          onChange={(id) => id !== null && props.onChange([...props.value, id])}
          error={props.error}
          helper={props.helper}
        />
      </Box>
    );
  }
  return (
    <Autocomplete<TLookupItem, true>
      multiple
      options={options}
      value={props.value.map(item)}
      loading={loading}
      disabled={props.disabled}
      filterOptions={(x) => x}
      filterSelectedOptions
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.label}
      onChange={(_e, v) => props.onChange(v.map((x) => x.id))}
      onInputChange={(_e, v, reason) => {
        if (reason === "input") setInput(v);
        if (reason === "reset" || reason === "clear") setInput("");
      }}
      renderValue={(values, getItemProps) =>
        values.map((o, index) => {
          const { key, ...rest } = getItemProps({ index });
          return <Chip key={key} label={o.label} size="small" {...rest} />;
        })
      }
      renderInput={inputOf(props)}
    />
  );
}

type QtyRow = Record<string, number>;

/** Rows of another resource with a quantity each (a part profile's parts). */
function RefQtyList(props: {
  resource: LookupOperation;
  idKey: string;
  label: string;
  value: QtyRow[];
  onChange: (rows: QtyRow[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { byId } = useLookup(
    props.resource,
    "",
    props.value.map((r) => r[props.idKey] ?? 0),
  );
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {props.label}
      </Typography>
      <Stack spacing={1} sx={{ mb: 1 }}>
        {props.value.map((row, n) => {
          const id = row[props.idKey] ?? 0;
          return (
            <Stack key={id} direction="row" spacing={1} sx={{ alignItems: "center" }}>
              <Typography sx={{ flexGrow: 1 }}>{byId.get(id)?.label ?? `#${id}`}</Typography>
              <TextField
                size="small"
                type="number"
                label="Quantity"
                sx={{ width: 120 }}
                value={row.quantity ?? 0}
                disabled={props.disabled}
                slotProps={{
                  htmlInput: { min: 0, step: "any", "aria-label": `Quantity of ${byId.get(id)?.label ?? id}` },
                }}
                onChange={(e) =>
                  props.onChange(props.value.map((r, i) => (i === n ? { ...r, quantity: Number(e.target.value) } : r)))
                }
              />
              <RemoveButton
                label={`Remove ${byId.get(id)?.label ?? id}`}
                disabled={props.disabled}
                onClick={() => props.onChange(props.value.filter((_r, i) => i !== n))}
              />
            </Stack>
          );
        })}
      </Stack>
      <RefSelect
        resource={props.resource}
        label="Add"
        value={null}
        size="small"
        disabled={props.disabled}
        error={props.error}
        onChange={(id) => {
          if (id !== null && !props.value.some((r) => r[props.idKey] === id))
            props.onChange([...props.value, { [props.idKey]: id, quantity: 1 }]);
        }}
      />
    </Box>
  );
}

function SuggestField(props: {
  source: NamesOperation;
  label: string;
  value: string | null;
  onChange: (v: string) => void;
  error?: string;
  helper?: string;
  disabled?: boolean;
}) {
  const names = useNames(props.source);
  return (
    <Autocomplete<string, false, false, true>
      freeSolo
      options={names.data ?? []}
      value={props.value ?? ""}
      disabled={props.disabled}
      onInputChange={(_e, v) => props.onChange(v)}
      renderInput={inputOf(props)}
    />
  );
}

const numberOrNull = (raw: string): number | null => (raw.trim() === "" ? null : Number(raw));

/** Renders one FieldSpec bound to the form. */
export function ResourceField<TRequest extends FieldValues>({
  spec,
  control,
  disabled,
  autoFocus,
}: {
  spec: FieldSpec<TRequest>;
  control: Control<Draft<TRequest>, unknown, TRequest>;
  disabled: boolean;
  autoFocus?: boolean;
}) {
  return (
    <Controller
      control={control}
      // A request field is a path of the draft (its top level); TypeScript cannot see that for a generic request.
      name={spec.name as Path<Draft<TRequest>>}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        const common = {
          label: spec.label,
          error: Boolean(error),
          helperText: error ?? spec.helper,
          disabled,
          fullWidth: true,
          autoFocus,
        };
        switch (spec.kind) {
          case "text":
          case "multiline":
            return (
              <TextField
                {...common}
                multiline={spec.kind === "multiline"}
                minRows={spec.kind === "multiline" ? 3 : undefined}
                name={field.name}
                inputRef={field.ref}
                value={(field.value as string | null) ?? ""}
                onChange={(e) => field.onChange(e.target.value)}
                onBlur={field.onBlur}
              />
            );
          case "color":
            return (
              <TextField
                {...common}
                name={field.name}
                inputRef={field.ref}
                placeholder="#1A2B3C"
                value={(field.value as string | null) ?? ""}
                onChange={(e) => field.onChange(e.target.value)}
                onBlur={field.onBlur}
                slotProps={{
                  input: {
                    startAdornment: (
                      <InputAdornment position="start">
                        <Box
                          aria-hidden
                          sx={{
                            width: 18,
                            height: 18,
                            borderRadius: 0.5,
                            border: 1,
                            borderColor: "divider",
                            bgcolor: /^#[0-9a-f]{6}$/i.test(String(field.value ?? ""))
                              ? String(field.value)
                              : "transparent",
                          }}
                        />
                      </InputAdornment>
                    ),
                  },
                }}
              />
            );
          case "int":
          case "decimal":
            return (
              <TextField
                {...common}
                type="number"
                name={field.name}
                inputRef={field.ref}
                value={field.value === null || field.value === undefined ? "" : String(field.value)}
                onChange={(e) => field.onChange(numberOrNull(e.target.value))}
                onBlur={field.onBlur}
                slotProps={{
                  htmlInput: { step: spec.kind === "int" ? 1 : "any" },
                  input: spec.unit
                    ? { endAdornment: <InputAdornment position="end">{spec.unit}</InputAdornment> }
                    : undefined,
                }}
              />
            );
          case "money":
            return (
              <MoneyInput
                {...common}
                error={error}
                value={field.value as number | null}
                onChange={field.onChange}
                onBlur={field.onBlur}
                unit={spec.unit}
                name={field.name}
              />
            );
          case "select":
            return (
              <FormControl fullWidth error={Boolean(error)} disabled={disabled}>
                <InputLabel id={`${spec.name}-label`}>{spec.label}</InputLabel>
                <Select
                  labelId={`${spec.name}-label`}
                  label={spec.label}
                  name={field.name}
                  value={(field.value as string | null) ?? ""}
                  onChange={(e) => field.onChange(e.target.value)}
                  onBlur={field.onBlur}
                >
                  {spec.options.map((o) => (
                    <MenuItem key={o} value={o}>
                      {o}
                    </MenuItem>
                  ))}
                </Select>
                {error || spec.helper ? <FormHelperText>{error ?? spec.helper}</FormHelperText> : null}
              </FormControl>
            );
          case "switch":
            return (
              <Box>
                <FormControlLabel
                  control={
                    <Switch
                      checked={Boolean(field.value)}
                      onChange={(e) => field.onChange(e.target.checked)}
                      disabled={disabled}
                    />
                  }
                  label={spec.label}
                />
                {spec.helper ? <FormHelperText>{spec.helper}</FormHelperText> : null}
              </Box>
            );
          case "suggest":
            return (
              <SuggestField
                source={spec.source}
                label={spec.label}
                value={field.value as string | null}
                onChange={field.onChange}
                error={error}
                helper={spec.helper}
                disabled={disabled}
              />
            );
          case "ref":
            return (
              <RefSelect
                resource={spec.resource}
                label={spec.label}
                value={(field.value as number | null) ?? null}
                onChange={field.onChange}
                error={error}
                helper={spec.helper}
                disabled={disabled}
              />
            );
          case "refMulti":
            return (
              <RefMultiSelect
                resource={spec.resource}
                label={spec.label}
                value={(field.value as number[] | undefined) ?? []}
                onChange={field.onChange}
                ordered={spec.ordered}
                error={error}
                helper={spec.helper}
                disabled={disabled}
              />
            );
          case "custom":
            return (
              <>
                {spec.render({
                  value: field.value,
                  onChange: field.onChange,
                  error: fieldState.error,
                  disabled,
                  // The form's control, as the untyped form a custom editor reads other fields from.
                  control: control as unknown as Control<FieldValues>,
                })}
              </>
            );
          case "refQty":
            return (
              <RefQtyList
                resource={spec.resource}
                idKey={spec.idKey}
                label={spec.label}
                value={(field.value as QtyRow[] | undefined) ?? []}
                onChange={field.onChange}
                error={error}
                disabled={disabled}
              />
            );
        }
      }}
    />
  );
}
