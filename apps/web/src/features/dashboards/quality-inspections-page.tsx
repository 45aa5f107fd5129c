import { QC_RESULTS, type TQualityInspection } from "@hub/contracts/dashboards/quality";
import { DASHBOARD_RANGES } from "@hub/contracts/dashboards/range";
import { Chip, Link, Stack } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { Link as RouterLink } from "react-router";
import { ListPage } from "../../components/list-page";
import { useListFilters, useListState } from "../../lib/list-state";
import { useQualityInspections } from "./api";

const NAME_FILTERS = [
  { key: "reason", label: "Reason" },
  { key: "style", label: "Style" },
  { key: "operation", label: "Station" },
  { key: "operator", label: "Operator" },
] as const;
type NameFilter = (typeof NAME_FILTERS)[number]["key"];

const columns: GridColDef<TQualityInspection>[] = [
  // Newest first, always (the list's one order).
  {
    field: "at",
    headerName: "Inspected",
    minWidth: 170,
    sortable: false,
    valueFormatter: (v: string) => new Date(v).toLocaleString(),
  },
  { field: "barcode", headerName: "Unit", minWidth: 120, sortable: false },
  {
    field: "orderNumber",
    headerName: "Order",
    minWidth: 120,
    sortable: false,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={`/orders/${row.orderId}`}>
        {row.orderNumber}
      </Link>
    ),
  },
  { field: "clientName", headerName: "Client", flex: 1, minWidth: 130, sortable: false },
  { field: "style", headerName: "Style", minWidth: 110, sortable: false },
  { field: "operation", headerName: "Station", minWidth: 130, sortable: false },
  { field: "operator", headerName: "Operator", minWidth: 120, sortable: false },
  {
    field: "passed",
    headerName: "Result",
    minWidth: 100,
    sortable: false,
    renderCell: ({ row }) => (
      <Chip size="small" color={row.passed ? "success" : "error"} label={row.passed ? "Pass" : "Fail"} />
    ),
  },
  {
    field: "reason",
    headerName: "Reason",
    flex: 1,
    minWidth: 140,
    sortable: false,
    valueFormatter: (v: string | null) => v ?? "—",
  },
];

const isDate = (v: string | null | undefined): v is string => Boolean(v && /^\d{4}-\d{2}-\d{2}$/.test(v));

/**
 * The QC inspections behind Quality History (/qs-dashboards/qualityHistory/inspections): the
 * chart's range and client, and the bar's result, reason, style, station or operator, from the URL;
 * its total is the figure the bar showed.
 */
export default function QualityInspectionsPage() {
  const { state, update, query } = useListState();
  const params = useListFilters();
  const rangeParam = DASHBOARD_RANGES.find((r) => r === params.get("range")) ?? "90d";
  const from = params.get("from");
  const to = params.get("to");
  // A custom range needs both days; without them, the last 90 days (Quality History's default).
  const range =
    rangeParam === "custom" && isDate(from) && isDate(to)
      ? { range: "custom" as const, from, to }
      : { range: rangeParam === "custom" ? ("90d" as const) : rangeParam };
  const clientParam = params.get("clientId");
  const clientId = clientParam && /^[1-9][0-9]{0,9}$/.test(clientParam) ? Number(clientParam) : undefined;
  const result = QC_RESULTS.find((r) => r === params.get("result"));
  const nameParam = (k: NameFilter) => params.get(k)?.slice(0, 100) || undefined;
  const names: Record<NameFilter, string | undefined> = {
    reason: nameParam("reason"),
    style: nameParam("style"),
    operation: nameParam("operation"),
    operator: nameParam("operator"),
  };
  const list = useQualityInspections({
    ...query,
    ...range,
    clientId,
    result,
    ...names,
  });
  const r = list.data?.range;
  return (
    <ListPage<TQualityInspection>
      title="QC inspections"
      subtitle={
        r
          ? `The QC inspections Quality History counts, from ${r.from} to ${r.to} (UTC).`
          : "The QC inspections Quality History counts."
      }
      label="QC inspections"
      columns={columns}
      list={list}
      listState={{ state, update }}
      getRowId={(row) => row.id}
      searchPlaceholder="Search order, unit or operator"
      emptyText="No QC inspections match"
      actions={
        <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap" }} useFlexGap>
          {result ? (
            <Chip
              label={result === "fail" ? "Fails" : "Passes"}
              color={result === "fail" ? "error" : "success"}
              onDelete={() => params.set("result", null)}
              aria-label={`Filter: ${result === "fail" ? "Fails" : "Passes"}`}
            />
          ) : null}
          {NAME_FILTERS.map(({ key, label }) =>
            names[key] ? (
              <Chip
                key={key}
                label={`${label}: ${names[key]}`}
                color="info"
                onDelete={() => params.set(key, null)}
                aria-label={`Filter: ${label} ${names[key]}`}
              />
            ) : null,
          )}
        </Stack>
      }
    />
  );
}
