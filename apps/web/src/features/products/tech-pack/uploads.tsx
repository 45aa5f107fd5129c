import { ZStoredFileSchema } from "@hub/contracts/files/files";
import { productsApi } from "@hub/contracts/products/api";
import UploadFile from "@mui/icons-material/UploadFile";
import { Box } from "@mui/material";
import { useEffect, useState } from "react";
import { toast } from "react-toastify";
import { FileButton } from "../../../components/file-button";
import { pathTo } from "../../../lib/api";
import { messageOf } from "../../../lib/api-error";
import { uploadWithProgress } from "../../../lib/transfer";
import { uploadObjectUrl } from "./pdf";

/** Uploads one file to the tech pack (through the files adapter) and hands back its id and name. */
export function UploadButton({
  stpId,
  purpose,
  disabled,
  label,
  onUploaded,
}: {
  stpId: number;
  purpose: "image" | "file";
  disabled: boolean;
  label: string;
  onUploaded: (file: { id: number; fileName: string }) => void;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const upload = async (file: File) => {
    const body = new FormData();
    body.append("file", file);
    setProgress(0);
    try {
      const stored = await uploadWithProgress(
        pathTo(productsApi.upload, { params: { stpId }, query: { purpose } }),
        body,
        ZStoredFileSchema,
        {
          expectStatus: 201,
          onProgress: setProgress,
        },
      );
      onUploaded({ id: stored.id, fileName: stored.fileName });
    } catch (error) {
      toast.error(messageOf(error));
    } finally {
      setProgress(null);
    }
  };
  return (
    <FileButton
      startIcon={<UploadFile />}
      disabled={disabled || progress !== null}
      accept={purpose === "image" ? "image/png,image/jpeg" : undefined}
      onFile={(file) => void upload(file)}
    >
      {progress === null ? label : `Uploading ${Math.round(progress * 100)}%`}
    </FileButton>
  );
}

/** An uploaded image of the tech pack (fetched with the ID token). */
export function Picture({
  stpId,
  fileId,
  alt,
  height = 160,
}: {
  stpId: number;
  fileId: number;
  alt: string;
  height?: number;
}) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    let made: string | null = null;
    uploadObjectUrl(stpId, fileId)
      .then((u) => {
        made = u;
        if (alive) setUrl(u);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [stpId, fileId]);
  return url ? (
    <Box
      component="img"
      src={url}
      alt={alt}
      sx={{ height, maxWidth: "100%", objectFit: "contain", display: "block" }}
    />
  ) : (
    <Box sx={{ height, bgcolor: "action.hover" }} />
  );
}
