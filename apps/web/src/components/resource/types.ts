import type { GridColDef, GridValidRowModel } from "@mui/x-data-grid";
import type { ReactNode } from "react";
import type { Control, FieldValues } from "react-hook-form";
import type { z } from "zod";
import type { LookupOperation, NamesOperation, ResourceOps, StockOperation } from "./api";

/**
 * What a form holds while the person fills it: the request, where a field not filled yet may be
 * null (a style not chosen, a number not typed). The request schema turns a draft into a request,
 * refusing the nulls with each field's own message.
 */
export type Draft<TRequest> = { [K in keyof TRequest]: TRequest[K] | null };

/** One field of a resource form, bound to a request field; the kind decides the input. */
export type FieldSpec<TRequest> = {
  name: keyof TRequest & string;
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
  /** Free text with suggestions from an operation that lists names (fabric types, part categories). */
  | { kind: "suggest"; source: NamesOperation }
  /** A row of another resource (id or null): `resource` is its lookup (stylesApi.lookup). */
  | { kind: "ref"; resource: LookupOperation }
  /** Several rows of another resource (ids); `ordered` shows them as numbered steps. */
  | { kind: "refMulti"; resource: LookupOperation; ordered?: boolean }
  /** Rows of another resource with a quantity each: [{ [idKey]: id, quantity }]. */
  | { kind: "refQty"; resource: LookupOperation; idKey: string }
  /** An editor of the resource's own (sku map segments). */
  | { kind: "custom"; render: (props: CustomFieldProps) => ReactNode }
);

export type CustomFieldProps = {
  value: unknown;
  onChange: (value: unknown) => void;
  /** The field's error, with nested errors of its rows (react-hook-form's shape). */
  error: unknown;
  disabled: boolean;
  /** The whole form, for an editor that follows another field (a POM table follows its size range). */
  control: Control<FieldValues>;
};

/**
 * What every detail has: its id; and when the resource keeps them, archived, updatedAt and the
 * stock state (the `stock` actions).
 */
export type ResourceDetail = {
  id: number;
  archived?: boolean;
  updatedAt?: string;
  outOfStock?: boolean;
  stockChangedAt?: string | null;
  stockChangedByName?: string | null;
};

/** A page of rows, as every list endpoint answers it. */
export type ResourcePage<TRow> = { items: TRow[]; total: number };

/**
 * A resource's screens (list, new, edit), all from this description, typed by its contract:
 * TRequest is the request schema's type, TDetail the detail's, TRow a list row's.
 */
export type ResourceConfig<
  TRequest extends FieldValues,
  TDetail extends ResourceDetail,
  TRow extends GridValidRowModel & { id: number } = TDetail,
> = {
  /** The resource's declared operations (contracts `resourceApi`). */
  api: ResourceOps<TRequest, TDetail, TRow>;
  /** User types that may change the resource (others read). */
  editors: readonly string[];
  card: string;
  /** The list's path as the nav names it (e.g. "fabric"), and the paths for new/edit ("fabrics"). */
  listPath: string;
  basePath: string;
  /** Other paths that show the same list (spec 2.4 names some twice). */
  aliases?: readonly string[];
  title: string;
  /** Lower-case singular for messages: "fabric". */
  noun: string;
  subtitle: string;
  columns: GridColDef<TRow>[];
  defaultSort: string;
  searchPlaceholder: string;
  /** The field that names a row in messages (code, name…). */
  titleField: keyof TDetail & string;
  schemas: { page: z.ZodType<ResourcePage<TRow>>; detail: z.ZodType<TDetail>; request: z.ZodType<TRequest> };
  fields: FieldSpec<TRequest>[];
  empty: Draft<TRequest>;
  /** The request values of a loaded detail. */
  fromDetail: (detail: TDetail) => Draft<TRequest>;
  archivable?: boolean;
  /** Fabrics and parts: the out-of-stock / back-in-stock actions (the detail carries the stock fields). */
  stock?: { outOfStock: StockOperation<TDetail>; backInStock: StockOperation<TDetail> };
  /** Sibling lists shown as tabs (Fabrics | Threads | BMC Threads). */
  group?: { label: string; path: string }[];
  /** Read-only details shown beside the form on edit (used by, instructions served…). */
  aside?: (detail: TDetail) => ReactNode;
  /** More editing under the form on edit (a style's composition). */
  below?: (detail: TDetail, canEdit: boolean) => ReactNode;
  /** Shown beside the form on new and edit, with the form's live values (the sku map tester). */
  live?: (values: Draft<TRequest>) => ReactNode;
  /** Links in the edit page's header (product preview…). */
  links?: (detail: TDetail) => { label: string; to: string }[];
};
