import type { TProductionDashboard } from "@hub/contracts/dashboards/production";
import { type TUnitStatus, UNIT_PROGRESS } from "@hub/contracts/floor/units";
import { Grid } from "@mui/material";
import { ChartCard, FigureTile } from "./chart-card";
import { Bars } from "./charts";

const STATE_LABELS: Record<string, string> = {
  queued: "Queued",
  printed: "Printed",
  cut: "Cut",
  sewn: "Sewn",
  inspected: "Inspected",
  packed: "Packed",
  shipped: "Shipped",
};
const label = (s: string) => STATE_LABELS[s] ?? s;

/** Scans per active hour, by station or by operator: one card, its table and its CSV. */
function ScansCard({
  who,
  rows,
  fileName,
}: {
  who: "Station" | "Operator";
  rows: TProductionDashboard["scansByStation"];
  fileName: string;
}) {
  return (
    <ChartCard
      title={`Scans per ${who.toLowerCase()}`}
      subheader="Scans per active hour"
      rows={rows}
      empty={`No ${who.toLowerCase()} scans in this range.`}
      fileName={fileName}
      columns={(col) => [
        col.text(who, (s) => s.name),
        col.int("Scans", (s) => s.scans),
        col.int("Active hours", (s) => s.activeHours),
        col.int("Per hour", (s) => s.perHour),
      ]}
      chart={
        <Bars
          horizontal
          labels={rows.map((s) => s.name)}
          series={[{ label: "Per hour", data: rows.map((s) => s.perHour) }]}
        />
      }
    />
  );
}
const num = (v: number | null, unit = "") => (v === null ? "—" : `${v.toLocaleString()}${unit}`);

/**
 * Production Overview's figures and charts, shared by the page and the wall display. `links`
 * says where a click goes (the page: /openOrders or the orders; the wall: nowhere, nobody clicks a TV).
 */
export function ProductionBoard({
  d,
  links,
  wall = false,
}: {
  d: TProductionDashboard;
  links?: { wip: (status: TUnitStatus) => string | undefined; late: string | undefined; order: (id: number) => string };
  wall?: boolean;
}) {
  const r = d.range;
  const steps = UNIT_PROGRESS.filter((s) => s !== "queued");
  const buckets = [...new Set(d.throughput.map((t) => t.day))].sort();
  const through = new Map(d.throughput.map((t) => [`${t.day}|${t.step}`, t.units]));
  const throughputRows = buckets.map((day) => ({
    day,
    ...Object.fromEntries(steps.map((s) => [s, through.get(`${day}|${s}`) ?? 0])),
  })) as ({ day: string } & Record<string, number>)[];
  const q = d.quality;
  const lt = d.leadTime;
  const half = wall ? { xs: 12, md: 6 } : { xs: 12, lg: 6 };
  const tile = wall ? { xs: 6, md: 3 } : { xs: 6, md: 3, lg: 1.5 };
  const file = (name: string) => `${name}-${r.from}-${r.to}.csv`;
  return (
    <Grid container spacing={2}>
      <Grid size={tile}>
        <FigureTile label="In progress" testId="figure-wip" value={num(d.wip.reduce((s, w) => s + w.units, 0))} />
      </Grid>
      <Grid size={tile}>
        <FigureTile label="Late orders" testId="figure-late" value={num(d.lateOrderCount)} to={links?.late} />
      </Grid>
      <Grid size={tile}>
        <FigureTile label="Lead time p50" value={num(lt.p50Days, " d")} previous={`p90 ${num(lt.p90Days, " d")}`} />
      </Grid>
      <Grid size={tile}>
        <FigureTile
          label="On time"
          value={num(lt.onTimePct, "%")}
          previous={`${lt.onTime} of ${lt.shippedOrders} shipped`}
        />
      </Grid>
      <Grid size={tile}>
        <FigureTile
          label="First-pass yield"
          value={num(q.firstPassYieldPct, "%")}
          previous={`${q.firstPassUnits} of ${q.firstInspected}`}
        />
      </Grid>
      <Grid size={tile}>
        <FigureTile label="Defects / 100 units" value={num(q.defectsPerHundred)} previous={`${q.fails} fails`} />
      </Grid>
      <Grid size={tile}>
        <FigureTile label="Recuts" value={num(q.recuts)} />
      </Grid>
      <Grid size={tile}>
        <FigureTile label="Inspections" value={num(q.inspections)} previous={`${q.unitsInspected} units`} />
      </Grid>
      <Grid size={half}>
        <ChartCard
          title="Work in progress"
          subheader="Units by floor state, now"
          testId="chart-wip"
          rows={d.wip.some((w) => w.units > 0) ? d.wip : []}
          empty="No units on the floor."
          fileName={file("wip")}
          rowTo={links ? (w) => links.wip(w.status) : undefined}
          columns={(col) => [
            col.text(
              "State",
              (w) => w.status,
              (w) => label(w.status),
            ),
            col.int("Units", (w) => w.units),
          ]}
          chart={
            <Bars
              labels={d.wip.map((w) => label(w.status))}
              to={links ? (i) => links.wip(d.wip[i]?.status ?? "queued") : undefined}
              series={[{ label: "Units", data: d.wip.map((w) => w.units) }]}
            />
          }
        />
      </Grid>
      <Grid size={half}>
        <ChartCard
          title="Throughput"
          subheader={`Units reaching each step, by ${r.bucket}`}
          testId="chart-throughput"
          rows={throughputRows}
          fileName={file("throughput")}
          columns={(col) => [
            col.text(r.bucket === "day" ? "Day" : `${r.bucket} from`, (t) => t.day),
            ...steps.map((s) => col.int(label(s), (t) => t[s] ?? 0)),
          ]}
          chart={
            <Bars
              stacked
              labels={buckets}
              series={steps.map((s) => ({ label: label(s), data: throughputRows.map((t) => t[s] ?? 0) }))}
            />
          }
        />
      </Grid>
      <Grid size={half}>
        <ChartCard
          title="Late orders"
          subheader={`${d.lateOrderCount} past their due date with units open`}
          testId="chart-late"
          rows={d.lateOrders}
          empty="No late orders."
          fileName={file("late-orders")}
          listTo={links?.late}
          rowTo={links ? (o) => links.order(o.orderId) : undefined}
          columns={(col) => [
            col.text("Order", (o) => o.orderNumber),
            col.text("Client", (o) => o.clientName),
            col.text("Due", (o) => o.dueDate),
            col.int("Days late", (o) => o.daysLate),
            col.int("Open units", (o) => o.openUnits),
          ]}
          chart={
            <Bars
              horizontal
              labels={d.lateOrders.slice(0, 15).map((o) => o.orderNumber)}
              to={links ? (i) => links.order(d.lateOrders[i]?.orderId ?? 0) : undefined}
              series={[{ label: "Days late", data: d.lateOrders.slice(0, 15).map((o) => o.daysLate) }]}
            />
          }
        />
      </Grid>
      <Grid size={half}>
        <ChartCard
          title="QC fails by reason"
          subheader="Pareto: the biggest first"
          testId="chart-fail-reasons"
          rows={d.failsByReason}
          empty="No QC fails in this range."
          fileName={file("qc-fails-by-reason")}
          columns={(col) => [col.text("Reason", (f) => f.name), col.int("Fails", (f) => f.fails)]}
          chart={
            <Bars
              horizontal
              labels={d.failsByReason.map((f) => f.name)}
              series={[{ label: "Fails", data: d.failsByReason.map((f) => f.fails) }]}
            />
          }
        />
      </Grid>
      {wall ? null : (
        <>
          <Grid size={half}>
            <ChartCard
              title="QC fails by operation"
              subheader="The station that failed them"
              rows={d.failsByOperation}
              empty="No QC fails in this range."
              fileName={file("qc-fails-by-operation")}
              columns={(col) => [col.text("Operation", (f) => f.name), col.int("Fails", (f) => f.fails)]}
              chart={
                <Bars
                  horizontal
                  labels={d.failsByOperation.map((f) => f.name)}
                  series={[{ label: "Fails", data: d.failsByOperation.map((f) => f.fails) }]}
                />
              }
            />
          </Grid>
          <Grid size={half}>
            <ScansCard who="Station" rows={d.scansByStation} fileName={file("scans-by-station")} />
          </Grid>
          <Grid size={half}>
            <ScansCard who="Operator" rows={d.scansByOperator} fileName={file("scans-by-operator")} />
          </Grid>
        </>
      )}
    </Grid>
  );
}
