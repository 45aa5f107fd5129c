import { reportsApi } from "@hub/contracts/reports/api";
import type { TReportDownload } from "@hub/contracts/reports/reports";
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { PageHeader } from "../../components/page-header";
import { pathTo } from "../../lib/api";
import { messageOf } from "../../lib/api-error";
import { downloadFile } from "../../lib/transfer";
import { useCancelReport, useReportCatalogue, useReportDownloads } from "./api";
import { RequestReportForm } from "./request-form";
import { SchedulesCard } from "./schedules-card";

const STATUS: Record<TReportDownload["status"], { text: string; color: "default" | "info" | "success" | "error" }> = {
  queued: { text: "Queued", color: "default" },
  running: { text: "Running", color: "info" },
  done: { text: "Ready", color: "success" },
  failed: { text: "Failed", color: "error" },
  cancelled: { text: "Cancelled", color: "default" },
};

const filtersText = (filters: Record<string, unknown>) =>
  Object.entries(filters)
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(", ") || "No filters";

const sizeText = (bytes: number | null) =>
  bytes === null
    ? ""
    : bytes < 1024
      ? `${bytes} B`
      : bytes < 1048576
        ? `${(bytes / 1024).toFixed(1)} KB`
        : `${(bytes / 1048576).toFixed(1)} MB`;

function DownloadRow({ d, onCancel }: { d: TReportDownload; onCancel: (d: TReportDownload) => void }) {
  const [error, setError] = useState<string | null>(null);
  const status = STATUS[d.status];
  const active = d.status === "queued" || d.status === "running";
  return (
    <TableRow data-testid={`download-${d.id}`}>
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {d.title}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {filtersText(d.filters)}
        </Typography>
      </TableCell>
      <TableCell>{d.format.toUpperCase()}</TableCell>
      <TableCell>{new Date(d.createdAt).toLocaleString()}</TableCell>
      <TableCell sx={{ minWidth: 200 }}>
        <Chip size="small" label={status.text} color={status.color} />
        <Typography variant="caption" sx={{ display: "block", mt: 0.5 }}>
          {d.rowsWritten.toLocaleString()} rows{d.status === "done" ? ` · ${sizeText(d.sizeBytes)}` : ""}
        </Typography>
        {active ? <LinearProgress sx={{ mt: 0.5 }} aria-label="Writing the file" /> : null}
        {d.status === "failed" && d.errorMessage ? (
          <Alert severity="error" sx={{ mt: 1, py: 0 }}>
            {d.errorMessage}
          </Alert>
        ) : null}
        {error ? (
          <Alert severity="error" sx={{ mt: 1, py: 0 }}>
            {error}
          </Alert>
        ) : null}
      </TableCell>
      <TableCell>{new Date(d.expiresAt).toLocaleDateString()}</TableCell>
      <TableCell align="right">
        <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end" }}>
          {d.status === "done" ? (
            <Button
              size="small"
              variant="contained"
              onClick={() => {
                setError(null);
                downloadFile(
                  pathTo(reportsApi.file, { params: { id: d.id } }),
                  d.fileName ?? `report-${d.id}.${d.format}`,
                ).catch((e: unknown) => setError(messageOf(e)));
              }}
            >
              Download
            </Button>
          ) : null}
          {active ? (
            <Button size="small" color="error" onClick={() => onCancel(d)}>
              Cancel
            </Button>
          ) : null}
        </Stack>
      </TableCell>
    </TableRow>
  );
}

/** Report Downloads (/reportDownloads): request a report file, follow its progress, download it for 7 days. */
export default function ReportDownloadsPage() {
  const catalogue = useReportCatalogue();
  const downloads = useReportDownloads();
  const cancelReport = useCancelReport();
  const [cancelling, setCancelling] = useState<TReportDownload | null>(null);
  const items = downloads.data?.items ?? [];
  return (
    <>
      <PageHeader
        title="Report Downloads"
        subtitle="Request a report as a CSV or XLSX file. It is written in the background; your files are kept for 7 days."
      />
      {catalogue.error ? <Alert severity="error">{messageOf(catalogue.error)}</Alert> : null}
      {catalogue.data ? <RequestReportForm catalogue={catalogue.data} /> : null}
      <SchedulesCard />
      <Card>
        <Box sx={{ p: 2 }}>
          <Typography variant="h6">Your downloads</Typography>
        </Box>
        {downloads.error ? <Alert severity="error">{messageOf(downloads.error)}</Alert> : null}
        {downloads.isLoading ? <LinearProgress /> : null}
        {downloads.data && items.length === 0 ? (
          <Box sx={{ p: 2 }}>
            <Typography color="text.secondary">No downloads in the last 7 days.</Typography>
          </Box>
        ) : null}
        {items.length > 0 ? (
          <Table size="small" aria-label="Your downloads">
            <TableHead>
              <TableRow>
                <TableCell>Report</TableCell>
                <TableCell>Format</TableCell>
                <TableCell>Requested</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Kept until</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((d) => (
                <DownloadRow key={d.id} d={d} onCancel={setCancelling} />
              ))}
            </TableBody>
          </Table>
        ) : null}
      </Card>
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel this download?"
        message={`${cancelling?.title ?? "The report"} stops being written and no file is kept.`}
        confirmLabel="Cancel download"
        danger
        onConfirm={async () => {
          if (cancelling) await cancelReport.mutateAsync(cancelling.id);
        }}
        onClose={() => setCancelling(null)}
      />
    </>
  );
}
