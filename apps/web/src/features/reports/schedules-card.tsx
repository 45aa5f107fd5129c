import type { TReportSchedule } from "@hub/contracts/reports/reports";
import { Button, Card, CardHeader, Table, TableBody, TableCell, TableHead, TableRow } from "@mui/material";
import { useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { useDeleteSchedule, useReportSchedules } from "./api";

const filtersText = (filters: Record<string, unknown>) =>
  Object.entries(filters)
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(", ") || "No filters";

/** The person's repeated downloads (each emailed as a link when ready), with Delete. */
export function SchedulesCard() {
  const schedules = useReportSchedules();
  const remove = useDeleteSchedule();
  const [deleting, setDeleting] = useState<TReportSchedule | null>(null);
  const items = schedules.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Card sx={{ mb: 3 }}>
      <CardHeader title="Repeated reports" subheader="Each run is emailed to you as a link when its file is ready." />
      <Table size="small" aria-label="Repeated reports">
        <TableHead>
          <TableRow>
            <TableCell>Report</TableCell>
            <TableCell>Format</TableCell>
            <TableCell>Repeats</TableCell>
            <TableCell>Next run</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((s) => (
            <TableRow key={s.id}>
              <TableCell>
                {s.title} ({filtersText(s.filters)})
              </TableCell>
              <TableCell>{s.format.toUpperCase()}</TableCell>
              <TableCell>{s.frequency === "daily" ? "Daily" : "Weekly"}</TableCell>
              <TableCell>{new Date(s.nextRunAt).toLocaleString()}</TableCell>
              <TableCell align="right">
                <Button size="small" color="error" onClick={() => setDeleting(s)}>
                  Delete
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ConfirmDialog
        open={deleting !== null}
        title="Stop repeating this report?"
        message={`${deleting?.title ?? "The report"} is no longer made; files already made stay for their 7 days.`}
        confirmLabel="Delete"
        danger
        onConfirm={async () => {
          if (deleting) await remove.mutateAsync(deleting.id);
        }}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
