import { BarChartOutlined, Download, OpenInNew, TableRowsOutlined } from "@mui/icons-material";
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import { type ReactNode, useId, useState } from "react";
import { Link as RouterLink } from "react-router";
import { money } from "../../lib/money";
import { downloadCsv, toCsv } from "./csv";

export type ChartColumn<T> = {
  label: string;
  /** The cell's value in the CSV (numbers stay numbers: cents, counts). */
  value: (row: T) => string | number | null;
  /** How the table shows it (money, percent); the value otherwise. */
  show?: (row: T) => string;
  numeric?: boolean;
};

/** Column makers for one chart's rows (`columns={(col) => [col.text("Client", (r) => r.clientName), …]}`). */
export type Columns<T> = {
  text: (label: string, value: (row: T) => string | number | null, show?: (row: T) => string) => ChartColumn<T>;
  int: (label: string, value: (row: T) => number) => ChartColumn<T>;
  money: (label: string, value: (row: T) => number) => ChartColumn<T>;
};
/** The column makers for rows of type T (plain functions: cheap to make per render). */
const columnMakers = <T,>(): Columns<T> => ({
  text: (label, value, show) => ({ label, value, show }),
  int: (label, value) => ({ label, value, numeric: true }),
  money: (label, value) => ({ label, value, show: (row) => money(value(row)), numeric: true }),
});

/**
 * One chart of a dashboard: the chart or its table (the same rows, for screen readers and for
 * reading exact figures), a CSV of exactly those rows, a clear empty state, and a click-through
 * to the list it summarises (`listTo`, the whole chart; `rowTo`, one bar or row).
 */
export function ChartCard<T>({
  title,
  subheader,
  rows,
  columns: columnsOf,
  chart,
  fileName,
  listTo,
  rowTo,
  empty = "Nothing in this range.",
  testId,
}: {
  title: string;
  subheader?: string;
  rows: readonly T[];
  columns: (col: Columns<T>) => ChartColumn<T>[];
  chart: ReactNode;
  fileName: string;
  listTo?: string;
  rowTo?: (row: T) => string | undefined;
  empty?: string;
  testId?: string;
}) {
  const [view, setView] = useState<"chart" | "table">("chart");
  const captionId = useId();
  const columns = columnsOf(columnMakers<T>());
  const csv = () =>
    downloadCsv(
      fileName,
      toCsv(
        columns.map((c) => c.label),
        rows.map((r) => columns.map((c) => c.value(r))),
      ),
    );
  return (
    <Card data-testid={testId} sx={{ height: "100%" }}>
      <CardHeader
        title={title}
        subheader={subheader}
        slotProps={{ title: { variant: "h6", component: "h2", id: captionId } }}
        action={
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={view}
              onChange={(_, v) => v && setView(v)}
              aria-label={`${title}: chart or table`}
            >
              <ToggleButton value="chart" aria-label="Chart">
                <BarChartOutlined fontSize="small" />
              </ToggleButton>
              <ToggleButton value="table" aria-label="Table">
                <TableRowsOutlined fontSize="small" />
              </ToggleButton>
            </ToggleButtonGroup>
            <Button size="small" startIcon={<Download />} onClick={csv} disabled={rows.length === 0}>
              CSV
            </Button>
          </Stack>
        }
      />
      <CardContent>
        {rows.length === 0 ? (
          <Box sx={{ py: 6, textAlign: "center" }}>
            <Typography color="text.secondary">{empty}</Typography>
          </Box>
        ) : view === "chart" ? (
          chart
        ) : (
          <TableContainer sx={{ maxHeight: 360 }}>
            <Table size="small" stickyHeader aria-labelledby={captionId}>
              <TableHead>
                <TableRow>
                  {columns.map((c) => (
                    <TableCell key={c.label} align={c.numeric ? "right" : "left"}>
                      {c.label}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r, i) => {
                  const to = rowTo?.(r);
                  return (
                    <TableRow key={i}>
                      {columns.map((c, j) => {
                        const text = c.show ? c.show(r) : String(c.value(r) ?? "");
                        return (
                          <TableCell key={c.label} align={c.numeric ? "right" : "left"}>
                            {j === 0 && to ? (
                              <Link component={RouterLink} to={to}>
                                {text}
                              </Link>
                            ) : (
                              text
                            )}
                          </TableCell>
                        );
                      })}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {listTo ? (
          <Box sx={{ mt: 1, textAlign: "right" }}>
            <Button component={RouterLink} to={listTo} size="small" endIcon={<OpenInNew />}>
              Open the list
            </Button>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** One figure with the previous period's beside it and the change. */
export function FigureTile({
  label,
  value,
  previous,
  change,
  to,
  testId,
}: {
  label: string;
  value: string;
  previous?: string;
  change?: number | null;
  to?: string;
  testId?: string;
}) {
  const body = (
    <CardContent>
      <Typography variant="overline" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" data-testid={testId}>
        {value}
      </Typography>
      {previous !== undefined ? (
        <Typography variant="body2" color="text.secondary">
          {`Before: ${previous}`}
          {change === null || change === undefined ? "" : ` (${change > 0 ? "+" : ""}${change}%)`}
        </Typography>
      ) : null}
    </CardContent>
  );
  return (
    <Card sx={{ height: "100%" }}>
      {to ? (
        <Link component={RouterLink} to={to} underline="none" color="inherit" aria-label={`${label}: open the list`}>
          {body}
        </Link>
      ) : (
        body
      )}
    </Card>
  );
}
