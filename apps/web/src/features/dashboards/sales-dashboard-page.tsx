import { changePct } from "@hub/contracts/dashboards/range";
import type { TSalesDashboard, TSalesFigures } from "@hub/contracts/dashboards/sales";
import {
  Alert,
  Box,
  Grid,
  LinearProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from "@mui/material";
import { Link as RouterLink } from "react-router";
import { PageHeader } from "../../components/page-header";
import { money } from "../../lib/money";
import { useSalesDashboard } from "./api";
import { ChartCard, FigureTile } from "./chart-card";
import { Bars, Lines, moneySeries } from "./charts";
import { EmbedButton } from "./embed-dialog";
import { bucketDates, chargesTo, type OrdersListFilter, ordersListTo } from "./links";
import { RangeBar, useDashboardQuery } from "./range-bar";

const SOURCE_LABELS: Record<string, string> = {
  entry: "Order entry",
  web: "Web",
  portal: "Portal",
  import: "Import",
  remake: "Remake",
};
const count = (n: number) => n.toLocaleString();

type Tile = { key: keyof TSalesFigures; label: string; format: (n: number) => string };
const TILES: Tile[] = [
  { key: "placedCents", label: "Placed", format: money },
  { key: "paidCents", label: "Paid", format: money },
  { key: "refundedCents", label: "Refunded", format: money },
  { key: "orders", label: "Orders", format: count },
  { key: "units", label: "Units", format: count },
  { key: "aovCents", label: "Average order", format: money },
];

/** The size x colour grid: sizes across, colours down, each cell shaded by its units and opening its orders. */
function Heatmap({
  cells,
  to,
}: {
  cells: TSalesDashboard["heatmap"];
  to: (cell: { size: string; colour: string }) => string | undefined;
}) {
  const sizes = [...new Set(cells.map((c) => c.size))];
  const colours = [...new Set(cells.map((c) => c.colour))];
  const max = Math.max(1, ...cells.map((c) => c.units));
  const at = new Map(cells.map((c) => [`${c.size}\u0000${c.colour}`, c.units]));
  return (
    <Box sx={{ overflowX: "auto" }}>
      <Table size="small" aria-label="Units by size and colour">
        <TableHead>
          <TableRow>
            <TableCell>Colour \ size</TableCell>
            {sizes.map((s) => (
              <TableCell key={s} align="right">
                {s}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {colours.map((colour) => (
            <TableRow key={colour}>
              <TableCell component="th" scope="row">
                {colour}
              </TableCell>
              {sizes.map((size) => {
                const units = at.get(`${size}\u0000${colour}`) ?? 0;
                const path = units ? to({ size, colour }) : undefined;
                return (
                  <TableCell
                    key={size}
                    align="right"
                    sx={{
                      bgcolor: `rgba(25, 118, 210, ${(units / max) * 0.8})`,
                      color: units / max > 0.5 ? "#fff" : undefined,
                    }}
                  >
                    {path ? (
                      <Link
                        component={RouterLink}
                        to={path}
                        color="inherit"
                        aria-label={`${size} ${colour}: ${units} units, open the orders`}
                      >
                        {units}
                      </Link>
                    ) : (
                      ""
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * Sales Dashboard (/qs-dashboards/salesDashboard): what was placed, paid and refunded over a range,
 * against the period before. With `jas` it is JAS Sales (/qs-dashboards/jasSales): one client's.
 */
export function SalesDashboard({ jas = false }: { jas?: boolean }) {
  const state = useDashboardQuery(jas ? "12m" : "30d");
  const sales = useSalesDashboard(state.query, jas);
  const d = sales.data;
  const r = d?.range;
  const clientId = state.clientId;
  const orders = (filter: OrdersListFilter = {}) => (r ? ordersListTo(r, { clientId, ...filter }) : undefined);

  return (
    <>
      <PageHeader
        title={jas ? "JAS Sales" : "Sales Dashboard"}
        actions={<EmbedButton dashboardId={jas ? "jasSales" : "salesDashboard"} />}
        subtitle={
          jas
            ? "One client's sales in depth: choose the client (a client sees its own)."
            : "Orders placed, paid and refunded in the range, against the same number of days before. Click a figure or a bar for its orders."
        }
      />
      <RangeBar state={state} resolved={r} />
      {sales.isError ? <Alert severity="error">{sales.error.message}</Alert> : null}
      {sales.isFetching ? <LinearProgress sx={{ mb: 1 }} aria-label="Loading" /> : null}
      {d && r ? (
        <Grid container spacing={2}>
          {TILES.map((t) => (
            <Grid key={t.key} size={{ xs: 6, md: 4, lg: 2 }}>
              <FigureTile
                label={t.label}
                testId={`figure-${t.key}`}
                value={t.format(d.current[t.key])}
                previous={t.format(d.previous[t.key])}
                change={changePct(d.current[t.key], d.previous[t.key])}
                to={
                  t.key === "paidCents"
                    ? chargesTo(r, "charge", clientId)
                    : t.key === "refundedCents"
                      ? chargesTo(r, "refund", clientId)
                      : orders()
                }
              />
            </Grid>
          ))}
          <Grid size={12}>
            <ChartCard
              title="Revenue over time"
              subheader={`By ${r.bucket}`}
              testId="chart-series"
              rows={d.series.some((p) => p.orders || p.paidCents || p.refundedCents) ? d.series : []}
              fileName={`sales-${r.from}-${r.to}.csv`}
              listTo={orders()}
              rowTo={(p) => ordersListTo(bucketDates(r, p.bucket), { clientId })}
              columns={(col) => [
                col.text(r.bucket === "day" ? "Day" : `${r.bucket} from`, (p) => p.bucket),
                col.money("Placed", (p) => p.placedCents),
                col.money("Paid", (p) => p.paidCents),
                col.money("Refunded", (p) => p.refundedCents),
                col.int("Orders", (p) => p.orders),
                col.int("Units", (p) => p.units),
              ]}
              chart={
                <Lines
                  labels={d.series.map((p) => p.bucket)}
                  to={(i) => {
                    const p = d.series[i];
                    return p ? ordersListTo(bucketDates(r, p.bucket), { clientId }) : undefined;
                  }}
                  series={[
                    { label: "Placed", data: d.series.map((p) => p.placedCents / 100), format: (v) => money(v * 100) },
                    { label: "Paid", data: d.series.map((p) => p.paidCents / 100), format: (v) => money(v * 100) },
                    moneySeries(
                      "Refunded",
                      d.series.map((p) => p.refundedCents),
                    ),
                  ]}
                />
              }
            />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <ChartCard
              title="By client"
              testId="chart-clients"
              rows={d.byClient}
              fileName={`sales-by-client-${r.from}-${r.to}.csv`}
              listTo={orders()}
              rowTo={(c) => orders({ clientId: c.clientId })}
              columns={(col) => [
                col.text("Client", (c) => c.clientName),
                col.money("Placed", (c) => c.placedCents),
                col.int("Orders", (c) => c.orders),
                col.int("Units", (c) => c.units),
              ]}
              chart={
                <Bars
                  horizontal
                  labels={d.byClient.map((c) => c.clientName)}
                  to={(i) => orders({ clientId: d.byClient[i]?.clientId })}
                  series={[
                    moneySeries(
                      "Placed",
                      d.byClient.map((c) => c.placedCents),
                    ),
                  ]}
                />
              }
            />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <ChartCard
              title="By source"
              testId="chart-sources"
              rows={d.bySource}
              fileName={`sales-by-source-${r.from}-${r.to}.csv`}
              listTo={orders()}
              rowTo={(s) => orders({ source: s.source })}
              columns={(col) => [
                col.text(
                  "Source",
                  (s) => s.source,
                  (s) => SOURCE_LABELS[s.source] ?? s.source,
                ),
                col.money("Placed", (s) => s.placedCents),
                col.int("Orders", (s) => s.orders),
              ]}
              chart={
                <Bars
                  labels={d.bySource.map((s) => SOURCE_LABELS[s.source] ?? s.source)}
                  to={(i) => orders({ source: d.bySource[i]?.source })}
                  series={[
                    moneySeries(
                      "Placed",
                      d.bySource.map((s) => s.placedCents),
                    ),
                  ]}
                />
              }
            />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <ChartCard
              title="By style"
              testId="chart-styles"
              rows={d.byStyle}
              fileName={`sales-by-style-${r.from}-${r.to}.csv`}
              listTo={orders()}
              rowTo={(s) => orders({ styleCode: s.styleCode })}
              columns={(col) => [
                col.text("Style", (s) => s.styleCode),
                col.text("Name", (s) => s.styleName),
                col.money("Revenue", (s) => s.revenueCents),
                col.int("Units", (s) => s.units),
              ]}
              chart={
                <Bars
                  horizontal
                  labels={d.byStyle.map((s) => s.styleCode)}
                  to={(i) => orders({ styleCode: d.byStyle[i]?.styleCode })}
                  series={[{ label: "Units", data: d.byStyle.map((s) => s.units) }]}
                />
              }
            />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <ChartCard
              title="Top SKUs"
              testId="chart-skus"
              rows={d.topSkus}
              fileName={`top-skus-${r.from}-${r.to}.csv`}
              listTo={orders()}
              rowTo={(s) => orders({ sku: s.sku })}
              columns={(col) => [
                col.text("SKU", (s) => s.sku),
                col.text("Style", (s) => s.styleCode),
                col.int("Units", (s) => s.units),
                col.money("Revenue", (s) => s.revenueCents),
              ]}
              chart={
                <Bars
                  horizontal
                  labels={d.topSkus.map((s) => s.sku)}
                  to={(i) => orders({ sku: d.topSkus[i]?.sku })}
                  series={[{ label: "Units", data: d.topSkus.map((s) => s.units) }]}
                />
              }
            />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <ChartCard
              title="Units by size and colour"
              testId="chart-heatmap"
              rows={d.heatmap}
              fileName={`size-colour-${r.from}-${r.to}.csv`}
              listTo={orders()}
              rowTo={(c) => orders({ lineSize: c.size, lineColour: c.colour })}
              columns={(col) => [
                col.text("Size", (c) => c.size),
                col.text("Colour", (c) => c.colour),
                col.int("Units", (c) => c.units),
                col.int("Orders", (c) => c.orders),
              ]}
              chart={<Heatmap cells={d.heatmap} to={(c) => orders({ lineSize: c.size, lineColour: c.colour })} />}
            />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <ChartCard
              title="By coupon"
              testId="chart-coupons"
              rows={d.byCoupon}
              empty="No order in this range used a coupon."
              fileName={`sales-by-coupon-${r.from}-${r.to}.csv`}
              listTo={orders()}
              rowTo={(c) => orders({ couponCode: c.couponCode })}
              columns={(col) => [
                col.text("Coupon", (c) => c.couponCode),
                col.int("Orders", (c) => c.orders),
                col.money("Discount", (c) => c.discountCents),
                col.money("Placed", (c) => c.placedCents),
              ]}
              chart={
                <Bars
                  labels={d.byCoupon.map((c) => c.couponCode)}
                  to={(i) => orders({ couponCode: d.byCoupon[i]?.couponCode })}
                  series={[
                    moneySeries(
                      "Placed",
                      d.byCoupon.map((c) => c.placedCents),
                    ),
                    moneySeries(
                      "Discount",
                      d.byCoupon.map((c) => c.discountCents),
                    ),
                  ]}
                />
              }
            />
          </Grid>
        </Grid>
      ) : null}
    </>
  );
}

export default function SalesDashboardPage() {
  return <SalesDashboard />;
}
