import type { TBotDashboard, TBotFigures, TBotStore } from "@hub/contracts/dashboards/bots";
import { changePct } from "@hub/contracts/dashboards/range";
import { Alert, Grid, LinearProgress, Link, Table, TableBody, TableCell, TableHead, TableRow } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { PageHeader } from "../../components/page-header";
import { money } from "../../lib/money";
import { useBotDashboard } from "./api";
import { ChartCard, FigureTile } from "./chart-card";
import { Bars, Lines, moneySeries } from "./charts";
import { EmbedButton } from "./embed-dialog";
import { bucketDates, ordersListTo, shipmentsListTo } from "./links";
import { RangeBar, useDashboardQuery } from "./range-bar";

const count = (n: number) => n.toLocaleString();

type OrderTile = { key: keyof TBotFigures; label: string; format: (n: number) => string; source: "web" | "import" };
const ORDER_TILES: OrderTile[] = [
  { key: "webOrders", label: "Web orders", format: count, source: "web" },
  { key: "webRevenueCents", label: "Web revenue", format: money, source: "web" },
  { key: "importOrders", label: "Imported orders", format: count, source: "import" },
  { key: "importRevenueCents", label: "Imported revenue", format: money, source: "import" },
];
type StoreTile = { key: keyof TBotStore; label: string };
const STORE_TILES: StoreTile[] = [
  { key: "told", label: "Store told" },
  { key: "failed", label: "Store failed" },
];

type StoreRow = { state: string; shipments: number; previous: number };
const storeRows = (d: TBotDashboard): StoreRow[] =>
  d.store.shipments + d.previousStore.shipments === 0
    ? []
    : [
        { state: "Told", shipments: d.store.told, previous: d.previousStore.told },
        { state: "Failed", shipments: d.store.failed, previous: d.previousStore.failed },
        { state: "Waiting", shipments: d.store.waiting, previous: d.previousStore.waiting },
      ];
type LabelRow = { kind: "platform" | "manual"; label: string; shipments: number };
const labelRows = (d: TBotDashboard): LabelRow[] =>
  d.store.shipments === 0
    ? []
    : [
        { kind: "platform", label: "Shipping platform", shipments: d.store.platformLabels },
        { kind: "manual", label: "Manual", shipments: d.store.manualLabels },
      ];

/** The latest failures, each linking to its shipment. */
function FailuresTable({ rows }: { rows: TBotDashboard["failures"] }) {
  return (
    <Table size="small" aria-label="Recent store failures">
      <TableHead>
        <TableRow>
          <TableCell>Shipment</TableCell>
          <TableCell>Order</TableCell>
          <TableCell>Client</TableCell>
          <TableCell>Error</TableCell>
          <TableCell>When</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((f) => (
          <TableRow key={f.shipmentId}>
            <TableCell>
              <Link component={RouterLink} to={`/shipments/${f.shipmentId}`}>
                {f.shipmentNumber}
              </Link>
            </TableCell>
            <TableCell>{f.orderNumber}</TableCell>
            <TableCell>{f.clientName}</TableCell>
            <TableCell sx={{ maxWidth: 360, overflowWrap: "anywhere" }}>{f.error}</TableCell>
            <TableCell>{new Date(f.at).toLocaleString()}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * Bot Performance (/qs-dashboards/botPerformance): web and imported orders over the range against
 * the period before, web orders by the API key that placed them, and whether the store was told
 * of web orders' shipments. Click a figure, a bar or a row for its list.
 */
export default function BotPerformancePage() {
  const state = useDashboardQuery("30d");
  const data = useBotDashboard(state.query);
  const d = data.data;
  const r = d?.range;
  const clientId = state.clientId;
  const file = (name: string) => (r ? `${name}-${r.from}-${r.to}.csv` : `${name}.csv`);
  return (
    <>
      <PageHeader
        title="Bot Performance"
        subtitle="Orders placed through API keys (web) and CSV imports, and the store told of web orders' shipments, against the same number of days before."
        actions={<EmbedButton dashboardId="botPerformance" />}
      />
      <RangeBar state={state} resolved={r} />
      {data.isError ? <Alert severity="error">{data.error.message}</Alert> : null}
      {data.isFetching ? <LinearProgress sx={{ mb: 1 }} aria-label="Loading" /> : null}
      {d && r ? (
        <Grid container spacing={2}>
          {ORDER_TILES.map((t) => (
            <Grid key={t.key} size={{ xs: 6, md: 4, lg: 2 }}>
              <FigureTile
                label={t.label}
                testId={`figure-${t.key}`}
                value={t.format(d.current[t.key])}
                previous={t.format(d.previous[t.key])}
                change={changePct(d.current[t.key], d.previous[t.key])}
                to={ordersListTo(r, { clientId, source: t.source })}
              />
            </Grid>
          ))}
          {STORE_TILES.map((t) => (
            <Grid key={t.key} size={{ xs: 6, md: 4, lg: 2 }}>
              <FigureTile
                label={t.label}
                testId={`figure-${t.key}`}
                value={count(d.store[t.key])}
                previous={count(d.previousStore[t.key])}
                change={changePct(d.store[t.key], d.previousStore[t.key])}
                to={shipmentsListTo(r, { clientId })}
              />
            </Grid>
          ))}
          <Grid size={{ xs: 12, lg: 6 }}>
            <ChartCard
              title="Orders by channel"
              subheader={`By ${r.bucket}; click a point for that ${r.bucket}'s web orders`}
              testId="chart-bot-orders"
              rows={d.current.webOrders + d.current.importOrders === 0 ? [] : d.series}
              fileName={file("bot-orders")}
              listTo={ordersListTo(r, { clientId, source: "web" })}
              rowTo={(p) => ordersListTo(bucketDates(r, p.bucket), { clientId, source: "web" })}
              columns={(col) => [
                col.text("Bucket", (p) => p.bucket),
                col.int("Web orders", (p) => p.webOrders),
                col.money("Web revenue", (p) => p.webRevenueCents),
                col.int("Imported orders", (p) => p.importOrders),
                col.money("Imported revenue", (p) => p.importRevenueCents),
              ]}
              chart={
                <Lines
                  labels={d.series.map((p) => p.bucket)}
                  to={(i) => {
                    const p = d.series[i];
                    return p ? ordersListTo(bucketDates(r, p.bucket), { clientId, source: "web" }) : undefined;
                  }}
                  series={[
                    { label: "Web", data: d.series.map((p) => p.webOrders) },
                    { label: "Imported", data: d.series.map((p) => p.importOrders) },
                  ]}
                />
              }
            />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <ChartCard
              title="Revenue by channel"
              subheader={`By ${r.bucket}; click a bar for that ${r.bucket}'s imported orders`}
              testId="chart-bot-revenue"
              rows={d.current.webRevenueCents + d.current.importRevenueCents === 0 ? [] : d.series}
              fileName={file("bot-revenue")}
              listTo={ordersListTo(r, { clientId, source: "import" })}
              rowTo={(p) => ordersListTo(bucketDates(r, p.bucket), { clientId, source: "import" })}
              columns={(col) => [
                col.text("Bucket", (p) => p.bucket),
                col.money("Web revenue", (p) => p.webRevenueCents),
                col.money("Imported revenue", (p) => p.importRevenueCents),
              ]}
              chart={
                <Bars
                  stacked
                  labels={d.series.map((p) => p.bucket)}
                  to={(i) => {
                    const p = d.series[i];
                    return p ? ordersListTo(bucketDates(r, p.bucket), { clientId, source: "import" }) : undefined;
                  }}
                  series={[
                    moneySeries(
                      "Web",
                      d.series.map((p) => p.webRevenueCents),
                    ),
                    moneySeries(
                      "Imported",
                      d.series.map((p) => p.importRevenueCents),
                    ),
                  ]}
                />
              }
            />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <ChartCard
              title="Web orders by API key"
              subheader="Click a key for its client's web orders"
              testId="chart-bot-keys"
              rows={d.byKey}
              fileName={file("web-orders-by-key")}
              listTo={ordersListTo(r, { clientId, source: "web" })}
              rowTo={(k) => ordersListTo(r, { clientId: k.clientId, source: "web" })}
              columns={(col) => [
                col.text("Key", (k) => k.keyName ?? k.placedBy),
                col.text("Client", (k) => k.clientName),
                col.int("Orders", (k) => k.orders),
                col.money("Revenue", (k) => k.revenueCents),
              ]}
              chart={
                <Bars
                  horizontal
                  labels={d.byKey.map((k) => k.keyName ?? k.placedBy)}
                  to={(i) => {
                    const k = d.byKey[i];
                    return k ? ordersListTo(r, { clientId: k.clientId, source: "web" }) : undefined;
                  }}
                  series={[{ label: "Orders", data: d.byKey.map((k) => k.orders) }]}
                />
              }
            />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <ChartCard
              title="The store told"
              subheader="Web orders' shipments: the store told of them, failed, still waiting"
              testId="chart-bot-store"
              rows={storeRows(d)}
              fileName={file("store-told")}
              listTo={shipmentsListTo(r, { clientId })}
              rowTo={() => shipmentsListTo(r, { clientId })}
              columns={(col) => [
                col.text("State", (x) => x.state),
                col.int("Shipments", (x) => x.shipments),
                col.int("Before", (x) => x.previous),
              ]}
              chart={
                <Bars
                  labels={storeRows(d).map((x) => x.state)}
                  to={() => shipmentsListTo(r, { clientId })}
                  series={[
                    { label: "Range", data: storeRows(d).map((x) => x.shipments) },
                    { label: "Before", data: storeRows(d).map((x) => x.previous) },
                  ]}
                />
              }
            />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <ChartCard
              title="Most common store errors"
              subheader="Why the store could not be told"
              testId="chart-bot-errors"
              rows={d.errors}
              empty="No failures in this range."
              fileName={file("store-errors")}
              listTo={shipmentsListTo(r, { clientId })}
              columns={(col) => [col.text("Error", (e) => e.error), col.int("Shipments", (e) => e.shipments)]}
              chart={
                <Bars
                  horizontal
                  labels={d.errors.map((e) => (e.error.length > 40 ? `${e.error.slice(0, 39)}…` : e.error))}
                  to={() => shipmentsListTo(r, { clientId })}
                  series={[{ label: "Shipments", data: d.errors.map((e) => e.shipments) }]}
                />
              }
            />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <ChartCard
              title="Shipping labels"
              subheader="Web orders' shipments: labels bought from the shipping platform, or entered by hand"
              testId="chart-bot-labels"
              rows={labelRows(d)}
              fileName={file("shipping-labels")}
              listTo={shipmentsListTo(r, { clientId })}
              rowTo={(x) => shipmentsListTo(r, { clientId, carrier: x.kind === "manual" ? "manual" : undefined })}
              columns={(col) => [col.text("Label", (x) => x.label), col.int("Shipments", (x) => x.shipments)]}
              chart={
                <Bars
                  labels={labelRows(d).map((x) => x.label)}
                  to={(i) =>
                    shipmentsListTo(r, { clientId, carrier: labelRows(d)[i]?.kind === "manual" ? "manual" : undefined })
                  }
                  series={[{ label: "Shipments", data: labelRows(d).map((x) => x.shipments) }]}
                />
              }
            />
          </Grid>
          <Grid size={12}>
            <ChartCard
              title="Recent failures"
              subheader="The store could not be told of these shipments; open one to tell it again"
              testId="chart-bot-failures"
              rows={d.failures}
              empty="No failures in this range."
              fileName={file("store-failures")}
              listTo={shipmentsListTo(r, { clientId })}
              rowTo={(f) => `/shipments/${f.shipmentId}`}
              columns={(col) => [
                col.text("Shipment", (f) => f.shipmentNumber),
                col.text("Order", (f) => f.orderNumber),
                col.text("Client", (f) => f.clientName),
                col.text("Carrier", (f) => f.carrier),
                col.text("Error", (f) => f.error),
                col.text("When", (f) => f.at),
              ]}
              chart={<FailuresTable rows={d.failures} />}
            />
          </Grid>
        </Grid>
      ) : null}
    </>
  );
}
