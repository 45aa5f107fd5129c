import type { TFmEntry } from "@hub/contracts/file-manager/file-manager";
import type { DragEvent } from "react";

/** Dragging a row onto a folder moves it: the row carries its kind and id under this type. */
export const ENTRY_TYPE = "application/x-hub-file-entry";

export const startEntryDrag = (event: DragEvent, entry: Pick<TFmEntry, "kind" | "id">) => {
  event.dataTransfer.setData(ENTRY_TYPE, JSON.stringify({ kind: entry.kind, id: entry.id }));
  event.dataTransfer.effectAllowed = "move";
};

export const draggedEntry = (event: DragEvent): Pick<TFmEntry, "kind" | "id"> | null => {
  const raw = event.dataTransfer.getData(ENTRY_TYPE);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as { kind?: unknown; id?: unknown };
    if ((v.kind === "file" || v.kind === "folder") && typeof v.id === "number") return { kind: v.kind, id: v.id };
  } catch {
    // not ours
  }
  return null;
};

/** Props that make an element a drop target for rows (a folder, a breadcrumb, the tree). */
export const dropTarget = (onEntry: (entry: Pick<TFmEntry, "kind" | "id">) => void) => ({
  onDragOver: (event: DragEvent) => {
    if (event.dataTransfer.types.includes(ENTRY_TYPE)) {
      event.preventDefault();
      event.dataTransfer.dropEffect = "move";
    }
  },
  onDrop: (event: DragEvent) => {
    const entry = draggedEntry(event);
    if (!entry) return;
    event.preventDefault();
    event.stopPropagation();
    onEntry(entry);
  },
});

export const formatBytes = (n: number | null): string => {
  if (n === null) return "—";
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 * 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MB`;
  return `${(n / (1024 * 1024 * 1024)).toFixed(2)} GB`;
};

export const PREVIEWABLE = new Set(["application/pdf", "image/png", "image/jpeg"]);
