import { Alert, Grid, LinearProgress } from "@mui/material";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../components/page-header";
import { useAuth } from "../../lib/auth/auth-context";
import { useFloorBoard } from "./api";
import { ChartCard, FigureTile } from "./chart-card";
import { Bars } from "./charts";
import { EmbedButton } from "./embed-dialog";

const LABELS: Record<string, string> = {
  printed: "Printed",
  cut: "Cut",
  sewn: "Sewn",
  inspected: "Inspected",
  packed: "Packed",
  shipped: "Shipped",
};

/** 3100 (/qs-dashboards/3100): one facility's floor board for today, target against actual by step, refreshed every 30 s. */
export default function FloorBoardPage() {
  const [params] = useSearchParams();
  const factoryId = Number.parseInt(params.get("factoryId") ?? "", 10) || undefined;
  const board = useFloorBoard(factoryId);
  const { cardAccess } = useAuth();
  const d = board.data;
  const floor = cardAccess.has("openOrders");
  return (
    <>
      <PageHeader
        title="3100"
        actions={<EmbedButton dashboardId="3100" />}
        subtitle={
          d
            ? `${d.factoryName}, ${d.day} (UTC): units that reached each step today against what must reach it by tonight.`
            : "Today's floor board."
        }
      />
      {board.isError ? <Alert severity="error">{board.error.message}</Alert> : null}
      {board.isFetching ? <LinearProgress sx={{ mb: 1 }} aria-label="Loading" /> : null}
      {d ? (
        <Grid container spacing={2}>
          {d.steps.map((s) => (
            <Grid key={s.step} size={{ xs: 6, md: 4, lg: 2 }}>
              <FigureTile
                label={LABELS[s.step] ?? s.step}
                testId={`board-${s.step}`}
                value={`${s.actual} / ${s.target}`}
                previous={s.target ? `${Math.round((s.actual / s.target) * 100)}% of target` : "No target"}
                to={floor ? `/openOrders?state=${s.step}` : undefined}
              />
            </Grid>
          ))}
          <Grid size={{ xs: 12, lg: 7 }}>
            <ChartCard
              title="Target and actual by step"
              rows={d.steps}
              fileName={`floor-board-${d.day}.csv`}
              listTo={floor ? "/openOrders" : undefined}
              rowTo={floor ? (s) => `/openOrders?state=${s.step}` : undefined}
              columns={(col) => [
                col.text(
                  "Step",
                  (s) => s.step,
                  (s) => LABELS[s.step] ?? s.step,
                ),
                col.int("Target", (s) => s.target),
                col.int("Actual", (s) => s.actual),
              ]}
              chart={
                <Bars
                  labels={d.steps.map((s) => LABELS[s.step] ?? s.step)}
                  to={floor ? (i) => `/openOrders?state=${d.steps[i]?.step ?? ""}` : undefined}
                  series={[
                    { label: "Target", data: d.steps.map((s) => s.target) },
                    { label: "Actual", data: d.steps.map((s) => s.actual) },
                  ]}
                />
              }
            />
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }}>
            <ChartCard
              title="Scans per hour today"
              subheader="UTC hours"
              rows={d.hourly}
              empty="No scans yet today."
              fileName={`floor-board-hourly-${d.day}.csv`}
              columns={(col) => [col.int("Hour", (h) => h.hour), col.int("Scans", (h) => h.scans)]}
              chart={
                <Bars
                  labels={d.hourly.map((h) => `${h.hour}:00`)}
                  series={[{ label: "Scans", data: d.hourly.map((h) => h.scans) }]}
                />
              }
            />
          </Grid>
        </Grid>
      ) : null}
    </>
  );
}
