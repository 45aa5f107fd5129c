import type { TFmEntry } from "@hub/contracts/file-manager/file-manager";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  LinearProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { Link as RouterLink } from "react-router";
import { PageHeader } from "../../components/page-header";
import { messageOf } from "../../lib/api-error";
import { useFilesDashboard } from "./api";
import { formatBytes } from "./drag";

const FM = "/productDev/files/fileManager";

function FilesTable({ title, rows, empty, date }: { title: string; rows: TFmEntry[]; empty: string; date?: boolean }) {
  return (
    <Card variant="outlined">
      <CardHeader title={title} slotProps={{ title: { variant: "h6", component: "h2" } }} />
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell>File</TableCell>
            <TableCell align="right">Size</TableCell>
            {date ? <TableCell>Uploaded</TableCell> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={date ? 3 : 2}>{empty}</TableCell>
            </TableRow>
          ) : null}
          {rows.map((r) => (
            <TableRow key={r.key}>
              <TableCell>
                <Link component={RouterLink} to={r.folderId === null ? FM : `${FM}?folder=${r.folderId}`}>
                  {r.name}
                </Link>
              </TableCell>
              <TableCell align="right">{formatBytes(r.sizeBytes)}</TableCell>
              {date ? <TableCell>{new Date(r.updatedAt).toLocaleString()}</TableCell> : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}

/** /productDev/files/dashboard: storage against the plan's quota, recent uploads, the largest and the unused files. */
export default function FilesDashboardPage() {
  const dash = useFilesDashboard();
  const d = dash.data;
  const share = d && d.quotaBytes > 0 ? Math.min(100, (d.usedBytes / d.quotaBytes) * 100) : 0;
  return (
    <>
      <PageHeader
        title="Files Dashboard"
        subtitle="The team's storage, recent uploads, the largest files and the ones no product uses."
        actions={
          <Button component={RouterLink} to={FM} variant="outlined">
            File Manager
          </Button>
        }
      />
      {dash.error ? <Alert severity="error">{messageOf(dash.error)}</Alert> : null}
      {d ? (
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
          <Card variant="outlined" sx={{ gridColumn: "1 / -1" }}>
            <CardContent>
              <Typography variant="h6" component="h2">
                Storage
              </Typography>
              <Typography data-testid="storage-used">
                {formatBytes(d.usedBytes)} of {formatBytes(d.quotaBytes)} used
                {d.planName ? ` (${d.planName} plan)` : ""}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={share}
                color={share > 90 ? "error" : share > 75 ? "warning" : "primary"}
                aria-label="Storage used"
                sx={{ my: 1, height: 10, borderRadius: 1 }}
              />
              <Typography variant="body2" color="text.secondary">
                {d.fileCount} files in {d.folderCount} folders; {formatBytes(d.trashBytes)} in the trash.
              </Typography>
            </CardContent>
          </Card>
          <FilesTable title="Recent uploads" rows={d.recent} empty="No files yet." date />
          <FilesTable title="Largest files" rows={d.largest} empty="No files yet." />
          <Box sx={{ gridColumn: "1 / -1" }}>
            <FilesTable title="Files no product uses" rows={d.unused} empty="Every file is used by a product." date />
          </Box>
        </Box>
      ) : null}
    </>
  );
}
