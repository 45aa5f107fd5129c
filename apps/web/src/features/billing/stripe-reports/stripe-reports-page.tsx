import { PROVIDER_TXN_KINDS, type TProviderTxn, type TProviderTxnPage } from "@hub/contracts/billing/provider-report";
import { Alert, Card, CardContent, Chip, MenuItem, Stack, TextField, Typography } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { DateRangeFilter, ListTable } from "../../../components/list-page";
import { PageHeader } from "../../../components/page-header";
import { lastDays, useDateRangeParams, useListFilters, useListState } from "../../../lib/list-state";
import { money } from "../../library/resources/format";
import { useProviderTransactions } from "./api";

const KIND_LABELS = { charge: "Charge", refund: "Refund", failure: "Failed" } as const;
const KIND_COLORS = { charge: "primary", refund: "warning", failure: "error" } as const;
const cents = (v: number | null) => (v === null ? "—" : money(v));

const columns: GridColDef<TProviderTxn>[] = [
  {
    field: "createdAt",
    headerName: "Date",
    minWidth: 170,
    valueFormatter: (v: string) => new Date(v).toLocaleString(),
  },
  {
    field: "kind",
    headerName: "Kind",
    minWidth: 100,
    renderCell: ({ row }) => (
      <Chip
        size="small"
        variant="outlined"
        label={KIND_LABELS[row.kind]}
        color={KIND_COLORS[row.kind]}
        title={row.failureMessage ?? undefined}
      />
    ),
  },
  {
    field: "amountCents",
    headerName: "Amount",
    minWidth: 110,
    align: "right",
    headerAlign: "right",
    valueFormatter: cents,
  },
  {
    field: "feeCents",
    headerName: "Fee",
    minWidth: 90,
    align: "right",
    headerAlign: "right",
    sortable: false,
    valueFormatter: cents,
  },
  {
    field: "netCents",
    headerName: "Net",
    minWidth: 110,
    align: "right",
    headerAlign: "right",
    sortable: false,
    valueFormatter: cents,
  },
  { field: "reference", headerName: "Order", minWidth: 120, sortable: false, valueFormatter: (v) => v ?? "—" },
  {
    field: "source",
    headerName: "Provider id",
    flex: 1,
    minWidth: 180,
    sortable: false,
    valueFormatter: (v) => v ?? "—",
  },
  {
    field: "failureMessage",
    headerName: "Failure",
    flex: 1,
    minWidth: 160,
    sortable: false,
    valueFormatter: (v) => v ?? "",
  },
];

function Totals({ data }: { data: TProviderTxnPage | undefined }) {
  const tiles = [
    { label: "Charged", value: data ? money(data.totals.chargedCents) : "…" },
    { label: "Refunded", value: data ? money(data.totals.refundedCents) : "…" },
    { label: "Fees", value: data ? money(data.totals.feeCents) : "…" },
    { label: "Net", value: data ? money(data.totals.netCents) : "…" },
    { label: "Failures", value: data ? String(data.totals.failures) : "…" },
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
              {t.value}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * Stripe Reports (/stripeReports, issue 18): what the billing provider moved (Stripe's balance
 * transactions, or the built-in ledger) and the failed attempts, by date range and kind in the URL,
 * searched, sorted and paged, with the filter's totals.
 */
export default function StripeReportsPage() {
  const { state, update, query } = useListState({ sort: "createdAt,desc" });
  const params = useListFilters();
  const { from, to } = useDateRangeParams(params, lastDays(30));
  const kind = PROVIDER_TXN_KINDS.find((k) => k === params.get("kind"));
  const list = useProviderTransactions({ ...query, from, to, kind });
  const provider = list.data?.provider;

  return (
    <>
      <PageHeader
        title="Stripe Reports"
        subtitle={
          provider === "builtin"
            ? "Billing runs on the built-in ledger here (no Stripe key): its charges, refunds and failures."
            : "Stripe's balance transactions (charges and refunds with Stripe's fee and net), and the failed attempts."
        }
      />
      <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ mb: 2 }}>
        <DateRangeFilter from={from} to={to} onChange={(which, value) => params.set(which, value)} />
        <TextField
          select
          size="small"
          label="Kind"
          value={kind ?? ""}
          onChange={(e) => params.set("kind", e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">Everything</MenuItem>
          {PROVIDER_TXN_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {KIND_LABELS[k]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {list.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {list.error.message}
        </Alert>
      ) : null}
      <Totals data={list.data} />
      <ListTable<TProviderTxn>
        label="Transactions"
        columns={columns}
        list={list}
        listState={{ state, update }}
        getRowId={(row) => row.id}
        searchPlaceholder="Search provider id, order or failure"
        emptyText="Nothing moved in this range."
      />
    </>
  );
}
