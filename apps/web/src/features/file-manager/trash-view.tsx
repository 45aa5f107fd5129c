import { FILE_MANAGER_TRASH_DAYS, type TFmEntry } from "@hub/contracts/file-manager/file-manager";
import Folder from "@mui/icons-material/Folder";
import InsertDriveFile from "@mui/icons-material/InsertDriveFile";
import RestoreFromTrash from "@mui/icons-material/RestoreFromTrash";
import {
  Alert,
  Button,
  Card,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { toast } from "react-toastify";
import { messageOf } from "../../lib/api-error";
import { useRestoreEntry, useTrash } from "./api";
import { formatBytes } from "./drag";

const DAY = 24 * 60 * 60 * 1000;

/** The trash: what was deleted, when it goes for good, and Restore. */
export function TrashView() {
  const trash = useTrash(true);
  const restore = useRestoreEntry();
  const items = trash.data?.items ?? [];
  const again = (e: TFmEntry) =>
    restore
      .mutateAsync(e)
      .then(() => toast.success(`${e.name} was restored.`))
      .catch((err: unknown) => toast.error(messageOf(err)));
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        Trash
      </Typography>
      <Typography color="text.secondary">
        Deleted files and folders are kept {FILE_MANAGER_TRASH_DAYS} days, then removed for good.
      </Typography>
      {trash.error ? <Alert severity="error">{messageOf(trash.error)}</Alert> : null}
      <Card variant="outlined">
        <Table size="small" aria-label="Trash">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Size</TableCell>
              <TableCell>Deleted</TableCell>
              <TableCell>Removed for good</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {items.length === 0 && !trash.isLoading ? (
              <TableRow>
                <TableCell colSpan={5}>The trash is empty.</TableCell>
              </TableRow>
            ) : null}
            {items.map((e) => {
              const deleted = new Date(e.deletedAt ?? e.updatedAt);
              return (
                <TableRow key={e.key}>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                      {e.kind === "folder" ? <Folder fontSize="small" /> : <InsertDriveFile fontSize="small" />}
                      <span>{e.name}</span>
                    </Stack>
                  </TableCell>
                  <TableCell>{formatBytes(e.sizeBytes)}</TableCell>
                  <TableCell>{deleted.toLocaleString()}</TableCell>
                  <TableCell>
                    {new Date(deleted.getTime() + FILE_MANAGER_TRASH_DAYS * DAY).toLocaleDateString()}
                  </TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      startIcon={<RestoreFromTrash />}
                      aria-label={`Restore ${e.name}`}
                      onClick={() => again(e)}
                    >
                      Restore
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Card>
    </Stack>
  );
}
