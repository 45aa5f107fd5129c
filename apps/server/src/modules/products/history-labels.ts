import { TECH_PACK_TAB_LABELS, type TTechPackTab } from "@hub/contracts";

/**
 * The history as a person reads it (issue 23): a document path ("points[12].gradeRules.3XL")
 * becomes a label ("POM 13 · Grade rule 3XL"), amounts in cents become money and basis points a
 * percentage, and library ids the item's code and name.
 */

const ROW_LABELS: Record<string, string> = {
  rows: "Row",
  points: "POM",
  colorways: "Colourway",
  colorIds: "Colour",
  images: "Image",
  files: "File",
  steps: "Step",
  callouts: "Callout",
  pieces: "Pattern piece",
  trims: "Trim",
  options: "Option",
  choices: "Choice",
  sizes: "Size",
  quantities: "Quantity",
  tags: "Tag",
};

const FIELD_LABELS: Record<string, string> = {
  itemId: "Item",
  variantId: "Variant",
  fabricItemId: "Fabric",
  fileId: "File",
  imageFileId: "Image",
  costCents: "Cost",
  labourCents: "Labour",
  overheadCents: "Overheads",
  freightCents: "Freight",
  setupCents: "Setup",
  upchargeCents: "Upcharge",
  targetCostCents: "Target cost",
  targetPriceCents: "Target price",
  dutyBps: "Duty",
  marginBps: "Margin",
  baseValue: "Base value",
  tolPlus: "Tolerance +",
  tolMinus: "Tolerance −",
  baseSize: "Base size",
  sizeRangeId: "Size range",
  key: "Code",
  assigneeUserId: "Assignee",
  dueDate: "Due date",
};

const words = (key: string): string => {
  const spaced = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

/** "rows[2].cells.BLK.variantId" → "Row 3 · BLK · Variant". */
export const fieldLabel = (path: string): string => {
  const parts: string[] = [];
  const segments = path.match(/[^.[\]]+|\[\d+\]/g) ?? [path];
  let previous = "";
  for (const seg of segments) {
    const index = /^\[(\d+)\]$/.exec(seg);
    if (index) {
      const row = ROW_LABELS[previous] ?? words(previous);
      parts[parts.length - 1] = `${row} ${Number(index[1]) + 1}`;
    } else if (previous === "cells") {
      parts[parts.length - 1] = seg; // a colourway's code
    } else if (previous === "gradeRules") {
      parts[parts.length - 1] = `Grade rule ${seg}`;
    } else if (/^task \d+$/.test(seg)) {
      parts.push(`Task ${seg.slice(5)}`);
    } else {
      parts.push(FIELD_LABELS[seg] ?? ROW_LABELS[seg] ?? words(seg));
    }
    previous = seg;
  }
  return parts.join(" · ");
};

const lastKey = (path: string): string => path.match(/[^.[\]]+$/)?.[0] ?? path;

/** Ids a value names, by kind, so the history can show names instead. */
export type HistoryNames = {
  items: Map<number, string>;
  variants: Map<number, string>;
  files: Map<number, string>;
  people: Map<number, string>;
};

export const idKind = (path: string): keyof HistoryNames | null => {
  const key = lastKey(path);
  if (key === "itemId" || key === "fabricItemId" || /colorIds\[\d+\]$/.test(path)) return "items";
  if (key === "variantId") return "variants";
  if (key === "fileId" || key === "imageFileId") return "files";
  if (key === "assigneeUserId") return "people";
  return null;
};

/** A stored value as a person reads it. */
export const formatValue = (path: string, value: string | null, names: HistoryNames): string | null => {
  if (value === null || value === "") return value;
  const key = lastKey(path);
  const n = Number(value);
  if (/Cents$/.test(key) && Number.isFinite(n)) return `$${(n / 100).toFixed(2)}`;
  if (/Bps$/.test(key) && Number.isFinite(n)) return `${(n / 100).toFixed(2)}%`;
  const kind = idKind(path);
  if (kind && Number.isInteger(n)) return names[kind].get(n) ?? `#${n}`;
  if (value === "true") return "Yes";
  if (value === "false") return "No";
  if (value === "[]" || value === "{}") return "(none)";
  return value;
};

export const tabLabel = (tab: string): string =>
  TECH_PACK_TAB_LABELS[tab as TTechPackTab] ?? (tab === "product" ? "Product" : words(tab));
