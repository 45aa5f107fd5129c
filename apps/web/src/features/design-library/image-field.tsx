import { designLibraryApi } from "@hub/contracts/design-library/api";
import { ZDesignUploadSchema } from "@hub/contracts/design-library/design-library";
import Delete from "@mui/icons-material/Delete";
import UploadFile from "@mui/icons-material/UploadFile";
import { Box, FormHelperText, IconButton, LinearProgress, Stack, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { FileButton } from "../../components/file-button";
import { pathTo } from "../../lib/api";
import { messageOf } from "../../lib/api-error";
import { currentIdToken } from "../../lib/identity-client";
import { uploadWithProgress } from "../../lib/transfer";

/** A library image by id: fetched with the ID token (a plain <img src> carries none), shown from a blob URL. */
export function LibraryImage({ fileId, size = 96, alt }: { fileId: number; size?: number; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let gone = false;
    let made: string | null = null;
    void (async () => {
      const token = await currentIdToken();
      const response = await fetch(`/api${pathTo(designLibraryApi.image, { params: { id: fileId } })}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!response.ok || gone) return;
      made = URL.createObjectURL(await response.blob());
      setUrl(made);
    })();
    return () => {
      gone = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [fileId]);
  return (
    <Box
      sx={{ width: size, height: size, border: 1, borderColor: "divider", borderRadius: 1, overflow: "hidden" }}
      data-testid="library-image"
    >
      {url ? <img src={url} alt={alt} style={{ width: "100%", height: "100%", objectFit: "cover" }} /> : null}
    </Box>
  );
}

/** Picks a PNG or JPEG, uploads it to the current team's files and answers its id. */
export function ImageUpload({
  value,
  onChange,
  disabled,
  label = "Image",
  error,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  disabled: boolean;
  label?: string;
  error?: string;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const upload = async (file: File) => {
    setFailed(null);
    setProgress(0);
    try {
      const form = new FormData();
      form.append("file", file);
      const stored = await uploadWithProgress(pathTo(designLibraryApi.upload), form, ZDesignUploadSchema, {
        expectStatus: 201,
        onProgress: setProgress,
      });
      onChange(stored.id);
    } catch (e) {
      setFailed(messageOf(e));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">{label}</Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        {value !== null ? <LibraryImage fileId={value} alt={label} /> : null}
        <FileButton
          size="small"
          startIcon={<UploadFile />}
          disabled={disabled || progress !== null}
          accept="image/png,image/jpeg"
          inputLabel={`${label} file`}
          onFile={(file) => void upload(file)}
        >
          {value === null ? "Upload image" : "Replace"}
        </FileButton>
        {value !== null ? (
          <IconButton aria-label={`Remove ${label.toLowerCase()}`} disabled={disabled} onClick={() => onChange(null)}>
            <Delete fontSize="small" />
          </IconButton>
        ) : null}
      </Stack>
      {progress !== null ? <LinearProgress variant="determinate" value={progress * 100} /> : null}
      {failed || error ? <FormHelperText error>{failed ?? error}</FormHelperText> : null}
    </Stack>
  );
}
