import { MenuItem, TextField } from "@mui/material";
import { useCutters } from "./api";

/** A cutter of the caller's facilities (presses marked), or "All" when `allLabel` is given. */
export function CutterSelect({
  value,
  onChange,
  label = "Cutter",
  allLabel,
  width = 240,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  label?: string;
  allLabel?: string;
  width?: number;
}) {
  const cutters = useCutters();
  const items = cutters.data?.items.filter((c) => c.active || c.id === value) ?? [];
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value === null ? "" : String(value)}
      onChange={(e) => onChange(e.target.value === "" ? null : Number(e.target.value))}
      sx={{ width }}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    >
      <MenuItem value="">{allLabel ?? "Choose a cutter"}</MenuItem>
      {items.map((c) => (
        <MenuItem key={c.id} value={String(c.id)}>
          {c.code} · {c.name}
          {c.isPress ? " (press)" : ""}
        </MenuItem>
      ))}
    </TextField>
  );
}
