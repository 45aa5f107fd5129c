import { BarChart } from "@mui/x-charts/BarChart";
import { LineChart } from "@mui/x-charts/LineChart";
import { useNavigate } from "react-router";
import { money } from "../../lib/money";

/**
 * The dashboards' charts over @mui/x-charts (loaded with the dashboard's own lazy chunk, never
 * by the login page). A click on a bar or a point opens the list behind it (`to(index)`).
 */

type Series = { label: string; data: number[]; format?: (v: number) => string };

/** A series of amounts in cents, drawn in dollars and labelled as money. */
export const moneySeries = (label: string, cents: number[]): Series => ({
  label,
  data: cents.map((c) => c / 100),
  format: (v) => money(v * 100),
});

export function Bars({
  labels,
  series,
  to,
  horizontal = false,
  height = 300,
  stacked = false,
}: {
  labels: string[];
  series: Series[];
  to?: (index: number) => string | undefined;
  horizontal?: boolean;
  height?: number;
  stacked?: boolean;
}) {
  const navigate = useNavigate();
  const band = { scaleType: "band" as const, data: labels };
  return (
    <BarChart
      height={horizontal ? Math.max(height, labels.length * 28 + 60) : height}
      layout={horizontal ? "horizontal" : "vertical"}
      xAxis={horizontal ? undefined : [band]}
      yAxis={horizontal ? [{ ...band, width: 140 }] : undefined}
      series={series.map((s) => ({
        label: s.label,
        data: s.data,
        ...(stacked ? { stack: "all" } : {}),
        ...(s.format ? { valueFormatter: (v: number | null) => (v === null ? "" : (s.format?.(v) ?? String(v))) } : {}),
      }))}
      hideLegend={series.length < 2}
      onItemClick={
        to
          ? (_e, item) => {
              const path = to(item.dataIndex);
              if (path) navigate(path);
            }
          : undefined
      }
      sx={to ? { "& .MuiBarElement-root": { cursor: "pointer" } } : undefined}
    />
  );
}

export function Lines({
  labels,
  series,
  to,
  height = 300,
}: {
  labels: string[];
  series: Series[];
  to?: (index: number) => string | undefined;
  height?: number;
}) {
  const navigate = useNavigate();
  return (
    <LineChart
      height={height}
      xAxis={[{ scaleType: "point", data: labels }]}
      series={series.map((s) => ({
        label: s.label,
        data: s.data,
        showMark: labels.length <= 60,
        ...(s.format ? { valueFormatter: (v: number | null) => (v === null ? "" : (s.format?.(v) ?? String(v))) } : {}),
      }))}
      onAxisClick={
        to
          ? (_e, data) => {
              const path = data ? to(data.dataIndex) : undefined;
              if (path) navigate(path);
            }
          : undefined
      }
    />
  );
}
