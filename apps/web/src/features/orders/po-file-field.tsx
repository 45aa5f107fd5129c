import type { TStoredFile } from "@hub/contracts/files/files";
import { ordersApi } from "@hub/contracts/orders/api";
import { PO_FILE_MAX_BYTES, PO_FILE_MESSAGES, PO_FILE_TYPES } from "@hub/contracts/orders/import";
import AttachFile from "@mui/icons-material/AttachFile";
import { Box, Chip, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { FileButton } from "../../components/file-button";
import { pathTo } from "../../lib/api";
import { messageOf } from "../../lib/api-error";
import { uploadWithProgress } from "../../lib/transfer";

/**
 * The optional PO file: a PDF or a picture of the purchase order, uploaded at once through the
 * files adapter (for the order's client) and named by its id when the order is placed.
 */
export function PoFileField({
  clientId,
  error,
  onChange,
}: {
  clientId: number | null;
  error: string | undefined;
  onChange: (id: number | undefined) => void;
}) {
  const [file, setFile] = useState<TStoredFile | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = async (chosen: File) => {
    setProblem(null);
    const ext = chosen.name.split(".").pop()?.toLowerCase() ?? "";
    if (!PO_FILE_TYPES.some((t) => t.ext === ext)) return setProblem(PO_FILE_MESSAGES.wrongType);
    if (chosen.size > PO_FILE_MAX_BYTES) return setProblem("A PO file can be at most 10 MB.");
    const form = new FormData();
    form.append("file", chosen);
    setProgress(0);
    try {
      const stored = await uploadWithProgress(
        pathTo(ordersApi.uploadPoFile, { query: { clientId } }),
        form,
        ordersApi.uploadPoFile.responses[201],
        { expectStatus: 201, onProgress: setProgress },
      );
      setFile(stored);
      onChange(stored.id);
    } catch (e) {
      setProblem(messageOf(e));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <FileButton
          variant="outlined"
          startIcon={<AttachFile />}
          loading={progress !== null}
          accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
          inputLabel="PO file"
          onFile={(f) => void upload(f)}
        >
          {file ? "Replace PO file" : "Attach PO file"}
        </FileButton>
        {file ? (
          <Chip
            label={file.fileName}
            data-testid="po-file"
            onDelete={() => {
              setFile(null);
              onChange(undefined);
            }}
          />
        ) : (
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            Optional: PDF, PNG or JPEG, up to 10 MB
          </Typography>
        )}
      </Stack>
      {problem || error ? (
        <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
          {problem ?? error}
        </Typography>
      ) : null}
    </Box>
  );
}
