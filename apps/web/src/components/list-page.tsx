import Add from "@mui/icons-material/Add";
import { Alert, Button, MenuItem, TextField } from "@mui/material";
import type { GridValidRowModel } from "@mui/x-data-grid";
import type { ComponentProps, ReactNode } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { messageOf } from "../lib/api-error";
import type { useListState } from "../lib/list-state";
import { DataTable } from "./data-table/data-table";
import { PageHeader } from "./page-header";

type TableProps<R extends GridValidRowModel> = Omit<
  ComponentProps<typeof DataTable<R>>,
  "rows" | "total" | "totalCapped" | "loading" | "state" | "onStateChange"
>;

/**
 * A list screen: the header (title, subtitle, a "New …" link or other actions), the list query's
 * error, and the DataTable fed by the query's page and the URL's list state. Everything else
 * (columns, filters in `actions`, CSV, empty text) is the DataTable's own props.
 */
export function ListPage<R extends GridValidRowModel>({
  title,
  subtitle,
  create,
  headerActions,
  list,
  listState,
  ...table
}: TableProps<R> & {
  title: string;
  subtitle?: ReactNode;
  /** The header's "New …" button, a link to the create screen. */
  create?: { to: string; label: string };
  /** Other header actions (instead of or beside `create`). */
  headerActions?: ReactNode;
  list: ListQuery<R>;
  listState: Pick<ReturnType<typeof useListState>, "state" | "update">;
  /** Where a row opens (a click on it goes there). */
  rowTo?: (row: R) => string;
}) {
  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          create || headerActions ? (
            <>
              {headerActions}
              {create ? (
                <Button component={RouterLink} to={create.to} variant="contained" startIcon={<Add />}>
                  {create.label}
                </Button>
              ) : null}
            </>
          ) : undefined
        }
      />
      {list.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {messageOf(list.error)}
        </Alert>
      ) : null}
      <ListTable<R> {...table} list={list} listState={listState} />
    </>
  );
}

/** A list query: its page of rows and total (capped when counting stopped), its error, whether it loads. */
export type ListQuery<R> = {
  data?: { items: R[]; total: number; totalCapped?: boolean };
  error: unknown;
  isFetching: boolean;
};

/**
 * The DataTable of a list query: the page's rows and total, loading, and the URL's list state
 * (useListState); a row opens `rowTo(row)`.
 */
export function ListTable<R extends GridValidRowModel>({
  list,
  listState,
  rowTo,
  ...table
}: TableProps<R> & {
  list: ListQuery<R>;
  listState: Pick<ReturnType<typeof useListState>, "state" | "update">;
  /** Where a row opens (a click on it goes there). */
  rowTo?: (row: R) => string;
}) {
  const navigate = useNavigate();
  return (
    <DataTable<R>
      {...table}
      onRowClick={rowTo ? (row) => navigate(rowTo(row)) : table.onRowClick}
      rows={list.data?.items ?? []}
      total={list.data?.total ?? 0}
      totalCapped={list.data?.totalCapped}
      loading={list.isFetching}
      state={listState.state}
      onStateChange={listState.update}
    />
  );
}

/**
 * A select filter over a list (one URL parameter, see useListFilters): "All" (no value) and the
 * given options.
 */
export function SelectFilter<V extends string | number>({
  label,
  value,
  options,
  onChange,
  allLabel = "All",
  width,
}: {
  label: string;
  value: V | undefined;
  options: readonly { value: V; label: string }[];
  /** The chosen value, or null for All. */
  onChange: (value: string | null) => void;
  allLabel?: string;
  width?: number;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ""}
      fullWidth={false}
      sx={width ? { width, flexShrink: 0 } : { minWidth: 160, flexShrink: 0 }}
      onChange={(e) => onChange(e.target.value === "" ? null : String(e.target.value))}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{allLabel}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * A list's date range filter (yyyy-mm-dd): two date fields of a fixed width, so they sit in a row
 * of filters instead of stretching across it. `onChange` gets which end changed and its value (""
 * when cleared).
 */
export function DateRangeFilter({
  from,
  to,
  onChange,
  fromLabel = "From",
  toLabel = "To",
}: {
  from: string | undefined;
  to: string | undefined;
  onChange: (which: "from" | "to", value: string) => void;
  fromLabel?: string;
  toLabel?: string;
}) {
  const field = (which: "from" | "to", label: string, value: string | undefined) => (
    <TextField
      type="date"
      size="small"
      label={label}
      value={value ?? ""}
      fullWidth={false}
      sx={{ width: 170, flexShrink: 0 }}
      onChange={(e) => onChange(which, e.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
  return (
    <>
      {field("from", fromLabel, from)}
      {field("to", toLabel, to)}
    </>
  );
}
