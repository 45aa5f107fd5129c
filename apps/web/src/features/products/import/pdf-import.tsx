import { zodResolver } from "@hookform/resolvers/zod";
import {
  TECH_PACK_IMPORT_LIMITS,
  type TTpImportPdfResult,
  ZTpImportPdfQuerySchema,
  ZTpImportPdfResultSchema,
} from "@hub/contracts/products/tech-pack-import";
import { techPackImportApi as api } from "@hub/contracts/products/tech-pack-import-api";
import PictureAsPdf from "@mui/icons-material/PictureAsPdf";
import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { pathTo } from "../../../lib/api";
import { useSubmitErrors } from "../../../lib/form-errors";
import { uploadWithProgress } from "../../../lib/transfer";

/** The product a PDF goes to: the server's own fields (code and name), without the team. */
const ZPdfTargetSchema = ZTpImportPdfQuerySchema.pick({ code: true, name: true });
type PdfTarget = z.infer<typeof ZPdfTargetSchema>;

export const isPdfFile = (file: File) => file.type === "application/pdf" || /\.pdf$/i.test(file.name);

/** A first guess from the file name: "TP-900 Field Jacket v3.pdf" → code "TP-900", name "Field Jacket v3". */
const guess = (fileName: string): PdfTarget => {
  const base = fileName
    .replace(/\.pdf$/i, "")
    .replaceAll("_", " ")
    .trim();
  const [first = "", ...rest] = base.split(/\s+/);
  const looksLikeCode = /\d/.test(first) && /^[A-Za-z0-9][\w.-]*$/.test(first) && first.length <= 40;
  if (!looksLikeCode) return { code: "", name: base.slice(0, 200) };
  return { code: first.toUpperCase(), name: (rest.join(" ").replace(/^[-–:]\s*/, "") || base).slice(0, 200) };
};

/**
 * Import Tech Pack for a PDF: it has no tabs to fill, so the person names the product it belongs to
 * (a new one, or the team's product with the code, which gets its next version) and the PDF goes on
 * that version's Files tab, kept in the File Manager with its text for search.
 */
export function PdfImportCard({
  file,
  teamId,
  onCancel,
  onDone,
}: {
  file: File;
  teamId: number | "";
  onCancel: () => void;
  onDone: (result: TTpImportPdfResult) => void;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const { control, handleSubmit, setError } = useForm<PdfTarget>({
    resolver: zodResolver(ZPdfTargetSchema),
    defaultValues: guess(file.name),
  });
  const { formError, submit } = useSubmitErrors(setError, ["code", "name"]);
  const tooLarge = file.size > TECH_PACK_IMPORT_LIMITS.maxPdfBytes;
  const onSubmit = submit(async (values: PdfTarget) => {
    const body = new FormData();
    body.append("file", file);
    setProgress(0);
    try {
      onDone(
        await uploadWithProgress(
          pathTo(api.pdf, { query: { ...values, ...(teamId === "" ? {} : { teamId }) } }),
          body,
          ZTpImportPdfResultSchema,
          { onProgress: setProgress, expectStatus: [200, 201] },
        ),
      );
    } finally {
      setProgress(null);
    }
  });
  return (
    <Card
      sx={{ mb: 2 }}
      component="form"
      noValidate
      aria-label="Import a PDF tech pack"
      onSubmit={handleSubmit(onSubmit)}
    >
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1 }}>
          <PictureAsPdf color="error" />
          <Typography variant="h6">{file.name}</Typography>
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            {(file.size / 1024 / 1024).toFixed(1)} MB
          </Typography>
        </Stack>
        <Typography variant="body2" sx={{ mb: 2, color: "text.secondary" }}>
          A PDF has no tabs to fill in: it goes on the Files tab of the product with this code (a new product, or the
          next version of your team&apos;s product with the code), and its text is kept so the File Manager&apos;s
          search finds it.
        </Typography>
        {tooLarge ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            The PDF is larger than {TECH_PACK_IMPORT_LIMITS.maxPdfBytes / 1024 / 1024} MB.
          </Alert>
        ) : null}
        <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "flex-start" }}>
          <Controller
            control={control}
            name="code"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label="Product code"
                required
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? "An existing code gets its next version."}
                sx={{ width: 220 }}
              />
            )}
          />
          <Controller
            control={control}
            name="name"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label="Product name"
                required
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? "For a new product."}
                sx={{ flex: 1, minWidth: 260 }}
              />
            )}
          />
        </Box>
        {formError ? (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="pdf-import-error">
            {formError}
          </Alert>
        ) : null}
        {progress !== null ? <LinearProgress variant="determinate" value={progress * 100} sx={{ mt: 2 }} /> : null}
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          <Button type="submit" variant="contained" disabled={progress !== null || tooLarge}>
            Import PDF
          </Button>
          <Button onClick={onCancel} disabled={progress !== null}>
            Choose another file
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
