import { orderChargesApi } from "@hub/contracts/orders/charges-api";
import { CHARGE_KINDS, CHARGE_STATUSES, type TChargeRow, type TChargeTotals } from "@hub/contracts/orders/documents";
import { Alert, Card, CardContent, Chip, Link, MenuItem, Stack, TextField, Typography } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { Link as RouterLink } from "react-router";
import { DateRangeFilter, ListTable } from "../../../components/list-page";
import { PageHeader } from "../../../components/page-header";
import { useAuth } from "../../../lib/auth/auth-context";
import { lastDays, useDateRangeParams, useListFilters, useListState } from "../../../lib/list-state";
import { downloadListCsv } from "../../../lib/transfer";
import { useLimitedClients } from "../../clients/api";
import { money } from "../../library/resources/format";
import { useChargeReport } from "./api";

/** The report's default range: the last 30 days, today included (UTC, as the server counts). */
const defaultRange = lastDays(30);

const columns: GridColDef<TChargeRow>[] = [
  {
    field: "createdAt",
    headerName: "Date",
    minWidth: 170,
    valueFormatter: (value: string) => new Date(value).toLocaleString(),
  },
  {
    field: "orderNumber",
    headerName: "Order",
    minWidth: 120,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={`/orders/${row.orderId}`} onClick={(e) => e.stopPropagation()}>
        {row.orderNumber}
      </Link>
    ),
  },
  { field: "clientName", headerName: "Client", flex: 1, minWidth: 160 },
  {
    field: "kind",
    headerName: "Kind",
    minWidth: 110,
    renderCell: ({ row }) => (
      <Chip
        size="small"
        variant="outlined"
        label={row.kind === "charge" ? "Charge" : "Refund"}
        color={row.kind === "charge" ? "primary" : "warning"}
      />
    ),
  },
  {
    field: "amountCents",
    headerName: "Amount",
    minWidth: 120,
    align: "right",
    headerAlign: "right",
    valueFormatter: (value: number) => money(value),
  },
  {
    field: "status",
    headerName: "Status",
    minWidth: 120,
    renderCell: ({ row }) => (
      <Chip
        size="small"
        label={row.status === "succeeded" ? "Succeeded" : "Failed"}
        color={row.status === "succeeded" ? "success" : "error"}
        title={row.failureMessage ?? undefined}
      />
    ),
  },
  {
    field: "providerId",
    headerName: "Provider id",
    flex: 1,
    minWidth: 180,
    sortable: false,
    valueFormatter: (value: string | null) => value ?? "—",
  },
];

function Totals({ totals }: { totals: TChargeTotals | undefined }) {
  const tiles = [
    { label: "Charged", value: totals?.chargedCents },
    { label: "Refunded", value: totals?.refundedCents },
    { label: "Net", value: totals?.netCents },
  ];
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mb: 2 }} aria-label="Totals" role="group">
      {tiles.map((t) => (
        <Card key={t.label} variant="outlined" sx={{ flex: 1 }}>
          <CardContent>
            <Typography variant="overline" sx={{ color: "text.secondary" }}>
              {t.label}
            </Typography>
            <Typography variant="h5" component="p" aria-label={`${t.label} total`}>
              {t.value === undefined ? "…" : money(t.value)}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * Order Charge Report (/orderChargeReport): every charge and refund of the orders the person may
 * see, by date range (the last 30 days unless the URL says otherwise), client, kind and status;
 * totals of the whole filter above the table (succeeded money only); Export CSV of the filter.
 */
export default function OrderChargeReportPage() {
  const { state, update, query } = useListState({ sort: "createdAt,desc" });
  const params = useListFilters();
  const { user } = useAuth();
  const { from, to } = useDateRangeParams(params, defaultRange);
  const clientId = Number.parseInt(params.get("clientId") ?? "", 10) || undefined;
  const kind = CHARGE_KINDS.find((k) => k === params.get("kind"));
  const status = CHARGE_STATUSES.find((s) => s === params.get("status"));
  const isClientUser = user?.userType === "client";
  const clients = useLimitedClients(!isClientUser);

  const filters = { from, to, clientId, kind, status };
  const report = useChargeReport({ ...query, ...filters });

  const setFilter = params.set;

  return (
    <>
      <PageHeader
        title="Order Charge Report"
        subtitle="Charges and refunds of orders through the payment provider. Totals count succeeded payments of the whole filter."
      />
      <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ mb: 2 }}>
        <DateRangeFilter from={from} to={to} onChange={(which, value) => setFilter(which, value)} />
        {!isClientUser && (clients.data?.length ?? 0) > 0 ? (
          <TextField
            select
            size="small"
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            label="Client"
            value={clientId ? String(clientId) : ""}
            onChange={(e) => setFilter("clientId", e.target.value)}
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
        <TextField
          select
          size="small"
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          label="Kind"
          value={kind ?? ""}
          onChange={(e) => setFilter("kind", e.target.value)}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="">Charges and refunds</MenuItem>
          <MenuItem value="charge">Charges</MenuItem>
          <MenuItem value="refund">Refunds</MenuItem>
        </TextField>
        <TextField
          select
          size="small"
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          label="Status"
          value={status ?? ""}
          onChange={(e) => setFilter("status", e.target.value)}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="">Any status</MenuItem>
          <MenuItem value="succeeded">Succeeded</MenuItem>
          <MenuItem value="failed">Failed</MenuItem>
        </TextField>
      </Stack>
      {report.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {report.error.message}
        </Alert>
      ) : null}
      <Totals totals={report.data?.totals} />
      <ListTable<TChargeRow>
        label="Charges and refunds"
        columns={columns}
        list={report}
        listState={{ state, update }}
        getRowId={(row) => row.id}
        searchPlaceholder="Search order number, client, PO or provider id"
        emptyText="No charges or refunds in this range."
        exportCsv={() => downloadListCsv(orderChargesApi.exportCsv, { ...query, ...filters }, "order-charges")}
      />
    </>
  );
}
