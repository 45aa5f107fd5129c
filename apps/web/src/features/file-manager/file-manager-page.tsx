import {
  FILE_MANAGER_MAX_BYTES,
  FILE_MANAGER_MAX_FILES,
  FILE_MANAGER_MESSAGES,
  type TFmEntry,
} from "@hub/contracts/file-manager/file-manager";
import { FILES_MESSAGES, PRINT_FILE_EXTENSIONS, printFileExtension } from "@hub/contracts/files/files";
import CloudUpload from "@mui/icons-material/CloudUpload";
import CreateNewFolder from "@mui/icons-material/CreateNewFolder";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import {
  Alert,
  Box,
  Breadcrumbs,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Link,
  Stack,
  Typography,
} from "@mui/material";
import { type DragEvent, useId, useState } from "react";
import { Link as RouterLink, useSearchParams } from "react-router";
import { toast } from "react-toastify";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { ListTable } from "../../components/list-page";
import { PageHeader } from "../../components/page-header";
import { messageOf } from "../../lib/api-error";
import { useListState } from "../../lib/list-state";
import {
  downloadEntry,
  uploadFiles,
  useCreateFolder,
  useFolderList,
  useFolderTree,
  useMoveEntry,
  useTrashEntry,
  useUpdateFile,
  useUpdateFolder,
} from "./api";
import { MoveDialog, NameDialog, PreviewDialog, UsedByDialog } from "./dialogs";
import { dropTarget, ENTRY_TYPE, formatBytes } from "./drag";
import { entryColumns } from "./entry-columns";
import { FolderTree } from "./folder-tree";
import { TrashView } from "./trash-view";

type Upload = {
  id: string;
  label: string;
  progress: number;
  status: "uploading" | "done" | "failed";
  message?: string;
};

/** The browser's check before sending; the server checks again (names, types, bytes, the quota). */
const clientCheck = (file: File): string | null => {
  if (!PRINT_FILE_EXTENSIONS.includes(printFileExtension(file.name)))
    return `${file.name}: ${FILES_MESSAGES.wrongType}`;
  if (file.size === 0) return `${file.name}: ${FILES_MESSAGES.empty}`;
  if (file.size > FILE_MANAGER_MAX_BYTES) return `${file.name}: ${FILES_MESSAGES.tooLarge(FILE_MANAGER_MAX_BYTES)}`;
  return null;
};

/** /productDev/files/fileManager: the team's folders and files, uploads, moves, the trash. */
export default function FileManagerPage() {
  const [params, setParams] = useSearchParams();
  const folderParam = Number.parseInt(params.get("folder") ?? "", 10);
  const folderId = Number.isFinite(folderParam) && folderParam > 0 ? folderParam : null;
  const inTrash = params.get("view") === "trash";
  const { state, update, query } = useListState({ sort: "name,asc" });
  const list = useFolderList({ ...query, ...(folderId === null ? {} : { folderId }) });
  const tree = useFolderTree();
  const createFolder = useCreateFolder();
  const updateFolder = useUpdateFolder();
  const updateFile = useUpdateFile();
  const move = useMoveEntry();
  const trash = useTrashEntry();
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [naming, setNaming] = useState<{ mode: "new" } | { mode: "rename"; entry: TFmEntry } | null>(null);
  const [moving, setMoving] = useState<TFmEntry | null>(null);
  const [deleting, setDeleting] = useState<TFmEntry | null>(null);
  const [preview, setPreview] = useState<TFmEntry | null>(null);
  const [usedBy, setUsedBy] = useState<TFmEntry | null>(null);

  const go = (next: { folder?: number | null; view?: "trash" | null }) =>
    setParams((current) => {
      const p = new URLSearchParams();
      const folder = next.folder === undefined ? folderId : next.folder;
      if (folder !== null && next.view !== "trash") p.set("folder", String(folder));
      if (next.view === "trash") p.set("view", "trash");
      void current;
      return p;
    });

  const moveTo = (entry: Pick<TFmEntry, "kind" | "id">, target: number | null) => {
    if (entry.kind === "folder" && entry.id === target) return;
    move
      .mutateAsync({ entry, folderId: target })
      .then(() => toast.success("Moved."))
      .catch((e: unknown) => toast.error(messageOf(e)));
  };

  const start = (files: File[]) => {
    if (files.length === 0) return;
    const id = `${Date.now()}-${Math.random()}`;
    const label = files.length === 1 ? (files[0]?.name ?? "") : `${files.length} files`;
    const problem =
      files.length > FILE_MANAGER_MAX_FILES
        ? FILE_MANAGER_MESSAGES.tooMany
        : (files.map(clientCheck).find((m) => m) ?? null);
    setUploads((all) => [
      { id, label, progress: 0, status: problem ? "failed" : "uploading", ...(problem ? { message: problem } : {}) },
      ...all.slice(0, 4),
    ]);
    if (problem) return;
    const patch = (change: Partial<Upload>) =>
      setUploads((all) => all.map((u) => (u.id === id ? { ...u, ...change } : u)));
    uploadFiles(files, folderId, (progress) => patch({ progress }))
      .then(async (result) => {
        patch({ status: "done", progress: 1 });
        toast.success(
          `${result.files.length === 1 ? result.files[0]?.name : `${result.files.length} files`} uploaded.`,
        );
        await list.refetch();
      })
      .catch((e: unknown) => patch({ status: "failed", message: messageOf(e) }));
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    setDragging(false);
    if (event.dataTransfer.types.includes(ENTRY_TYPE)) return;
    event.preventDefault();
    start(Array.from(event.dataTransfer.files));
  };

  const columns = entryColumns({
    onOpen: (e) => (e.kind === "folder" ? go({ folder: e.id }) : setPreview(e)),
    onPreview: setPreview,
    onDownload: (e) => downloadEntry(e).catch((err: unknown) => toast.error(messageOf(err))),
    onRename: (e) => setNaming({ mode: "rename", entry: e }),
    onMove: setMoving,
    onDelete: setDeleting,
    onUsedBy: setUsedBy,
    onDropOnFolder: moveTo,
  });

  const path = list.data?.path ?? [];
  return (
    <>
      <PageHeader
        title="File Manager"
        subtitle="The team's files in folders: the same files its tech packs use."
        actions={
          <Stack direction="row" spacing={1}>
            <Button component={RouterLink} to="/productDev/files/dashboard">
              Dashboard
            </Button>
            <Button
              startIcon={<DeleteOutlined />}
              variant={inTrash ? "contained" : "outlined"}
              onClick={() => go({ view: inTrash ? null : "trash" })}
            >
              Trash
            </Button>
            {inTrash ? null : (
              <Button startIcon={<CreateNewFolder />} variant="outlined" onClick={() => setNaming({ mode: "new" })}>
                New folder
              </Button>
            )}
          </Stack>
        }
      />
      <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ alignItems: "flex-start" }}>
        <Card variant="outlined" sx={{ width: { xs: "100%", md: 260 }, flexShrink: 0 }}>
          <FolderTree
            folders={tree.data?.folders ?? []}
            current={inTrash ? -1 : folderId}
            onOpen={(id) => go({ folder: id, view: null })}
            onDropEntry={moveTo}
          />
        </Card>
        <Box sx={{ flex: 1, minWidth: 0, width: "100%" }}>
          {inTrash ? (
            <TrashView />
          ) : (
            <>
              <Breadcrumbs aria-label="Folder path" sx={{ mb: 1 }}>
                <Link
                  component="button"
                  underline="hover"
                  onClick={() => go({ folder: null })}
                  {...dropTarget((e) => moveTo(e, null))}
                >
                  All files
                </Link>
                {path.map((crumb, i) =>
                  i === path.length - 1 ? (
                    <Typography key={crumb.id} color="text.primary">
                      {crumb.name}
                    </Typography>
                  ) : (
                    <Link
                      key={crumb.id}
                      component="button"
                      underline="hover"
                      onClick={() => go({ folder: crumb.id })}
                      {...dropTarget((e) => moveTo(e, crumb.id))}
                    >
                      {crumb.name}
                    </Link>
                  ),
                )}
              </Breadcrumbs>
              {list.error ? (
                <Alert severity="error" sx={{ mb: 2 }}>
                  {messageOf(list.error)}
                </Alert>
              ) : null}
              <Card
                variant="outlined"
                data-testid="file-drop-zone"
                sx={{
                  mb: 2,
                  borderStyle: "dashed",
                  borderWidth: 2,
                  borderColor: dragging ? "primary.main" : "divider",
                  bgcolor: dragging ? "action.hover" : undefined,
                }}
                onDragOver={(e) => {
                  if (e.dataTransfer.types.includes(ENTRY_TYPE)) return;
                  e.preventDefault();
                  setDragging(true);
                }}
                onDragLeave={() => setDragging(false)}
                onDrop={onDrop}
              >
                <CardContent>
                  <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
                    <CloudUpload color="action" />
                    <Typography sx={{ flex: 1 }}>
                      Drop files here ({PRINT_FILE_EXTENSIONS.join(", ").toUpperCase()}, up to{" "}
                      {formatBytes(FILE_MANAGER_MAX_BYTES)} each), or
                    </Typography>
                    <Button variant="contained" component="label" htmlFor={inputId}>
                      Upload files
                    </Button>
                    <input
                      id={inputId}
                      type="file"
                      multiple
                      hidden
                      aria-label="Choose files to upload"
                      accept={PRINT_FILE_EXTENSIONS.map((e) => `.${e}`).join(",")}
                      onChange={(e) => {
                        if (e.target.files) start(Array.from(e.target.files));
                        e.target.value = "";
                      }}
                    />
                  </Stack>
                  {uploads.map((u) => (
                    <Box key={u.id} sx={{ pt: 1 }}>
                      <Typography variant="body2">
                        {u.label} —{" "}
                        {u.status === "uploading"
                          ? `${Math.round(u.progress * 100)}%`
                          : u.status === "done"
                            ? "uploaded"
                            : "not uploaded"}
                      </Typography>
                      {u.status === "failed" ? (
                        <Alert severity="error">{u.message}</Alert>
                      ) : (
                        <LinearProgress
                          variant="determinate"
                          value={Math.round(u.progress * 100)}
                          aria-label={`Upload of ${u.label}`}
                        />
                      )}
                    </Box>
                  ))}
                </CardContent>
              </Card>
              <ListTable<TFmEntry>
                label="Files and folders"
                columns={columns}
                list={list}
                listState={{ state, update }}
                getRowId={(row) => row.key}
                searchPlaceholder="Search every folder, and the text of PDFs…"
                emptyText={state.searchString ? "Nothing matches this search" : "This folder is empty"}
              />
            </>
          )}
        </Box>
      </Stack>
      <NameDialog
        open={naming !== null}
        title={naming?.mode === "rename" ? `Rename ${naming.entry.name}` : "New folder"}
        initial={naming?.mode === "rename" ? naming.entry.name : ""}
        submitLabel={naming?.mode === "rename" ? "Rename" : "Create"}
        onClose={() => setNaming(null)}
        onSave={async (name) => {
          if (naming?.mode === "rename") {
            const { entry } = naming;
            if (entry.kind === "folder") await updateFolder.mutateAsync({ id: entry.id, body: { name } });
            else await updateFile.mutateAsync({ id: entry.id, body: { name } });
            toast.success(`Renamed to ${name}.`);
          } else {
            await createFolder.mutateAsync({ name, parentId: folderId });
            toast.success(`Folder ${name} was created.`);
          }
        }}
      />
      <MoveDialog
        key={`move-${moving?.key ?? "none"}`}
        entry={moving}
        folders={tree.data?.folders ?? []}
        onClose={() => setMoving(null)}
        onMove={async (target) => {
          if (!moving) return;
          await move.mutateAsync({ entry: moving, folderId: target });
          toast.success(`${moving.name} was moved.`);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={deleting?.kind === "folder" ? "Delete folder?" : "Delete file?"}
        message={
          deleting
            ? `${deleting.name}${deleting.kind === "folder" ? " and everything in it" : ""} will go to the trash, where it is kept 30 days and can be restored.`
            : ""
        }
        confirmLabel="Delete"
        danger
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await trash.mutateAsync(deleting);
          toast.success(`${deleting.name} was moved to the trash.`);
        }}
      />
      <PreviewDialog entry={preview} onClose={() => setPreview(null)} />
      <UsedByDialog key={`used-${usedBy?.key ?? "none"}`} entry={usedBy} onClose={() => setUsedBy(null)} />
    </>
  );
}
