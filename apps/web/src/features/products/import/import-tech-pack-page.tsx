import { productsApi } from "@hub/contracts/products/api";
import { techPackPath } from "@hub/contracts/products/products";
import {
  TECH_PACK_IMPORT_LIMITS,
  type TTpImportPdfResult,
  type TTpImportPreview,
  type TTpImportResult,
  type TTpImportSectionMapping,
  ZTpImportApplyRequestSchema,
  ZTpImportPreviewSchema,
} from "@hub/contracts/products/tech-pack-import";
import { techPackImportApi as api } from "@hub/contracts/products/tech-pack-import-api";
import FileDownload from "@mui/icons-material/FileDownload";
import UploadFile from "@mui/icons-material/UploadFile";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Link,
  MenuItem,
  Stack,
  Step,
  StepLabel,
  Stepper,
  TextField,
  Typography,
} from "@mui/material";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type DragEvent, useState } from "react";
import { Link as RouterLink } from "react-router";
import { toast } from "react-toastify";
import { FileButton } from "../../../components/file-button";
import { PageHeader } from "../../../components/page-header";
import { call, pathTo } from "../../../lib/api";
import { messageOf } from "../../../lib/api-error";
import { downloadFile, uploadWithProgress } from "../../../lib/transfer";
import { productKeys } from "../api";
import { MappingCard, ProblemsTable } from "./mapping";
import { isPdfFile, PdfImportCard } from "./pdf-import";

const toMapping = (p: TTpImportPreview): TTpImportSectionMapping[] =>
  p.sections.map((s) => ({
    section: s.section,
    sheet: s.sheet,
    columns: s.columns.map(({ index, header, field }) => ({ index, header, field })),
  }));

/** /productDev/files/importTechPack: upload a workbook or CSV, check its mapping and problems, apply it (issue 19). */
export default function ImportTechPackPage() {
  const queryClient = useQueryClient();
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<TTpImportPreview | null>(null);
  const [mapping, setMapping] = useState<TTpImportSectionMapping[]>([]);
  const [edited, setEdited] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<TTpImportResult | TTpImportPdfResult | null>(null);
  const [pdf, setPdf] = useState<File | null>(null);
  const [teamId, setTeamId] = useState<number | "">("");
  const starters = useQuery({
    queryKey: [...productKeys.all(), "starters"],
    queryFn: () => call(productsApi.starters),
    retry: false,
  });
  const teams = starters.data?.teams ?? [];

  const show = (p: TTpImportPreview) => {
    setPreview(p);
    setMapping(toMapping(p));
    setEdited(false);
  };

  const upload = async (file: File) => {
    setError(null);
    setResult(null);
    // A PDF has no sections to map: it is attached to a product named next (pdf-import.tsx).
    setPdf(isPdfFile(file) ? file : null);
    if (isPdfFile(file)) {
      setPreview(null);
      return;
    }
    if (file.size > TECH_PACK_IMPORT_LIMITS.maxBytes) {
      setError(`The file is larger than ${TECH_PACK_IMPORT_LIMITS.maxBytes / 1024 / 1024} MB.`);
      return;
    }
    const body = new FormData();
    body.append("file", file);
    setProgress(0);
    try {
      show(
        await uploadWithProgress(
          pathTo(api.preview, { query: teamId === "" ? {} : { teamId } }),
          body,
          ZTpImportPreviewSchema,
          { onProgress: setProgress },
        ),
      );
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setProgress(null);
    }
  };

  const request = () => {
    const parsed = ZTpImportApplyRequestSchema.safeParse({ token: preview?.token, mapping });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "The mapping is not valid.");
      return null;
    }
    return parsed.data;
  };

  const recheck = async () => {
    const body = request();
    if (!body) return;
    setBusy(true);
    setError(null);
    try {
      show(await call(api.remap, { body }));
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const applyIt = async () => {
    const body = request();
    if (!body) return;
    setBusy(true);
    setError(null);
    try {
      const done = await call(api.apply, { body });
      setResult(done);
      await queryClient.invalidateQueries({ queryKey: productKeys.all() });
      toast.success(done.created ? `${done.code} was created.` : `Version ${done.version} of ${done.code} was made.`);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void upload(file);
  };

  const pdfDone = async (done: TTpImportPdfResult) => {
    setPdf(null);
    setResult(done);
    await queryClient.invalidateQueries({ queryKey: productKeys.all() });
    toast.success(
      done.alreadyImported
        ? `${done.fileName} is already on ${done.code} version ${done.version}.`
        : `${done.fileName} was attached to ${done.code} version ${done.version}.`,
    );
  };

  const step = result ? 3 : preview || pdf ? 1 : 0;
  const errors = preview?.problems.filter((p) => p.severity === "error").length ?? 0;

  return (
    <>
      <PageHeader
        title="Import Tech Pack"
        subtitle="Make a product and its tech pack from a workbook (.xlsx, one sheet per section or titled sections) or a CSV: details, colourways, BOM, points of measure with grading and construction steps. A PDF tech pack goes on a product's Files tab, its text searchable."
        actions={
          <Button
            variant="outlined"
            startIcon={<FileDownload />}
            onClick={() =>
              downloadFile(pathTo(api.template), "tech-pack-template.xlsx").catch((e) => setError(messageOf(e)))
            }
          >
            Download template
          </Button>
        }
      />
      <Stepper activeStep={step} sx={{ mb: 3 }} alternativeLabel>
        {["Upload", "Map columns and check", "Apply", "Done"].map((label) => (
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

      {result ? (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="import-done">
          {"fileName" in result
            ? `${result.alreadyImported ? `${result.fileName} was already on` : `${result.fileName} is on the Files tab of`} ${result.code} version ${result.version}${result.created ? " (a new product)" : ""}; ${result.textCharacters > 0 ? "its text is searchable in the File Manager" : "no text was found in it (a scan?), so only its name is searchable"}. `
            : result.created
              ? `${result.code} was created with version 1. `
              : `Version ${result.version} of ${result.code} was made. `}
          <Link
            component={RouterLink}
            to={techPackPath(
              result.productId,
              result.version,
              result.stpId,
              "fileName" in result ? "files" : "summary",
            )}
          >
            Open {result.code} version {result.version}
          </Link>
        </Alert>
      ) : null}

      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" }, mb: 2 }}>
            {teams.length > 1 ? (
              <TextField
                select
                label="Team"
                value={teamId}
                sx={{ minWidth: 220 }}
                onChange={(e) => setTeamId(e.target.value === "" ? "" : Number(e.target.value))}
              >
                <MenuItem value="">My default team</MenuItem>
                {teams.map((t) => (
                  <MenuItem key={t.id} value={t.id}>
                    {t.name}
                  </MenuItem>
                ))}
              </TextField>
            ) : null}
          </Stack>
          <Box
            data-testid="import-drop"
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
              bgcolor: dragging ? "action.hover" : undefined,
            }}
          >
            <Typography sx={{ mb: 2 }}>Drop the tech pack workbook, CSV or PDF here, or</Typography>
            <FileButton
              variant="contained"
              startIcon={<UploadFile />}
              accept=".xlsx,.csv,.pdf,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv,application/pdf"
              inputLabel="Tech pack file"
              disabled={progress !== null || busy}
              onFile={(file) => void upload(file)}
            >
              Choose file
            </FileButton>
            <Typography variant="body2" sx={{ mt: 1, color: "text.secondary" }}>
              At most {TECH_PACK_IMPORT_LIMITS.maxBytes / 1024 / 1024} MB and{" "}
              {TECH_PACK_IMPORT_LIMITS.maxRowsPerSheet.toLocaleString()} rows a sheet. Formulas are read by their saved
              value. A PDF (at most {TECH_PACK_IMPORT_LIMITS.maxPdfBytes / 1024 / 1024} MB) is attached to a product as
              it is.
            </Typography>
            {progress !== null ? <LinearProgress variant="determinate" value={progress * 100} sx={{ mt: 2 }} /> : null}
          </Box>
        </CardContent>
      </Card>

      {pdf && !result ? (
        <PdfImportCard
          key={`${pdf.name}-${pdf.size}`}
          file={pdf}
          teamId={teamId}
          onCancel={() => setPdf(null)}
          onDone={(d) => void pdfDone(d)}
        />
      ) : null}

      {preview && !result ? (
        <>
          <Card sx={{ mb: 2 }}>
            <CardContent>
              <Typography variant="h6" sx={{ mb: 1 }}>
                {preview.fileName}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", gap: 1 }} data-testid="import-summary">
                <Chip label={preview.product ? `${preview.product.code} · ${preview.product.name}` : "No product"} />
                <Chip
                  color={preview.existing ? "warning" : "default"}
                  label={
                    preview.existing
                      ? `Makes version ${preview.existing.latestVersion + 1} of the existing product`
                      : "Makes a new product"
                  }
                />
                <Chip label={`${preview.counts.colorways} colourways`} />
                <Chip label={`${preview.counts.bomRows} BOM rows`} />
                <Chip label={`${preview.counts.points} points of measure (${preview.counts.unit})`} />
                <Chip
                  label={`Sizes ${preview.counts.sizes.join(", ") || "—"}, base ${preview.counts.baseSize ?? "—"}`}
                />
                <Chip label={`${preview.counts.steps} construction steps`} />
                {preview.counts.newLibraryItems > 0 ? (
                  <Chip label={`${preview.counts.newLibraryItems} new library items`} />
                ) : null}
              </Stack>
              {preview.unusedSheets.length > 0 ? (
                <Typography variant="body2" sx={{ mt: 1, color: "text.secondary" }}>
                  Sheets left out (no section recognised): {preview.unusedSheets.join(", ")}
                </Typography>
              ) : null}
            </CardContent>
          </Card>
          {preview.sections.map((s, i) => (
            <MappingCard
              key={`${s.section}-${s.sheet}`}
              section={s}
              mapping={mapping[i]}
              onChange={(next) => {
                setMapping(mapping.map((m, j) => (j === i ? next : m)));
                setEdited(true);
              }}
            />
          ))}
          <ProblemsTable problems={preview.problems} />
          <Stack direction="row" spacing={2} sx={{ mb: 4, alignItems: "center" }}>
            <Button variant="outlined" disabled={busy} onClick={() => void recheck()}>
              Check again
            </Button>
            <Button variant="contained" disabled={busy || edited || !preview.canApply} onClick={() => void applyIt()}>
              Apply
            </Button>
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              {edited
                ? "The mapping changed: check again before applying."
                : errors > 0
                  ? `${errors} problem${errors === 1 ? "" : "s"} to fix in the file or the mapping.`
                  : "Nothing is written until you apply."}
            </Typography>
          </Stack>
        </>
      ) : null}
    </>
  );
}
