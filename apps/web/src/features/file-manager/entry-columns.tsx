import type { TFmEntry } from "@hub/contracts/file-manager/file-manager";
import Delete from "@mui/icons-material/Delete";
import Download from "@mui/icons-material/Download";
import DriveFileMove from "@mui/icons-material/DriveFileMove";
import Edit from "@mui/icons-material/Edit";
import Folder from "@mui/icons-material/Folder";
import InsertDriveFile from "@mui/icons-material/InsertDriveFile";
import Link from "@mui/icons-material/Link";
import Visibility from "@mui/icons-material/Visibility";
import { Box, IconButton, Stack, Tooltip, Typography } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { dropTarget, formatBytes, PREVIEWABLE, startEntryDrag } from "./drag";

type Actions = {
  onOpen: (e: TFmEntry) => void;
  onPreview: (e: TFmEntry) => void;
  onDownload: (e: TFmEntry) => void;
  onRename: (e: TFmEntry) => void;
  onMove: (e: TFmEntry) => void;
  onDelete: (e: TFmEntry) => void;
  onUsedBy: (e: TFmEntry) => void;
  onDropOnFolder: (dragged: Pick<TFmEntry, "kind" | "id">, folderId: number) => void;
};

const Action = ({
  title,
  label,
  onClick,
  children,
}: {
  title: string;
  label: string;
  onClick: () => void;
  children: React.ReactNode;
}) => (
  <Tooltip title={title}>
    <IconButton size="small" aria-label={label} onClick={onClick}>
      {children}
    </IconButton>
  </Tooltip>
);

/** The columns of a folder's contents: a draggable name (a folder is also a drop target), size, date, use, actions. */
export const entryColumns = (a: Actions): GridColDef<TFmEntry>[] => [
  {
    field: "name",
    headerName: "Name",
    flex: 1.6,
    minWidth: 220,
    renderCell: ({ row }) => (
      <Box
        draggable
        onDragStart={(e) => startEntryDrag(e, row)}
        {...(row.kind === "folder" ? dropTarget((dragged) => a.onDropOnFolder(dragged, row.id)) : {})}
        data-testid={`entry-${row.name}`}
        sx={{ display: "flex", alignItems: "center", gap: 1, height: "100%", cursor: "grab" }}
      >
        {row.kind === "folder" ? (
          <Folder fontSize="small" color="primary" />
        ) : (
          <InsertDriveFile fontSize="small" color="action" />
        )}
        <Box sx={{ display: "flex", flexDirection: "column", minWidth: 0, lineHeight: 1.3 }}>
          <Box
            component="button"
            type="button"
            onClick={() => a.onOpen(row)}
            sx={{
              all: "unset",
              cursor: "pointer",
              "&:hover": { textDecoration: "underline" },
              "&:focus-visible": { outline: "2px solid" },
            }}
          >
            {row.name}
          </Box>
          {row.match ? (
            // A search that matched the PDF's text, not its name: the words around the match.
            <Typography variant="caption" noWrap title={row.match} sx={{ color: "text.secondary" }}>
              In the text: …{row.match}…
            </Typography>
          ) : null}
        </Box>
      </Box>
    ),
  },
  { field: "sizeBytes", headerName: "Size", width: 100, valueFormatter: (v: number | null) => formatBytes(v) },
  {
    field: "updatedAt",
    headerName: "Modified",
    width: 170,
    valueFormatter: (v: string) => new Date(v).toLocaleString(),
  },
  {
    field: "uploadedBy",
    headerName: "By",
    width: 120,
    sortable: false,
    valueFormatter: (v: string | null) => v ?? "—",
  },
  {
    field: "usedBy",
    headerName: "Used by",
    width: 90,
    sortable: false,
    valueFormatter: (v: number, row: TFmEntry) =>
      row.kind === "folder" ? "" : v === 0 ? "—" : `${v} product${v === 1 ? "" : "s"}`,
  },
  {
    field: "actions",
    headerName: "",
    width: 230,
    sortable: false,
    renderCell: ({ row }) => (
      <Stack direction="row">
        {row.kind === "file" && row.contentType && PREVIEWABLE.has(row.contentType) ? (
          <Action title="Preview" label={`Preview ${row.name}`} onClick={() => a.onPreview(row)}>
            <Visibility fontSize="small" />
          </Action>
        ) : null}
        <Action
          title={row.kind === "folder" ? "Download as zip" : "Download"}
          label={`Download ${row.name}`}
          onClick={() => a.onDownload(row)}
        >
          <Download fontSize="small" />
        </Action>
        <Action title="Rename" label={`Rename ${row.name}`} onClick={() => a.onRename(row)}>
          <Edit fontSize="small" />
        </Action>
        <Action title="Move" label={`Move ${row.name}`} onClick={() => a.onMove(row)}>
          <DriveFileMove fontSize="small" />
        </Action>
        {row.kind === "file" ? (
          <Action title="Used by products" label={`Used by: ${row.name}`} onClick={() => a.onUsedBy(row)}>
            <Link fontSize="small" />
          </Action>
        ) : null}
        <Action title="Delete" label={`Delete ${row.name}`} onClick={() => a.onDelete(row)}>
          <Delete fontSize="small" />
        </Action>
      </Stack>
    ),
  },
];
