import { MARGIN_GROUP_LABELS, MARGIN_GROUPS, type TMarginPage, type TMarginRow } from "@hub/contracts/orders/margin";
import { marginApi } from "@hub/contracts/orders/margin-api";
import {
  Alert,
  Card,
  CardContent,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { DateRangeFilter, ListTable } from "../../../components/list-page";
import { PageHeader } from "../../../components/page-header";
import { messageOf } from "../../../lib/api-error";
import { thirteenMonths, useDateRangeParams, useListFilters, useListState } from "../../../lib/list-state";
import { downloadListCsv } from "../../../lib/transfer";
import { useLimitedClients } from "../../clients/api";
import { money } from "../../library/resources/format";
import { useMarginReport } from "./api";

const orDash = (cents: number | null | undefined) => (cents === null || cents === undefined ? "—" : money(cents));
const pct = (v: number | null | undefined) => (v === null || v === undefined ? "—" : `${v.toFixed(1)}%`);

const right = { align: "right", headerAlign: "right" } as const;
const cents = (field: keyof TMarginRow, headerName: string, minWidth = 110): GridColDef<TMarginRow> => ({
  field,
  headerName,
  minWidth,
  ...right,
  valueFormatter: (v: number | null) => orDash(v),
});

const columnsFor = (groupBy: keyof typeof MARGIN_GROUP_LABELS): GridColDef<TMarginRow>[] => [
  { field: "label", headerName: MARGIN_GROUP_LABELS[groupBy], flex: 1, minWidth: 150 },
  { field: "orders", headerName: "Orders", minWidth: 80, ...right },
  { field: "pieces", headerName: "Pieces", minWidth: 80, ...right },
  cents("revenueCents", "Revenue"),
  cents("quotedCents", "Quoted cost"),
  cents("actualFabricCents", "Fabric"),
  cents("actualPartCents", "Parts"),
  cents("actualLabourCents", "Labour"),
  cents("actualCents", "Actual cost"),
  cents("marginCents", "Margin"),
  { field: "marginPct", headerName: "Margin %", minWidth: 90, ...right, valueFormatter: (v: number | null) => pct(v) },
];

function Totals({ totals }: { totals: TMarginPage["totals"] | undefined }) {
  const tiles = [
    { label: "Revenue", value: orDash(totals?.revenueCents) },
    { label: "Quoted cost", value: orDash(totals?.quotedCents) },
    { label: "Actual cost", value: orDash(totals?.actualCents) },
    { label: "Margin", value: orDash(totals?.marginCents) },
    { label: "Margin %", value: pct(totals?.marginPct) },
  ];
  return (
    <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: "wrap" }} useFlexGap role="group" aria-label="Totals">
      {tiles.map((t) => (
        <Card key={t.label} variant="outlined" sx={{ flex: "1 1 140px" }}>
          <CardContent>
            <Typography variant="overline" sx={{ color: "text.secondary" }}>
              {t.label}
            </Typography>
            <Typography variant="h6" component="p" aria-label={`${t.label} total`}>
              {totals === undefined ? "…" : t.value}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * Margin (/marginReport, issue 22): what the orders placed in a range really cost beside what they
 * were quoted and sold for, by month, style or client; the figures are the orders' Cost tabs summed.
 * Facility users (their orders) and internal admins; the rows are sorted, searched and paged, and
 * exported as CSV.
 */
export default function MarginPage() {
  const { state, update, query } = useListState();
  const params = useListFilters();
  const { from, to } = useDateRangeParams(params, thirteenMonths);
  const groupParam = params.get("groupBy");
  const groupBy = MARGIN_GROUPS.find((g) => g === groupParam) ?? "month";
  const clientId = Number.parseInt(params.get("clientId") ?? "", 10) || undefined;
  const clients = useLimitedClients(true);
  const filters = { groupBy, from, to, clientId };
  const report = useMarginReport({ ...query, ...filters });

  return (
    <>
      <PageHeader
        title="Margin"
        subtitle="What orders really cost (fabric cut, parts, labour from the scans) beside their quoted cost and price, by the month they were placed, style or client. Cancelled orders are left out."
      />
      <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ mb: 2 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          aria-label="Group by"
          value={groupBy}
          sx={{ flexShrink: 0, "& .MuiToggleButton-root": { whiteSpace: "nowrap", textTransform: "none" } }}
          onChange={(_e, v: string | null) => {
            if (v) params.set("groupBy", v === "month" ? null : v);
          }}
        >
          {MARGIN_GROUPS.map((g) => (
            <ToggleButton key={g} value={g}>
              {`By ${MARGIN_GROUP_LABELS[g].toLowerCase()}`}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <DateRangeFilter
          from={from}
          to={to}
          fromLabel="Placed from"
          toLabel="Placed to"
          onChange={(which, value) => params.set(which, value)}
        />
        {(clients.data?.length ?? 0) > 0 ? (
          <TextField
            select
            size="small"
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            label="Client"
            value={clientId ? String(clientId) : ""}
            onChange={(e) => params.set("clientId", e.target.value)}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="">All clients</MenuItem>
            {(clients.data ?? []).map((c) => (
              <MenuItem key={c.clientId} value={String(c.clientId)}>
                {c.clientName}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
      </Stack>
      {report.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {`The margin report could not be loaded: ${messageOf(report.error)}`}
        </Alert>
      ) : null}
      <Totals totals={report.data?.totals} />
      <Typography variant="caption" component="p" sx={{ color: "text.secondary", mb: 2 }}>
        Margin = revenue (the lines' price) − actual cost. A quoted cost shows — when an order in the group was placed
        before quoted costs were kept.
      </Typography>
      <ListTable<TMarginRow>
        label={`Margin by ${MARGIN_GROUP_LABELS[groupBy].toLowerCase()}`}
        columns={columnsFor(groupBy)}
        list={report}
        listState={{ state, update }}
        getRowId={(row) => row.key}
        searchPlaceholder={`Search ${MARGIN_GROUP_LABELS[groupBy].toLowerCase()}`}
        emptyText="No orders placed in this range."
        exportCsv={() => downloadListCsv(marginApi.exportCsv, { ...query, ...filters }, `margin-by-${groupBy}`)}
      />
    </>
  );
}
