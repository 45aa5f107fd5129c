import {
  AGING_BUCKETS,
  AGING_LABELS,
  OUTSTANDING_RULE,
  type TFinanceClient,
  type TFinanceSummary,
} from "@hub/contracts/billing/finance";
import { financeApi } from "@hub/contracts/billing/finance-api";
import {
  Alert,
  Card,
  CardContent,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { DateRangeFilter, ListTable } from "../../../components/list-page";
import { PageHeader } from "../../../components/page-header";
import { useAuth } from "../../../lib/auth/auth-context";
import { thirteenMonths, useDateRangeParams, useListFilters, useListState } from "../../../lib/list-state";
import { downloadListCsv } from "../../../lib/transfer";
import { useLimitedClients } from "../../clients/api";
import { money } from "../../library/resources/format";
import { useFinanceClients, useFinanceSummary } from "./api";

const cents = (field: keyof TFinanceClient, headerName: string): GridColDef<TFinanceClient> => ({
  field,
  headerName,
  minWidth: 120,
  align: "right",
  headerAlign: "right",
  valueFormatter: (v: number) => money(v),
});

const columns: GridColDef<TFinanceClient>[] = [
  { field: "clientName", headerName: "Client", flex: 1, minWidth: 160 },
  cents("chargedCents", "Charged"),
  cents("refundedCents", "Refunded"),
  cents("netCents", "Net"),
  cents("outstandingCents", "Outstanding"),
  ...AGING_BUCKETS.map(
    (b): GridColDef<TFinanceClient> => ({
      field: `aging.${b}`,
      headerName: AGING_LABELS[b],
      minWidth: 110,
      align: "right",
      headerAlign: "right",
      sortable: false,
      valueGetter: (_v, row) => row.aging[b],
      valueFormatter: (v: number) => money(v),
    }),
  ),
];

function Totals({ totals }: { totals: TFinanceSummary["totals"] | undefined }) {
  const tiles = [
    { label: "Charged", value: totals?.chargedCents },
    { label: "Refunded", value: totals?.refundedCents },
    { label: "Net", value: totals?.netCents },
    { label: "Outstanding", value: totals?.outstandingCents },
    ...AGING_BUCKETS.map((b) => ({ label: `Owed ${AGING_LABELS[b]}`, value: totals?.aging[b] })),
  ];
  return (
    <Stack direction="row" spacing={2} sx={{ mb: 1, flexWrap: "wrap" }} useFlexGap role="group" aria-label="Totals">
      {tiles.map((t) => (
        <Card key={t.label} variant="outlined" sx={{ flex: "1 1 140px" }}>
          <CardContent>
            <Typography variant="overline" sx={{ color: "text.secondary" }}>
              {t.label}
            </Typography>
            <Typography variant="h6" component="p" aria-label={`${t.label} total`}>
              {t.value === undefined ? "…" : money(t.value)}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

function Months({ months }: { months: TFinanceSummary["months"] }) {
  return (
    <Card variant="outlined" sx={{ mb: 3, overflowX: "auto" }}>
      <Table size="small" aria-label="By month">
        <TableHead>
          <TableRow>
            <TableCell>Month</TableCell>
            <TableCell align="right">Charged</TableCell>
            <TableCell align="right">Refunded</TableCell>
            <TableCell align="right">Net</TableCell>
            <TableCell align="right">Outstanding (placed that month)</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {months.length === 0 ? (
            <TableRow>
              <TableCell colSpan={5}>No money in or owed in this range.</TableCell>
            </TableRow>
          ) : (
            months.map((m) => (
              <TableRow key={m.month}>
                <TableCell>{m.month}</TableCell>
                <TableCell align="right">{money(m.chargedCents)}</TableCell>
                <TableCell align="right">{money(m.refundedCents)}</TableCell>
                <TableCell align="right">{money(m.netCents)}</TableCell>
                <TableCell align="right">{money(m.outstandingCents)}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </Card>
  );
}

/**
 * Financials (/financials, issue 18): charged, refunded and net from the billing ledger and what
 * unpaid orders still owe (aged), by month and by client, for a date range and client in the URL;
 * the by-client list is searched, sorted and paged, and exported as CSV.
 */
export default function FinancialsPage() {
  const { state, update, query } = useListState({ sort: "clientName,asc" });
  const params = useListFilters();
  const { user } = useAuth();
  const { from, to } = useDateRangeParams(params, thirteenMonths);
  const clientId = Number.parseInt(params.get("clientId") ?? "", 10) || undefined;
  const isClientUser = user?.userType === "client";
  const clients = useLimitedClients(!isClientUser);
  const filters = { from, to, clientId };
  const summary = useFinanceSummary(filters);
  const byClient = useFinanceClients({ ...query, ...filters });

  return (
    <>
      <PageHeader
        title="Financials"
        subtitle="Money charged and refunded through the billing ledger, and what unpaid orders still owe, by month and by client."
      />
      <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ mb: 2 }}>
        <DateRangeFilter from={from} to={to} onChange={(which, value) => params.set(which, value)} />
        {!isClientUser && (clients.data?.length ?? 0) > 0 ? (
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
      {summary.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {summary.error.message}
        </Alert>
      ) : null}
      <Totals totals={summary.data?.totals} />
      <Typography variant="caption" component="p" sx={{ color: "text.secondary", mb: 2 }}>
        {`${OUTSTANDING_RULE} Ledger money counts on the day it moved, outstanding on the day the order was placed; ages as of ${summary.data?.today ?? "today"} (UTC).`}
      </Typography>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        By month
      </Typography>
      <Months months={summary.data?.months ?? []} />
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        By client
      </Typography>
      <ListTable<TFinanceClient>
        label="By client"
        columns={columns}
        list={byClient}
        listState={{ state, update }}
        getRowId={(row) => row.clientId}
        searchPlaceholder="Search client"
        emptyText="No money in or owed in this range."
        exportCsv={() => downloadListCsv(financeApi.exportCsv, { ...query, ...filters }, "financials")}
      />
    </>
  );
}
