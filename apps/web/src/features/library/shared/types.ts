import type { GridColDef, GridValidRowModel } from "@mui/x-data-grid";
import type { ReactNode } from "react";
import type { z } from "zod";

/** One field of a library form; the kind decides the input. */
export type FieldSpec = {
  name: string;
  label: string;
  helper?: string;
  /** Half width on wide screens (two fields side by side). */
  half?: boolean;
} & (
  | { kind: "text" | "multiline" | "color" }
  | { kind: "int" | "decimal"; unit?: string }
  /** Integer cents in the form state, dollars in the input. */
  | { kind: "money"; unit?: string }
  | { kind: "select"; options: readonly string[] }
  | { kind: "switch" }
  /** Free text with suggestions from an endpoint that lists names (fabric types, part categories). */
  | { kind: "suggest"; source: string }
  /** A row of another library resource (id or null). */
  | { kind: "ref"; resource: string }
  /** Several rows of another resource (ids); `ordered` shows them as numbered steps. */
  | { kind: "refMulti"; resource: string; ordered?: boolean }
  /** Rows of another resource with a quantity each: [{ [idKey]: id, quantity }]. */
  | { kind: "refQty"; resource: string; idKey: string }
  /** An editor of the resource's own (sku map segments). */
  | { kind: "custom"; render: (props: CustomFieldProps) => ReactNode }
);

export type CustomFieldProps = {
  value: unknown;
  onChange: (value: unknown) => void;
  /** The field's error, with nested errors of its rows (react-hook-form's shape). */
  error: unknown;
  disabled: boolean;
};

/** A library screen set: list, new and edit pages, all from this description. */
export type LibraryConfig<Row extends GridValidRowModel = GridValidRowModel> = {
  /** API key: /api/library/{key}. */
  key: string;
  card: string;
  /** The list's path as the nav names it (e.g. "fabric"), and the paths for new/edit ("fabrics"). */
  listPath: string;
  basePath: string;
  /** Other paths that show the same list (spec 2.4 names some twice). */
  aliases?: string[];
  title: string;
  /** Lower-case singular for messages: "fabric". */
  noun: string;
  subtitle: string;
  columns: GridColDef<Row>[];
  defaultSort: string;
  searchPlaceholder: string;
  /** The field that names a row in messages (code, name…). */
  titleField: string;
  schemas: { page: z.ZodType; detail: z.ZodType; request: z.ZodType };
  fields: FieldSpec[];
  empty: Record<string, unknown>;
  /** The request values of a loaded detail. */
  fromDetail: (detail: Record<string, unknown>) => Record<string, unknown>;
  archivable?: boolean;
  /** Fabrics and parts: out-of-stock / back-in-stock actions. */
  stock?: boolean;
  /** Sibling lists shown as tabs (Fabrics | Threads | BMC Threads). */
  group?: { label: string; path: string }[];
  /** Read-only details shown beside the form on edit (used by, instructions served…). */
  aside?: (detail: Record<string, unknown>) => ReactNode;
  /** More editing under the form on edit (a style's composition). */
  below?: (detail: Record<string, unknown>, canEdit: boolean) => ReactNode;
  /** Shown beside the form on new and edit, with the form's live values (the sku map tester). */
  live?: (values: Record<string, unknown>) => ReactNode;
  /** Links in the edit page's header (product preview…). */
  links?: (detail: Record<string, unknown>) => { label: string; to: string }[];
};
