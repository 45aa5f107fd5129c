import { ORDER_IMPORT_COLUMNS, type TOrderImportReport, ZOrderImportReportSchema } from "@hub/contracts/orders/import";
import { orderImportApi } from "@hub/contracts/orders/import-api";
import FileDownload from "@mui/icons-material/FileDownload";
import {
  Alert,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router";
import { toast } from "react-toastify";
import {
  ApplyingProgress,
  CsvFileButton,
  ImportColumnsTable,
  ProblemsChip,
  ReportVerdict,
} from "../../components/csv-import";
import { PageHeader } from "../../components/page-header";
import { pathTo } from "../../lib/api";
import { messageOf } from "../../lib/api-error";
import { useCsvImport } from "../../lib/csv-import";
import { downloadFile } from "../../lib/transfer";
import { money } from "./format";

/**
 * /orders/import: the library's validate-then-apply import for orders. Upload a CSV (one order per
 * PO number, one line per row), read the row-by-row report, then place every order or none.
 */
export default function OrderImportPage() {
  const queryClient = useQueryClient();
  const { phase, error, setError, upload, apply, reset, busy } = useCsvImport({
    schema: ZOrderImportReportSchema,
    validatePath: (fileName) => pathTo(orderImportApi.validate, { query: { fileName } }),
    applyPath: (report) => pathTo(orderImportApi.apply, { params: { id: report.importId } }),
    onApplied: async (done) => {
      await queryClient.invalidateQueries({ queryKey: ["orders"] });
      toast.success(`${done.willCreate} ${done.willCreate === 1 ? "order was" : "orders were"} placed.`);
    },
  });

  return (
    <>
      <PageHeader
        title="Import orders"
        subtitle="Place many orders from a spreadsheet: one order per PO number, one line per row. Every row is checked before anything is placed."
        actions={
          <Button component={RouterLink} to="/orders">
            Back to orders
          </Button>
        }
      />
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="import-error">
          {error}
        </Alert>
      ) : null}

      {phase.step === "choose" || phase.step === "uploading" ? (
        <Card>
          <CardContent>
            <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: "center" }}>
              <CsvFileButton onFile={(f) => void upload(f)} disabled={busy} loading={phase.step === "uploading"} />
              <Button
                variant="outlined"
                startIcon={<FileDownload />}
                onClick={() =>
                  downloadFile(pathTo(orderImportApi.template), "orders-template.csv").catch((e) =>
                    setError(messageOf(e)),
                  )
                }
              >
                Download template
              </Button>
            </Stack>
            {phase.step === "uploading" ? (
              <LinearProgress
                variant={phase.progress < 1 ? "determinate" : "indeterminate"}
                value={Math.round(phase.progress * 100)}
                aria-label="Upload progress"
                sx={{ mb: 2 }}
              />
            ) : null}
            <ImportColumnsTable columns={ORDER_IMPORT_COLUMNS} />
          </CardContent>
        </Card>
      ) : (
        <ReportCard phase={phase.step} report={phase.report} onApply={apply} onRestart={() => reset()} />
      )}
    </>
  );
}

function ReportCard({
  phase,
  report: r,
  onApply,
  onRestart,
}: {
  phase: "report" | "applying" | "done";
  report: TOrderImportReport;
  onApply: (r: TOrderImportReport) => void;
  onRestart: () => void;
}) {
  const ok = r.errorCount === 0;
  return (
    <Card>
      <CardContent>
        <Stack direction="row" sx={{ mb: 2, flexWrap: "wrap", gap: 1 }} aria-label="Report summary">
          <Chip label={`${r.rowCount} rows`} />
          <Chip color="success" variant="outlined" label={`${r.willCreate} orders to place`} />
          {r.alreadyImported > 0 ? <Chip variant="outlined" label={`${r.alreadyImported} already imported`} /> : null}
          <ProblemsChip count={r.errorCount} />
        </Stack>
        {phase === "done" ? (
          <Alert severity="success" sx={{ mb: 2 }} data-testid="import-done">
            {r.fileName}: {r.willCreate} {r.willCreate === 1 ? "order" : "orders"} placed
            {r.alreadyImported > 0 ? `, ${r.alreadyImported} imported before` : ""}.
          </Alert>
        ) : (
          <ReportVerdict fileName={r.fileName} errorCount={r.errorCount} written="placed" />
        )}
        {!ok ? (
          <Table size="small" aria-label="Problems" sx={{ mb: 2 }}>
            <TableHead>
              <TableRow>
                <TableCell>Line</TableCell>
                <TableCell>Column</TableCell>
                <TableCell>Problem</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {r.errors.map((e, n) => (
                <TableRow key={n}>
                  <TableCell>{e.line}</TableCell>
                  <TableCell sx={{ fontFamily: "monospace" }}>{e.column ?? ""}</TableCell>
                  <TableCell>{e.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
        {r.orders.length > 0 ? (
          <Table size="small" aria-label="Orders" sx={{ mb: 2 }}>
            <TableHead>
              <TableRow>
                <TableCell>PO number</TableCell>
                <TableCell>Client</TableCell>
                <TableCell>CSV lines</TableCell>
                <TableCell align="right">Total</TableCell>
                <TableCell>Order</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {r.orders.map((o) => (
                <TableRow key={`${o.clientId}-${o.poNumber}`}>
                  <TableCell>{o.poNumber}</TableCell>
                  <TableCell>{o.clientName}</TableCell>
                  <TableCell>{o.lines.join(", ")}</TableCell>
                  <TableCell align="right">{o.totalCents === null ? "" : money(o.totalCents)}</TableCell>
                  <TableCell>
                    {o.orderId !== null ? (
                      <Link component={RouterLink} to={`/orders/${o.orderId}`}>
                        {o.orderNumber}
                      </Link>
                    ) : (
                      "new"
                    )}
                    {o.alreadyImported ? " (imported before)" : ""}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
        {phase === "applying" ? (
          <ApplyingProgress>Placing the orders in one transaction: all of them or none…</ApplyingProgress>
        ) : null}
        <Stack direction="row" spacing={1}>
          {phase !== "done" ? (
            <Button
              variant="contained"
              disabled={!ok || phase === "applying"}
              loading={phase === "applying"}
              onClick={() => onApply(r)}
            >
              Apply: place {r.willCreate} {r.willCreate === 1 ? "order" : "orders"}
            </Button>
          ) : (
            <Button component={RouterLink} to="/orders?source=import" variant="contained">
              Open imported orders
            </Button>
          )}
          <Button onClick={onRestart} disabled={phase === "applying"}>
            {phase === "done" ? "Import another file" : "Choose another file"}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
