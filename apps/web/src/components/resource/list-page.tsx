import Add from "@mui/icons-material/Add";
import { Alert, Button, MenuItem, Tab, Tabs, TextField } from "@mui/material";
import type { GridValidRowModel } from "@mui/x-data-grid";
import type { FieldValues } from "react-hook-form";
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from "react-router";
import { messageOf } from "../../lib/api-error";
import { useAuth } from "../../lib/auth/auth-context";
import { useListState } from "../../lib/list-state";
import { DataTable } from "../data-table/data-table";
import { PageHeader } from "../page-header";
import { downloadCsv, type ResourceQuery, useResourceList } from "./api";
import type { ResourceConfig, ResourceDetail } from "./types";

/** Whether the signed-in user is of one of the types that may change a resource. */
export const useCanEdit = (editors: readonly string[]): boolean => {
  const { user } = useAuth();
  return Boolean(user && editors.includes(user.userType));
};

/** Sibling lists shown as tabs above a list (Fabrics | Threads | BMC Threads). */
export function ResourceTabs({ group, current }: { group: { label: string; path: string }[]; current: string }) {
  return (
    <Tabs value={current} sx={{ mb: 2, borderBottom: 1, borderColor: "divider" }} aria-label="Related lists">
      {group.map((g) => (
        <Tab key={g.path} value={g.path} label={g.label} component={RouterLink} to={`/${g.path}`} />
      ))}
    </Tabs>
  );
}

type Archived = NonNullable<ResourceQuery["archived"]>;
const ARCHIVED: readonly string[] = ["hide", "only", "all"] satisfies Archived[];
const isArchived = (v: string | null): v is Archived => v !== null && ARCHIVED.includes(v);

/** A resource's list: search, sort and paging in the URL, a column chooser, CSV export of the current filter, archived filter. */
export function ResourceListPage<
  TRequest extends FieldValues,
  TDetail extends ResourceDetail,
  TRow extends GridValidRowModel & { id: number },
>({ config }: { config: ResourceConfig<TRequest, TDetail, TRow> }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const canEdit = useCanEdit(config.editors);
  const { state, update, query } = useListState({ sort: config.defaultSort });
  const [params, setParams] = useSearchParams();
  const shown = params.get("archived");
  const archived: Archived = isArchived(shown) ? shown : "hide";
  const fullQuery: ResourceQuery = { ...query, ...(config.archivable ? { archived } : {}) };
  const list = useResourceList(config.api, fullQuery);
  const page = list.data;
  const current = pathname.replace(/^\//, "");

  return (
    <>
      <PageHeader
        title={config.title}
        subtitle={config.subtitle}
        actions={
          canEdit ? (
            <Button component={RouterLink} to={`/${config.basePath}/new`} variant="contained" startIcon={<Add />}>
              New {config.noun}
            </Button>
          ) : undefined
        }
      />
      {config.group ? (
        <ResourceTabs
          group={config.group}
          current={config.group.some((g) => g.path === current) ? current : config.listPath}
        />
      ) : null}
      {list.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {messageOf(list.error)}
        </Alert>
      ) : null}
      <DataTable<TRow>
        label={config.title}
        columns={config.columns}
        rows={page?.items ?? []}
        total={page?.total ?? 0}
        loading={list.isFetching}
        getRowId={(row) => row.id}
        state={state}
        onStateChange={update}
        onRowClick={(row) => navigate(`/${config.basePath}/edit/${row.id}`)}
        searchPlaceholder={config.searchPlaceholder}
        exportCsv={() =>
          downloadCsv(config.api, {
            sort: fullQuery.sort,
            searchString: fullQuery.searchString,
            archived: fullQuery.archived,
          })
        }
        emptyText={
          state.searchString
            ? `No ${config.title.toLowerCase()} match this search`
            : `No ${config.title.toLowerCase()} yet`
        }
        actions={
          config.archivable ? (
            <TextField
              select
              size="small"
              label="Show"
              value={archived}
              fullWidth={false}
              sx={{ width: 160, flexShrink: 0 }}
              onChange={(e) =>
                setParams(
                  (p) => {
                    const next = new URLSearchParams(p);
                    if (e.target.value === "hide") next.delete("archived");
                    else next.set("archived", e.target.value);
                    next.delete("page");
                    return next;
                  },
                  { replace: true },
                )
              }
            >
              <MenuItem value="hide">Active</MenuItem>
              <MenuItem value="only">Archived</MenuItem>
              <MenuItem value="all">All</MenuItem>
            </TextField>
          ) : null
        }
      />
    </>
  );
}
