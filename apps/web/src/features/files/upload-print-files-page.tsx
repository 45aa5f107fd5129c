import {
  FILES_MESSAGES,
  PRINT_FILE_DEFAULT_MAX_BYTES,
  PRINT_FILE_EXTENSIONS,
  printFileExtension,
  type TStoredFile,
} from "@hub/contracts/files/files";
import CloudUpload from "@mui/icons-material/CloudUpload";
import Delete from "@mui/icons-material/Delete";
import Download from "@mui/icons-material/Download";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  LinearProgress,
  Stack,
  Tooltip,
  Typography,
} from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { useQueryClient } from "@tanstack/react-query";
import { type DragEvent, useId, useRef, useState } from "react";
import { toast } from "react-toastify";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { ListTable } from "../../components/list-page";
import { PageHeader } from "../../components/page-header";
import { messageOf } from "../../lib/api-error";
import { useListState } from "../../lib/list-state";
import {
  downloadPrintFile,
  printFileKeys,
  uploadPrintFile,
  useDeletePrintFile,
  usePrintFileSettings,
  usePrintFiles,
} from "./api";

type Upload = { id: string; name: string; progress: number; status: "uploading" | "done" | "failed"; message?: string };

export const formatBytes = (n: number): string => {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
};

/** The browser's check before sending; the server checks again (and looks at the bytes). */
const clientCheck = (file: File, maxBytes: number, extensions: string[]): string | null => {
  if (!extensions.includes(printFileExtension(file.name))) return FILES_MESSAGES.wrongType;
  if (file.size === 0) return FILES_MESSAGES.empty;
  if (file.size > maxBytes) return FILES_MESSAGES.tooLarge(maxBytes);
  return null;
};

/** /uploadPrintFiles: drop or pick print files; each uploads with its own progress; the list downloads and deletes. */
export default function UploadPrintFilesPage() {
  const queryClient = useQueryClient();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [toDelete, setToDelete] = useState<TStoredFile | null>(null);
  const { state, update, query } = useListState({ sort: "createdAt,desc" });
  const list = usePrintFiles(query);
  const settings = usePrintFileSettings();
  const remove = useDeletePrintFile();
  const maxBytes = settings.data?.maxBytes ?? PRINT_FILE_DEFAULT_MAX_BYTES;
  const extensions = settings.data?.extensions ?? PRINT_FILE_EXTENSIONS;

  const patch = (id: string, change: Partial<Upload>) =>
    setUploads((all) => all.map((u) => (u.id === id ? { ...u, ...change } : u)));

  const start = (files: FileList | File[]) => {
    for (const file of Array.from(files)) {
      const id = `${file.name}-${Date.now()}-${Math.random()}`;
      const problem = clientCheck(file, maxBytes, extensions);
      setUploads((all) => [
        {
          id,
          name: file.name,
          progress: 0,
          status: problem ? "failed" : "uploading",
          ...(problem ? { message: problem } : {}),
        },
        ...all,
      ]);
      if (problem) continue;
      uploadPrintFile(file, (progress) => patch(id, { progress }))
        .then(async (stored) => {
          patch(id, { status: "done", progress: 1 });
          toast.success(`${stored.fileName} was uploaded.`);
          await queryClient.invalidateQueries({ queryKey: printFileKeys.lists() });
        })
        .catch((error: unknown) => patch(id, { status: "failed", message: messageOf(error) }));
    }
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length > 0) start(event.dataTransfer.files);
  };

  const download = (file: TStoredFile) => {
    downloadPrintFile(file).catch((error: unknown) => toast.error(messageOf(error)));
  };

  const columns: GridColDef<TStoredFile>[] = [
    { field: "fileName", headerName: "File", flex: 1.6, minWidth: 200 },
    { field: "sizeBytes", headerName: "Size", width: 110, valueFormatter: (v: number) => formatBytes(v) },
    {
      field: "uploadedBy",
      headerName: "Uploaded by",
      flex: 1,
      minWidth: 130,
      sortable: false,
      valueFormatter: (v: string | null) => v ?? "—",
    },
    {
      field: "createdAt",
      headerName: "Uploaded",
      width: 180,
      valueFormatter: (v: string) => new Date(v).toLocaleString(),
    },
    {
      field: "actions",
      headerName: "",
      width: 110,
      sortable: false,
      renderCell: ({ row }) => (
        <Stack direction="row">
          <Tooltip title="Download">
            <IconButton aria-label={`Download ${row.fileName}`} onClick={() => download(row)}>
              <Download />
            </IconButton>
          </Tooltip>
          <Tooltip title="Delete">
            <IconButton aria-label={`Delete ${row.fileName}`} onClick={() => setToDelete(row)}>
              <Delete />
            </IconButton>
          </Tooltip>
        </Stack>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Upload Print Files"
        subtitle={`PDF, PNG, JPEG, TIFF, SVG, AI, EPS or PSD, up to ${formatBytes(maxBytes)} each.`}
      />
      {list.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {messageOf(list.error)}
        </Alert>
      ) : null}
      <Card
        variant="outlined"
        sx={{
          mb: 3,
          borderStyle: "dashed",
          borderWidth: 2,
          borderColor: dragging ? "primary.main" : "divider",
          bgcolor: dragging ? "action.hover" : undefined,
        }}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="print-file-drop-zone"
      >
        <CardContent>
          <Stack spacing={2} sx={{ alignItems: "center", py: 2 }}>
            <CloudUpload color="action" sx={{ fontSize: 48 }} />
            <Typography>Drag print files here, or</Typography>
            <Button variant="contained" component="label" htmlFor={inputId}>
              Choose files
            </Button>
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              multiple
              hidden
              aria-label="Choose print files"
              accept={extensions.map((e) => `.${e}`).join(",")}
              onChange={(e) => {
                if (e.target.files) start(e.target.files);
                e.target.value = "";
              }}
            />
          </Stack>
          {uploads.length > 0 ? (
            <Box component="ul" aria-label="Uploads" sx={{ listStyle: "none", p: 0, m: 0 }}>
              {uploads.map((u) => (
                <Box component="li" key={u.id} sx={{ py: 1 }}>
                  <Typography variant="body2">
                    {u.name} —{" "}
                    {u.status === "uploading"
                      ? `${Math.round(u.progress * 100)}%`
                      : u.status === "done"
                        ? "uploaded"
                        : "not uploaded"}
                  </Typography>
                  {u.status === "failed" ? (
                    <Alert severity="error" sx={{ mt: 0.5 }}>
                      {u.name}: {u.message}
                    </Alert>
                  ) : (
                    <LinearProgress
                      variant="determinate"
                      value={Math.round(u.progress * 100)}
                      aria-label={`Upload of ${u.name}`}
                    />
                  )}
                </Box>
              ))}
            </Box>
          ) : null}
        </CardContent>
      </Card>
      <ListTable<TStoredFile>
        label="Print files"
        columns={columns}
        list={list}
        listState={{ state, update }}
        getRowId={(row) => row.id}
        searchPlaceholder="Search file name…"
        emptyText={state.searchString ? "No files match this search" : "No print files yet"}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete file?"
        message={toDelete ? `${toDelete.fileName} will be deleted. This cannot be undone.` : ""}
        confirmLabel="Delete"
        danger
        onClose={() => setToDelete(null)}
        onConfirm={async () => {
          if (!toDelete) return;
          await remove.mutateAsync(toDelete.id);
          toast.success(`${toDelete.fileName} was deleted.`);
        }}
      />
    </>
  );
}
