import { libraryImportApi } from "@hub/contracts/library/api";
import {
  IMPORT_COLUMNS,
  IMPORT_RESOURCES,
  type TImportReport,
  type TImportResource,
  ZImportReportSchema,
} from "@hub/contracts/library/import";
import FileDownload from "@mui/icons-material/FileDownload";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  MenuItem,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { DataGrid } from "@mui/x-data-grid";
import { useQueryClient } from "@tanstack/react-query";
import { type DragEvent, useState } from "react";
import { Link as RouterLink } from "react-router";
import { toast } from "react-toastify";
import {
  ApplyingProgress,
  CsvFileButton,
  ImportColumnsTable,
  ProblemsChip,
  ReportVerdict,
} from "../../../components/csv-import";
import { PageHeader } from "../../../components/page-header";
import { pathTo } from "../../../lib/api";
import { messageOf } from "../../../lib/api-error";
import { type ImportPhase, useCsvImport } from "../../../lib/csv-import";
import { downloadFile } from "../../../lib/transfer";
import { LIBRARY_PATHS } from "../resources/paths";
import { libraryKeys } from "../shared/api";

const LABELS: Record<TImportResource, string> = {
  fabrics: "Fabrics",
  parts: "Parts",
  threads: "Threads",
  bmcThreads: "BMC Threads",
  machines: "Machines",
  options: "Options",
  attributes: "Attributes",
  instructions: "Instructions",
  styles: "Styles",
  stylePriceTiers: "Style price tiers",
  suppliers: "Suppliers",
  stockCounts: "Stock counts",
};

/** The list page where a resource's imported rows show (price tiers show on their styles). */
const listOf = (resource: TImportResource): { path: string; label: string } =>
  resource === "stylePriceTiers"
    ? { path: `/${LIBRARY_PATHS.styles.listPath}`, label: LABELS.styles }
    : resource === "suppliers"
      ? { path: "/supplierDetails", label: LABELS.suppliers }
      : resource === "stockCounts"
        ? { path: "/inventory", label: "Inventory" }
        : { path: `/${LIBRARY_PATHS[resource].listPath}`, label: LABELS[resource] };

type Phase = ImportPhase<TImportReport>;

const stepOf = (phase: Phase): number => ({ choose: 1, uploading: 1, report: 2, applying: 3, done: 4 })[phase.step];

/** /importCsv: choose a resource, get its template, upload, read the report, then import all rows or none. */
export default function ImportCsvPage() {
  const queryClient = useQueryClient();
  const [resource, setResource] = useState<TImportResource>("fabrics");
  const [dragging, setDragging] = useState(false);
  const { phase, error, setError, upload, apply, reset, busy } = useCsvImport({
    schema: ZImportReportSchema,
    validatePath: (fileName) => pathTo(libraryImportApi.importValidate, { query: { resource, fileName } }),
    applyPath: (report) => pathTo(libraryImportApi.importApply, { params: { id: report.importId } }),
    onApplied: async (done) => {
      // An import may also add fabric types or part categories, link options or change style prices: every library query reloads.
      await queryClient.invalidateQueries({ queryKey: libraryKeys.all() });
      toast.success(`${done.willCreate + done.willUpdate} ${LABELS[done.resource].toLowerCase()} rows were imported.`);
    },
  });

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void upload(file);
  };

  return (
    <>
      <PageHeader
        title="Import Csv"
        subtitle="Add or update many library rows from a spreadsheet: every row is checked before anything is written."
      />
      <Stepper activeStep={stepOf(phase) - 1} sx={{ mb: 3 }} alternativeLabel>
        {["Choose what and upload", "Check the report", "Import", "Done"].map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="import-error">
          {error}
        </Alert>
      ) : null}

      {phase.step === "choose" || phase.step === "uploading" ? (
        <Card>
          <CardContent>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mb: 2, alignItems: { sm: "center" } }}>
              <TextField
                select
                label="What to import"
                value={resource}
                disabled={busy}
                fullWidth={false}
                sx={{ minWidth: 260 }}
                onChange={(e) => setResource(e.target.value as TImportResource)}
              >
                {IMPORT_RESOURCES.map((r) => (
                  <MenuItem key={r} value={r}>
                    {LABELS[r]}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                variant="outlined"
                startIcon={<FileDownload />}
                sx={{ flexShrink: 0, whiteSpace: "nowrap" }}
                onClick={() =>
                  downloadFile(
                    pathTo(libraryImportApi.importTemplate, { params: { resource } }),
                    `${resource}-template.csv`,
                  ).catch((e) => setError(messageOf(e)))
                }
              >
                Download template
              </Button>
            </Stack>
            <ImportColumnsTable columns={IMPORT_COLUMNS[resource]} sx={{ mb: 2 }} />
            <Box
              role="region"
              aria-label="Drop a CSV file"
              onDragOver={(e) => {
                e.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              sx={{
                border: 2,
                borderStyle: "dashed",
                borderColor: dragging ? "primary.main" : "divider",
                borderRadius: 2,
                p: 4,
                textAlign: "center",
                bgcolor: dragging ? "action.hover" : "transparent",
              }}
            >
              {phase.step === "uploading" ? (
                <Box>
                  <Typography sx={{ mb: 1 }}>
                    Uploading and checking {phase.fileName}… {Math.round(phase.progress * 100)}%
                  </Typography>
                  <LinearProgress
                    variant={phase.progress < 1 ? "determinate" : "indeterminate"}
                    value={Math.round(phase.progress * 100)}
                    aria-label="Upload progress"
                  />
                </Box>
              ) : (
                <>
                  <Typography sx={{ mb: 2 }}>Drop a CSV file here, or</Typography>
                  <CsvFileButton onFile={(f) => void upload(f)} />
                  <Typography variant="body2" sx={{ mt: 1, color: "text.secondary" }}>
                    Rows whose code already exists update that row; new codes add rows. Up to 100,000 rows or 25 MB.
                  </Typography>
                </>
              )}
            </Box>
          </CardContent>
        </Card>
      ) : null}

      {phase.step === "report" || phase.step === "applying" ? (
        <ReportCard phase={phase} onApply={apply} onRestart={() => reset()} />
      ) : null}

      {phase.step === "done" ? (
        <Card>
          <CardContent>
            <Alert severity="success" sx={{ mb: 2 }} data-testid="import-done">
              {phase.report.fileName}: {phase.report.willCreate} added and {phase.report.willUpdate} updated{" "}
              {LABELS[phase.report.resource].toLowerCase()}.
            </Alert>
            <Stack direction="row" spacing={1}>
              <Button component={RouterLink} to={listOf(phase.report.resource).path} variant="contained">
                Open {listOf(phase.report.resource).label}
              </Button>
              <Button onClick={() => reset()}>Import another file</Button>
            </Stack>
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}

function ReportCard({
  phase,
  onApply,
  onRestart,
}: {
  phase: { step: "report" | "applying"; report: TImportReport };
  onApply: (r: TImportReport) => void;
  onRestart: () => void;
}) {
  const r = phase.report;
  const ok = r.errorCount === 0;
  const rows = r.validCount;
  const columns = Object.keys(r.preview[0] ?? {});
  return (
    <Card>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: "wrap", gap: 1 }} aria-label="Report summary">
          <Chip label={`${r.rowCount} rows`} />
          <Chip color="success" variant="outlined" label={`${r.willCreate} to add`} />
          <Chip color="info" variant="outlined" label={`${r.willUpdate} to update`} />
          <ProblemsChip count={r.errorCount} />
        </Stack>
        <ReportVerdict fileName={r.fileName} errorCount={r.errorCount} written="written" />
        {!ok ? (
          <Box sx={{ mb: 2 }}>
            <DataGrid
              aria-label="Problems"
              rows={r.errors.map((e, id) => ({ id, ...e }))}
              columns={[
                { field: "line", headerName: "Line", width: 90, type: "number" },
                { field: "column", headerName: "Column", width: 160 },
                { field: "message", headerName: "Problem", flex: 1, minWidth: 300 },
              ]}
              initialState={{ pagination: { paginationModel: { pageSize: 10 } } }}
              pageSizeOptions={[10, 25, 100]}
              disableRowSelectionOnClick
              density="compact"
            />
            {r.errorCount > r.errors.length ? (
              <Typography variant="body2" sx={{ mt: 1 }}>
                The first {r.errors.length} of {r.errorCount} problems are shown.
              </Typography>
            ) : null}
          </Box>
        ) : null}
        {columns.length > 0 ? (
          <>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              The first rows as read
            </Typography>
            <Box sx={{ overflowX: "auto", mb: 2 }}>
              <Table size="small" aria-label="Preview">
                <TableHead>
                  <TableRow>
                    {columns.map((c) => (
                      <TableCell key={c}>{c}</TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {r.preview.map((row, n) => (
                    <TableRow key={n}>
                      {columns.map((c) => (
                        <TableCell key={c}>{row[c]}</TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </>
        ) : null}
        {phase.step === "applying" ? (
          <ApplyingProgress>
            Writing {rows} {rows === 1 ? "row" : "rows"} in one transaction: all of them or none…
          </ApplyingProgress>
        ) : null}
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            disabled={!ok || phase.step === "applying"}
            loading={phase.step === "applying"}
            onClick={() => onApply(r)}
          >
            Import {rows} {rows === 1 ? "row" : "rows"}
          </Button>
          <Button onClick={onRestart} disabled={phase.step === "applying"}>
            Choose another file
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
