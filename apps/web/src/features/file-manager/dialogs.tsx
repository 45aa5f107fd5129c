import { fileNameProblem, type TFmEntry, type TFmFolder } from "@hub/contracts/file-manager/file-manager";
import { productsApi } from "@hub/contracts/products/api";
import { techPackPath } from "@hub/contracts/products/products";
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { Link as RouterLink } from "react-router";
import { toast } from "react-toastify";
import { FormDialog } from "../../components/form-dialog";
import { call } from "../../lib/api";
import { messageOf } from "../../lib/api-error";
import { previewUrl, useLinkFile, useUsedBy } from "./api";

/** A name for a new folder, or a new name for a file or folder (checked as the server checks it). */
export function NameDialog({
  open,
  title,
  initial,
  submitLabel,
  onSave,
  onClose,
}: {
  open: boolean;
  title: string;
  initial: string;
  submitLabel: string;
  onSave: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setName(initial);
      setError(null);
    }
  }, [open, initial]);
  const problem = fileNameProblem(name);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problem) return setError(problem);
    setBusy(true);
    try {
      await onSave(name.trim());
      onClose();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog
      open={open}
      title={title}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={submitLabel}
      submitting={busy}
      error={error}
    >
      <TextField
        label="Name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        autoFocus
        required
        error={name !== "" && problem !== null}
        helperText={name !== "" ? (problem ?? " ") : " "}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
    </FormDialog>
  );
}

/** The folders as an indented list from the top level, for the move dialog and the side tree. */
export const flattenTree = (folders: TFmFolder[]): { folder: TFmFolder; depth: number }[] => {
  const children = new Map<number | null, TFmFolder[]>();
  for (const f of folders) children.set(f.parentId, [...(children.get(f.parentId) ?? []), f]);
  const out: { folder: TFmFolder; depth: number }[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const f of children.get(parent) ?? []) {
      out.push({ folder: f, depth });
      walk(f.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
};

/** Where to move a file or folder: the top level or any folder (a folder not into itself or below it). */
export function MoveDialog({
  entry,
  folders,
  onMove,
  onClose,
}: {
  entry: TFmEntry | null;
  folders: TFmFolder[];
  onMove: (folderId: number | null) => Promise<unknown>;
  onClose: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const rows = flattenTree(folders);
  // A folder cannot go below itself: leave its own branch out.
  const blocked = new Set<number>();
  if (entry?.kind === "folder") {
    blocked.add(entry.id);
    for (const { folder } of rows) if (folder.parentId !== null && blocked.has(folder.parentId)) blocked.add(folder.id);
  }
  const move = async (folderId: number | null) => {
    setBusy(true);
    try {
      await onMove(folderId);
      onClose();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={entry !== null} onClose={busy ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>Move {entry?.name}</DialogTitle>
      <DialogContent>
        <List dense aria-label="Move to">
          <ListItemButton disabled={busy} onClick={() => move(null)}>
            <ListItemText primary="Top level" />
          </ListItemButton>
          {rows
            .filter(({ folder }) => !blocked.has(folder.id))
            .map(({ folder, depth }) => (
              <ListItemButton
                key={folder.id}
                disabled={busy}
                sx={{ pl: 2 + depth * 2 }}
                onClick={() => move(folder.id)}
              >
                <ListItemText primary={folder.name} />
              </ListItemButton>
            ))}
        </List>
        {error ? <Alert severity="error">{error}</Alert> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** An image or a PDF shown in a dialog (fetched with the ID token into an object URL). */
export function PreviewDialog({ entry, onClose }: { entry: TFmEntry | null; onClose: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!entry) return;
    let made: string | null = null;
    let live = true;
    setUrl(null);
    setError(null);
    previewUrl(entry.id)
      .then((u) => {
        made = u;
        if (live) setUrl(u);
        else URL.revokeObjectURL(u);
      })
      .catch((e: unknown) => live && setError(messageOf(e)));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [entry]);
  const pdf = entry?.contentType === "application/pdf";
  return (
    <Dialog open={entry !== null} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{entry?.name}</DialogTitle>
      <DialogContent>
        {error ? <Alert severity="error">{error}</Alert> : null}
        {!url && !error ? <CircularProgress aria-label="Loading the preview" /> : null}
        {url && pdf ? (
          <Box
            component="iframe"
            title={`Preview of ${entry?.name}`}
            src={url}
            sx={{ width: "100%", height: "70vh", border: 0 }}
          />
        ) : null}
        {url && !pdf ? (
          <Box
            component="img"
            alt={`Preview of ${entry?.name}`}
            src={url}
            sx={{ maxWidth: "100%", display: "block", mx: "auto" }}
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Which products use a file (each version and tab), and adding it to a product's Files tab. */
export function UsedByDialog({ entry, onClose }: { entry: TFmEntry | null; onClose: () => void }) {
  const usedBy = useUsedBy(entry?.id ?? null);
  const link = useLinkFile();
  const [search, setSearch] = useState("");
  const [product, setProduct] = useState<{ id: number; code: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const products = useQuery({
    queryKey: ["fileManager", "productPicker", search],
    queryFn: () => call(productsApi.list, { query: { searchString: search || undefined, size: 20 } }),
    enabled: entry !== null,
  });
  const add = async () => {
    if (!entry || !product) return;
    setError(null);
    try {
      await link.mutateAsync({ id: entry.id, body: { productId: product.id } });
      toast.success(`${entry.name} was added to ${product.code}'s Files.`);
      setProduct(null);
      await usedBy.refetch();
    } catch (e) {
      setError(messageOf(e));
    }
  };
  return (
    <Dialog open={entry !== null} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Used by: {entry?.name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {usedBy.data && usedBy.data.items.length === 0 ? (
            <Typography color="text.secondary">No product uses this file yet.</Typography>
          ) : null}
          <List dense aria-label="Products using this file">
            {usedBy.data?.items.map((u) => (
              <ListItemButton
                key={u.stpId}
                component={RouterLink}
                to={techPackPath(u.productId, u.version, u.stpId, "files")}
              >
                <ListItemText
                  primary={`${u.code} — ${u.name}`}
                  secondary={`Version ${u.version}: ${u.tabs.join(", ")}`}
                />
              </ListItemButton>
            ))}
          </List>
          {entry?.kind === "file" && !entry.deletedAt ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
              <Autocomplete
                sx={{ flex: 1 }}
                options={products.data?.items ?? []}
                value={product}
                onChange={(_, v) => setProduct(v ? { id: v.id, code: v.code, name: v.name } : null)}
                onInputChange={(_, v) => setSearch(v)}
                getOptionLabel={(o) => `${o.code} — ${o.name}`}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                filterOptions={(x) => x}
                renderInput={(params) => <TextField {...params} label="Add to a product's Files tab" />}
              />
              <Button variant="contained" disabled={!product || link.isPending} onClick={add}>
                Add
              </Button>
            </Stack>
          ) : null}
          {error ? <Alert severity="error">{error}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
