import type { TQualityHistory } from "@hub/contracts/dashboards/quality";
import { Alert, Grid, LinearProgress } from "@mui/material";
import { PageHeader } from "../../components/page-header";
import { useQualityHistory } from "./api";
import { ChartCard, FigureTile } from "./chart-card";
import { Bars, Lines } from "./charts";
import { EmbedButton } from "./embed-dialog";
import { bucketDates, type QcListFilter, qcListTo } from "./links";
import { RangeBar, useDashboardQuery } from "./range-bar";

const pct = (v: number | null) => (v === null ? "—" : `${v}%`);

function GroupCard({
  title,
  rows,
  file,
  what,
  to,
  testId,
}: {
  title: string;
  rows: TQualityHistory["byStyle"];
  file: string;
  what: string;
  /** The list of a group's inspections. */
  to: (name: string) => string | undefined;
  testId: string;
}) {
  return (
    <ChartCard
      title={title}
      testId={testId}
      subheader="Fails and inspections, most fails first"
      rows={rows}
      empty="No QC inspections in this range."
      fileName={file}
      rowTo={(g) => to(g.name)}
      columns={(col) => [
        col.text(what, (g) => g.name),
        col.int("Inspections", (g) => g.inspections),
        col.int("Fails", (g) => g.fails),
        col.text(
          "Fail rate",
          (g) => g.failRatePct,
          (g) => pct(g.failRatePct),
        ),
      ]}
      chart={
        <Bars
          horizontal
          stacked
          labels={rows.map((g) => g.name)}
          to={(i) => {
            const g = rows[i];
            return g ? to(g.name) : undefined;
          }}
          series={[
            { label: "Fails", data: rows.map((g) => g.fails) },
            { label: "Passed", data: rows.map((g) => g.inspections - g.fails) },
          ]}
        />
      }
    />
  );
}

/** Quality History (/qs-dashboards/qualityHistory): QC results over time, a Pareto of fail reasons, and fails by style, operation and operator. */
export default function QualityHistoryPage() {
  const state = useDashboardQuery("90d");
  const quality = useQualityHistory(state.query);
  const d = quality.data;
  const r = d?.range;
  const file = (name: string) => (r ? `${name}-${r.from}-${r.to}.csv` : `${name}.csv`);
  const clientId = state.clientId;
  const list = (filter: QcListFilter = {}, dates: { from: string; to: string } | undefined = r) =>
    dates ? qcListTo(dates, { clientId, ...filter }) : undefined;
  const group = (key: "style" | "operation" | "operator") => (name: string) =>
    list(key === "style" ? { style: name } : key === "operation" ? { operation: name } : { operator: name });
  return (
    <>
      <PageHeader
        title="Quality History"
        subtitle="QC inspections over the range: pass rate, why units fail, and where."
        actions={<EmbedButton dashboardId="qualityHistory" />}
      />
      <RangeBar state={state} resolved={r} />
      {quality.isError ? <Alert severity="error">{quality.error.message}</Alert> : null}
      {quality.isFetching ? <LinearProgress sx={{ mb: 1 }} aria-label="Loading" /> : null}
      {d && r ? (
        <Grid container spacing={2}>
          <Grid size={{ xs: 6, md: 3 }}>
            <FigureTile
              label="Inspections"
              testId="figure-inspections"
              value={d.inspections.toLocaleString()}
              to={list()}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <FigureTile
              label="Fails"
              testId="figure-fails"
              value={d.fails.toLocaleString()}
              to={list({ result: "fail" })}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <FigureTile
              label="Pass rate"
              value={pct(d.inspections ? Math.round(((d.inspections - d.fails) / d.inspections) * 1000) / 10 : null)}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <FigureTile
              label={`First-pass yield (${d.firstPassUnits.toLocaleString()} of ${d.firstInspected.toLocaleString()} units)`}
              testId="figure-first-pass"
              value={pct(d.firstPassYieldPct)}
            />
          </Grid>
          <Grid size={12}>
            <ChartCard
              title="Inspections over time"
              testId="qc-series"
              subheader={`By ${r.bucket}`}
              rows={d.inspections > 0 ? d.series : []}
              empty="No QC inspections in this range."
              fileName={file("qc-over-time")}
              listTo={list()}
              rowTo={(p) => list({}, bucketDates(r, p.bucket))}
              columns={(col) => [
                col.text(r.bucket === "day" ? "Day" : `${r.bucket} from`, (p) => p.bucket),
                col.int("Inspections", (p) => p.inspections),
                col.int("Fails", (p) => p.fails),
                col.text(
                  "Pass rate",
                  (p) => p.passRatePct,
                  (p) => pct(p.passRatePct),
                ),
              ]}
              chart={
                <Lines
                  labels={d.series.map((p) => p.bucket)}
                  to={(i) => {
                    const p = d.series[i];
                    return p ? list({}, bucketDates(r, p.bucket)) : undefined;
                  }}
                  series={[
                    { label: "Inspections", data: d.series.map((p) => p.inspections) },
                    { label: "Fails", data: d.series.map((p) => p.fails) },
                  ]}
                />
              }
            />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <ChartCard
              title="Fail reasons (Pareto)"
              testId="qc-pareto"
              subheader="Biggest first, with the running share of all fails"
              rows={d.pareto}
              empty="No QC fails in this range."
              fileName={file("qc-pareto")}
              listTo={list({ result: "fail" })}
              rowTo={(p) => list({ result: "fail", reason: p.name })}
              columns={(col) => [
                col.text("Reason", (p) => p.name),
                col.int("Fails", (p) => p.fails),
                col.text(
                  "Cumulative",
                  (p) => p.cumulativePct,
                  (p) => pct(p.cumulativePct),
                ),
              ]}
              chart={
                <Bars
                  labels={d.pareto.map((p) => `${p.name} (${p.cumulativePct}%)`)}
                  to={(i) => list({ result: "fail", reason: d.pareto[i]?.name })}
                  series={[{ label: "Fails", data: d.pareto.map((p) => p.fails) }]}
                />
              }
            />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <GroupCard
              title="By style"
              what="Style"
              rows={d.byStyle}
              file={file("qc-by-style")}
              to={group("style")}
              testId="qc-styles"
            />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <GroupCard
              title="By operation"
              what="Station"
              rows={d.byOperation}
              file={file("qc-by-operation")}
              to={group("operation")}
              testId="qc-operations"
            />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <GroupCard
              title="By operator"
              what="Operator"
              rows={d.byOperator}
              file={file("qc-by-operator")}
              to={group("operator")}
              testId="qc-operators"
            />
          </Grid>
        </Grid>
      ) : null}
    </>
  );
}
