import { Box, Chip, Stack } from "@mui/material";
import type { GridColDef, GridValidRowModel } from "@mui/x-data-grid";

export { money } from "../../../lib/money";
/**
 * A stored value as one of a select's options (details carry plain text where requests carry the
 * choices); null, so the select asks again, when it is not one of them.
 */
export const oneOf = <T extends string>(options: readonly T[], value: string): T | null =>
  options.find((o) => o === value) ?? null;

export const dash = (v: unknown): string => (v === null || v === undefined || v === "" ? "—" : String(v));
export const shortDate = (v: string) => new Date(v).toLocaleDateString();

export const updatedColumn = <R extends GridValidRowModel>(): GridColDef<R> => ({
  field: "updatedAt",
  headerName: "Updated",
  width: 120,
  valueFormatter: (v: string) => shortDate(v),
});

/** A colour swatch beside its text. */
export const Swatch = ({ hex, text }: { hex: string | null; text: string }) => (
  <Stack direction="row" spacing={1} sx={{ alignItems: "center", height: "100%" }}>
    {hex ? (
      <Box
        aria-hidden
        sx={{ width: 16, height: 16, borderRadius: 0.5, border: 1, borderColor: "divider", bgcolor: hex }}
      />
    ) : null}
    <span>{text}</span>
  </Stack>
);

export const StockChip = ({ outOfStock, archived }: { outOfStock: boolean; archived: boolean }) => (
  <Stack direction="row" spacing={0.5} sx={{ alignItems: "center", height: "100%" }}>
    <Chip
      size="small"
      variant="outlined"
      color={outOfStock ? "error" : "success"}
      label={outOfStock ? "Out of stock" : "In stock"}
    />
    {archived ? <Chip size="small" label="Archived" /> : null}
  </Stack>
);

export const ArchivedChip = ({ archived }: { archived: boolean }) =>
  archived ? <Chip size="small" label="Archived" /> : null;

/** A list's status column: "Archived" on archived rows (shown when the list's filter includes them). */
export const archivedColumn = <R extends GridValidRowModel & { archived: boolean }>(): GridColDef<R> => ({
  field: "archived",
  headerName: "Status",
  width: 110,
  sortable: false,
  renderCell: ({ row }) => <ArchivedChip archived={row.archived} />,
});

/** The list columns every profile shares: name, description, how many members, updated. */
export const profileColumns = <R extends GridValidRowModel>(
  members: string,
  extra: GridColDef<R>[] = [],
): GridColDef<R>[] => [
  { field: "name", headerName: "Name", flex: 1, minWidth: 180 },
  {
    field: "description",
    headerName: "Description",
    flex: 1.5,
    minWidth: 200,
    sortable: false,
    valueFormatter: (v) => dash(v),
  },
  { field: "memberCount", headerName: members, width: 110, type: "number" },
  ...extra,
  updatedColumn<R>(),
];

/** The fields every profile form starts with. */
export const PROFILE_FIELDS = [
  { name: "name", label: "Name", kind: "text" },
  { name: "description", label: "Description", kind: "multiline" },
] as const;
