import { Button } from "@mui/material";
import { useState } from "react";
import { ConfirmDialog } from "./confirm-dialog";

/**
 * A record's Archive (or Restore) and Delete header buttons, each destructive one asked about
 * first. `onArchive` and `onDelete` run from the confirmation (its progress and the server's
 * refusal show in it); Restore runs at once.
 */
export function ArchiveDeleteActions(props: {
  /** "style", "fabric": the dialogs' titles. */
  noun: string;
  /** The record's name, in bold in the dialogs. */
  name: string;
  /** Whether the record can be archived at all (else only Delete). */
  archivable?: boolean;
  archived?: boolean;
  restoring?: boolean;
  onRestore?: () => void;
  onArchive?: () => Promise<void>;
  onDelete: () => Promise<void>;
  /** More about deleting ("If styles still use it, the Hub refuses and says which."). */
  deleteNote?: string;
  /** More about archiving ("Styles that use it keep it."). */
  archiveNote?: string;
}) {
  const [confirm, setConfirm] = useState<"delete" | "archive" | null>(null);
  const { archivable = true, onArchive } = props;
  return (
    <>
      {archivable ? (
        props.archived ? (
          <Button variant="outlined" loading={props.restoring} onClick={props.onRestore}>
            Restore
          </Button>
        ) : (
          <Button variant="outlined" onClick={() => setConfirm("archive")}>
            Archive
          </Button>
        )
      ) : null}
      <Button color="error" variant="outlined" onClick={() => setConfirm("delete")}>
        Delete
      </Button>
      <ConfirmDialog
        open={confirm === "delete"}
        danger
        title={`Delete ${props.noun}?`}
        message={
          <>
            <strong>{props.name}</strong> will be deleted. This cannot be undone.
            {props.deleteNote ? ` ${props.deleteNote}` : ""}
          </>
        }
        confirmLabel="Delete"
        onClose={() => setConfirm(null)}
        onConfirm={props.onDelete}
      />
      {archivable && onArchive ? (
        <ConfirmDialog
          open={confirm === "archive"}
          title={`Archive ${props.noun}?`}
          message={
            <>
              <strong>{props.name}</strong> will be hidden from lists and pickers.
              {props.archiveNote ? ` ${props.archiveNote}` : ""} You can restore it later.
            </>
          }
          confirmLabel="Archive"
          onClose={() => setConfirm(null)}
          onConfirm={onArchive}
        />
      ) : null}
    </>
  );
}
