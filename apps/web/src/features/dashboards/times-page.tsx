import type { TTimesDashboard } from "@hub/contracts/dashboards/times";
import { Alert, Grid, LinearProgress } from "@mui/material";
import { PageHeader } from "../../components/page-header";
import { useAuth } from "../../lib/auth/auth-context";
import { useTimesDashboard } from "./api";
import { ChartCard } from "./chart-card";
import { Bars } from "./charts";
import { EmbedButton } from "./embed-dialog";
import { RangeBar, useDashboardQuery } from "./range-bar";

const h = (v: number | null) => (v === null ? "—" : `${v} h`);

function StayCard({
  title,
  what,
  rows,
  file,
  to,
}: {
  title: string;
  what: string;
  rows: TTimesDashboard["byState"];
  file: string;
  to?: (name: string) => string | undefined;
}) {
  return (
    <ChartCard
      title={title}
      subheader="Hours per stay that ended in the range: median and 90th percentile"
      rows={rows}
      empty="No stays ended in this range."
      fileName={file}
      rowTo={to ? (s) => to(s.name) : undefined}
      columns={(col) => [
        col.text(what, (s) => s.name),
        col.int("Stays", (s) => s.stays),
        col.text(
          "Average",
          (s) => s.avgHours,
          (s) => h(s.avgHours),
        ),
        col.text(
          "p50",
          (s) => s.p50Hours,
          (s) => h(s.p50Hours),
        ),
        col.text(
          "p90",
          (s) => s.p90Hours,
          (s) => h(s.p90Hours),
        ),
      ]}
      chart={
        <Bars
          horizontal
          labels={rows.map((s) => s.name)}
          to={to ? (i) => to(rows[i]?.name ?? "") : undefined}
          series={[
            { label: "p50 hours", data: rows.map((s) => s.p50Hours ?? 0) },
            { label: "p90 hours", data: rows.map((s) => s.p90Hours ?? 0) },
          ]}
        />
      }
    />
  );
}

/** Times (/qs-dashboards/times): time in each floor state and at each station, and the slowest open orders. */
export default function TimesPage() {
  const state = useDashboardQuery("30d");
  const times = useTimesDashboard(state.query);
  const { cardAccess } = useAuth();
  const d = times.data;
  const r = d?.range;
  const file = (name: string) => (r ? `${name}-${r.from}-${r.to}.csv` : `${name}.csv`);
  const floor = cardAccess.has("openOrders");
  return (
    <>
      <PageHeader
        title="Times"
        subtitle="How long units wait in each state and at each station, and which open orders are oldest."
        actions={<EmbedButton dashboardId="times" />}
      />
      <RangeBar state={state} resolved={r} />
      {times.isError ? <Alert severity="error">{times.error.message}</Alert> : null}
      {times.isFetching ? <LinearProgress sx={{ mb: 1 }} aria-label="Loading" /> : null}
      {d ? (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 6 }}>
            <StayCard
              title="Time in each state"
              what="State"
              rows={d.byState}
              file={file("time-in-state")}
              to={floor ? (name) => `/openOrders?state=${name}` : undefined}
            />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <StayCard title="Time at each station" what="Station" rows={d.byStation} file={file("time-at-station")} />
          </Grid>
          <Grid size={12}>
            <ChartCard
              title="Slowest orders"
              subheader="Released orders with units still open, oldest first"
              testId="chart-slowest"
              rows={d.slowestOrders}
              empty="No open orders."
              fileName={file("slowest-orders")}
              listTo={floor ? "/openOrders?sort=dueDate,asc" : undefined}
              rowTo={(o) => `/orders/${o.orderId}`}
              columns={(col) => [
                col.text("Order", (o) => o.orderNumber),
                col.text("Client", (o) => o.clientName),
                col.text(
                  "Placed",
                  (o) => o.placedAt,
                  (o) => new Date(o.placedAt).toLocaleDateString(),
                ),
                col.int("Days open", (o) => o.daysOpen),
                col.int("Open units", (o) => o.openUnits),
                col.text("Due", (o) => o.dueDate),
              ]}
              chart={
                <Bars
                  horizontal
                  labels={d.slowestOrders.map((o) => o.orderNumber)}
                  to={(i) => `/orders/${d.slowestOrders[i]?.orderId ?? 0}`}
                  series={[{ label: "Days open", data: d.slowestOrders.map((o) => o.daysOpen) }]}
                />
              }
            />
          </Grid>
        </Grid>
      ) : null}
    </>
  );
}
