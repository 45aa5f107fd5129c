import Search from "@mui/icons-material/Search";
import { Box, Card, InputAdornment, Stack, TextField } from "@mui/material";
import {
  DataGrid,
  type GridColDef,
  type GridRowParams,
  type GridRowSelectionModel,
  type GridSortModel,
  type GridValidRowModel,
} from "@mui/x-data-grid";
import { type ReactNode, useEffect, useRef, useState } from "react";
import type { ListState } from "../../lib/list-state";
import { ExportCsvButton } from "./export-csv-button";

type Props<R extends GridValidRowModel> = {
  columns: GridColDef<R>[];
  rows: R[];
  total: number;
  /** More rows match than `total` (a capped count): the pager says "1–25 of more than 1,000". */
  totalCapped?: boolean;
  loading: boolean;
  getRowId: (row: R) => string | number;
  state: ListState;
  onStateChange: (patch: Partial<ListState>) => void;
  onRowClick?: (row: R) => void;
  searchPlaceholder?: string;
  /** Buttons shown beside the search box (export, filters). */
  actions?: ReactNode;
  emptyText?: string;
  label: string;
  /**
   * Downloads every row the list's search and filters find (a server CSV): shown as "Export CSV"
   * after the actions, and the grid's own export, which only knows the rows on screen, is hidden.
   */
  exportCsv?: () => Promise<void>;
  /** Checkbox selection of the rows on screen, for bulk actions above the list. */
  selection?: { model: GridRowSelectionModel; onChange: (model: GridRowSelectionModel) => void };
};

/**
 * The one list component: server-side paging, sorting and search (state in the URL through
 * useListState), a column chooser, keyboard navigation, and an empty state. Every list in the Hub
 * uses it.
 */
export function DataTable<R extends GridValidRowModel>(props: Props<R>) {
  const { state, onStateChange } = props;
  const [search, setSearch] = useState(state.searchString);
  const pendingSearch = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => setSearch(state.searchString), [state.searchString]);
  useEffect(() => {
    if (search === state.searchString) return;
    pendingSearch.current = setTimeout(() => onStateChange({ searchString: search }), 300);
    return () => {
      if (pendingSearch.current) clearTimeout(pendingSearch.current);
    };
  }, [search, state.searchString, onStateChange]);
  /** Leaving the list (a row click) drops a search still waiting to be applied. */
  const openRow = (row: R) => {
    if (pendingSearch.current) clearTimeout(pendingSearch.current);
    props.onRowClick?.(row);
  };

  const sortModel: GridSortModel = state.sort
    ? [{ field: state.sort.split(",")[0] ?? "", sort: state.sort.endsWith(",desc") ? "desc" : "asc" }]
    : [];

  return (
    <Card>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ p: 2, alignItems: { sm: "center" } }}>
        <TextField
          size="small"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={props.searchPlaceholder ?? "Search…"}
          sx={{ maxWidth: { sm: 360 } }}
          slotProps={{
            htmlInput: { "aria-label": `Search ${props.label}` },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Box sx={{ flexGrow: 1 }} />
        {props.actions}
        {props.exportCsv ? <ExportCsvButton onExport={props.exportCsv} /> : null}
      </Stack>
      <DataGrid<R>
        aria-label={props.label}
        rows={props.rows}
        columns={props.columns}
        getRowId={props.getRowId}
        loading={props.loading}
        rowCount={props.total}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        disableColumnFilter
        disableRowSelectionOnClick
        {...(props.selection
          ? {
              checkboxSelection: true,
              rowSelectionModel: props.selection.model,
              onRowSelectionModelChange: props.selection.onChange,
            }
          : {})}
        showToolbar
        // Search is the server's (the box above); the grid's quick filter would only search this page.
        slotProps={{
          toolbar: {
            showQuickFilter: false,
            ...(props.exportCsv
              ? { csvOptions: { disableToolbarButton: true }, printOptions: { disableToolbarButton: true } }
              : {}),
          },
        }}
        pageSizeOptions={[10, 25, 50, 100]}
        paginationModel={{ page: state.page, pageSize: state.size }}
        onPaginationModelChange={(m) =>
          onStateChange({ page: m.page, size: m.pageSize === state.size ? undefined : m.pageSize })
        }
        sortModel={sortModel}
        onSortModelChange={(m) => {
          const first = m[0];
          onStateChange({ sort: first?.sort ? `${first.field},${first.sort}` : "" });
        }}
        onRowClick={props.onRowClick ? (p: GridRowParams<R>) => openRow(p.row) : undefined}
        localeText={{
          noRowsLabel: props.emptyText ?? "Nothing here yet",
          ...(props.totalCapped
            ? {
                paginationDisplayedRows: ({ from, to, count }) =>
                  `${from.toLocaleString("en-US")}–${to.toLocaleString("en-US")} of more than ${count.toLocaleString("en-US")}`,
              }
            : {}),
        }}
        sx={{ border: 0, minHeight: 320, "& .MuiDataGrid-row": { cursor: props.onRowClick ? "pointer" : "default" } }}
      />
    </Card>
  );
}
