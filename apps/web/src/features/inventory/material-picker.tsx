import type { TMaterialKind } from "@hub/contracts/inventory/common";
import { fabricsApi, partsApi } from "@hub/contracts/library/resources-api";
import Delete from "@mui/icons-material/Delete";
import { IconButton, MenuItem, Stack, TextField, Tooltip } from "@mui/material";
import type { ReactNode } from "react";
import { type Control, Controller, type FieldValues, type Path } from "react-hook-form";
import type { LookupOperation } from "../../components/resource/api";
import { RefSelect } from "../../components/resource/fields";

/** The library lookup of each kind of material (fabric or part). */
export const MATERIAL_LOOKUP: Record<TMaterialKind, LookupOperation> = {
  fabric: fabricsApi.lookup,
  part: partsApi.lookup,
};

/** A fabric or a part of the library: the kind, then the material, searched as the person types. */
export function MaterialPicker(props: {
  kind: TMaterialKind;
  id: number | null;
  onKind: (kind: TMaterialKind) => void;
  onId: (id: number | null) => void;
  error?: string;
  disabled?: boolean;
  index: number;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ flex: 2, minWidth: 280 }}>
      <TextField
        select
        size="small"
        label="Kind"
        value={props.kind}
        disabled={props.disabled}
        sx={{ width: 100, flexShrink: 0 }}
        slotProps={{ htmlInput: { "aria-label": `Kind of line ${props.index + 1}` } }}
        onChange={(e) => {
          props.onKind(e.target.value as TMaterialKind);
          props.onId(null);
        }}
      >
        <MenuItem value="fabric">Fabric</MenuItem>
        <MenuItem value="part">Part</MenuItem>
      </TextField>
      <div style={{ flex: 1 }}>
        <RefSelect
          key={props.kind}
          resource={MATERIAL_LOOKUP[props.kind]}
          label={props.kind === "fabric" ? `Fabric ${props.index + 1}` : `Part ${props.index + 1}`}
          value={props.id}
          onChange={props.onId}
          error={props.error}
          disabled={props.disabled}
          size="small"
        />
      </div>
    </Stack>
  );
}

/**
 * MaterialPicker bound to a form row's `materialKind` and `materialId` (a purchase order line, a
 * supplier's material): `row` is the row's path ("lines.0").
 */
export function MaterialField<T extends FieldValues, TOut>({
  control,
  row,
  index,
  error,
}: {
  control: Control<T, unknown, TOut>;
  row: string;
  index: number;
  error?: string;
}) {
  return (
    <Controller
      control={control}
      name={`${row}.materialKind` as Path<T>}
      render={({ field: kind }) => (
        <Controller
          control={control}
          name={`${row}.materialId` as Path<T>}
          render={({ field: id }) => (
            <MaterialPicker
              index={index}
              kind={(kind.value as TMaterialKind | undefined) ?? "fabric"}
              id={(id.value as number | null | undefined) ?? null}
              onKind={kind.onChange}
              onId={id.onChange}
              error={error}
            />
          )}
        />
      )}
    />
  );
}

/**
 * One row of materials in a form (a purchase order's line, a supplier's price): its fields side by
 * side on wide screens, then its remove button ("Remove line 2").
 */
export function MaterialRow(props: {
  children: ReactNode;
  what: "line" | "material";
  index: number;
  removeTitle: string;
  /** False while the row may not go (a purchase order keeps one line). */
  canRemove?: boolean;
  onRemove: () => void;
}) {
  return (
    <Stack direction={{ xs: "column", md: "row" }} spacing={1} sx={{ alignItems: { md: "flex-start" } }}>
      {props.children}
      <Tooltip title={props.removeTitle}>
        <span>
          <IconButton
            aria-label={`Remove ${props.what} ${props.index + 1}`}
            disabled={props.canRemove === false}
            onClick={props.onRemove}
          >
            <Delete />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}
