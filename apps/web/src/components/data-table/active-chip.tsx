import { Chip } from "@mui/material";
import type { GridColDef, GridValidRowModel } from "@mui/x-data-grid";

/** Whether a record is in use: "Active" (green) or "Inactive". */
export const ActiveChip = ({ active }: { active: boolean }) => (
  <Chip size="small" variant="outlined" color={active ? "success" : "default"} label={active ? "Active" : "Inactive"} />
);

/** A list's Active column (the record's `active` flag as a chip). */
export const activeColumn = <R extends GridValidRowModel & { active: boolean }>(): GridColDef<R> => ({
  field: "active",
  headerName: "Active",
  width: 110,
  renderCell: ({ row }) => <ActiveChip active={row.active} />,
});
