import { libraryApi } from "@hub/contracts/library/api";
import type { TInstructionImage } from "@hub/contracts/library/instructions";
import CloudUpload from "@mui/icons-material/CloudUpload";
import { Alert, Box, Card, CardContent, Typography } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { toast } from "react-toastify";
import { FileButton } from "../../../components/file-button";
import { pathTo } from "../../../lib/api";
import { currentIdToken } from "../../../lib/identity-client";
import { libraryKeys } from "../shared/api";

/** The image file of an instruction image: shown, and replaced by an upload (PNG, JPEG or WebP up to 5 MB). */
export function InstructionImageFile({ image, canEdit }: { image: TInstructionImage; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const [src, setSrc] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!image.fileName) return;
    let url: string | null = null;
    let cancelled = false;
    void (async () => {
      const res = await fetch(
        `/api${pathTo(libraryApi.instructionImageFile, { params: { id: image.id } })}?v=${encodeURIComponent(image.updatedAt)}`,
        {
          headers: { authorization: `Bearer ${await currentIdToken()}` },
        },
      );
      if (!res.ok || cancelled) return;
      url = URL.createObjectURL(await res.blob());
      setSrc(url);
    })();
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [image.id, image.fileName, image.updatedAt]);

  const upload = async (file: File) => {
    setBusy(true);
    setError(null);
    try {
      const body = new FormData();
      body.append("file", file);
      const res = await fetch(`/api${pathTo(libraryApi.uploadInstructionImage, { params: { id: image.id } })}`, {
        method: "PUT",
        headers: { authorization: `Bearer ${await currentIdToken()}` },
        body,
      });
      if (!res.ok) {
        const err = (await res.json().catch(() => null)) as { message?: string } | null;
        throw new Error(err?.message ?? "Something went wrong");
      }
      toast.success(`${file.name} was uploaded.`);
      await queryClient.invalidateQueries({ queryKey: libraryKeys.resource("instructionImages") });
    } catch (e) {
      setError(e instanceof Error ? e.message : "Something went wrong");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" sx={{ mb: 1 }}>
          Image file
        </Typography>
        {src ? (
          <Box
            component="img"
            src={src}
            alt={image.caption}
            sx={{ maxWidth: "100%", maxHeight: 360, borderRadius: 1, mb: 2, display: "block" }}
          />
        ) : (
          <Typography sx={{ color: "text.secondary", mb: 2 }}>
            {image.fileName ? "Loading…" : "No file uploaded yet."}
          </Typography>
        )}
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        {canEdit ? (
          <FileButton
            variant="outlined"
            startIcon={<CloudUpload />}
            loading={busy}
            accept="image/png,image/jpeg,image/webp"
            inputLabel="Image file"
            onFile={(f) => void upload(f)}
          >
            {image.fileName ? "Replace image" : "Upload image"}
          </FileButton>
        ) : null}
      </CardContent>
    </Card>
  );
}
