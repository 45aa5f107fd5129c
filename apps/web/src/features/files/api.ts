import { type TStoredFile, ZPrintFileDeleteResponseSchema, ZPrintFilePageSchema, ZPrintFileSettingsSchema, ZStoredFileSchema } from "@hub/contracts/accounts/files";
import type { TPageQuery } from "@hub/contracts/common/paging";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { ApiError, send, toApiError } from "../../lib/api-error";
import { currentIdToken } from "../../lib/identity-client";
import { sessionClientHeaders } from "../../lib/session-client";

/** Query keys of the files area. */
export const printFileKeys = {
  all: () => ["printFiles"] as const,
  lists: () => [...printFileKeys.all(), "list"] as const,
  list: (query: TPageQuery) => [...printFileKeys.lists(), query] as const,
  settings: () => [...printFileKeys.all(), "settings"] as const,
};

export const usePrintFiles = (query: TPageQuery) =>
  useQuery({
    queryKey: printFileKeys.list(query),
    queryFn: () => api("/printFiles", ZPrintFilePageSchema, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const usePrintFileSettings = () =>
  useQuery({ queryKey: printFileKeys.settings(), queryFn: () => api("/printFiles/settings", ZPrintFileSettingsSchema) });

export const useDeletePrintFile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/printFiles/${id}`, ZPrintFileDeleteResponseSchema, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: printFileKeys.lists() }),
  });
};

const parseError = (status: number, text: string): ApiError => {
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown; fields?: unknown };
    if (typeof body.error === "string" && typeof body.message === "string") return new ApiError(status, body.error, body.message);
  } catch {
    // not JSON: fall through
  }
  return new ApiError(status, "UNKNOWN", status === 413 ? "The file is too large." : "Something went wrong");
};

/**
 * Uploads one file as multipart/form-data with XMLHttpRequest (fetch reports no upload progress),
 * sending the ID token and the session client like every other call.
 */
export const uploadPrintFile = async (file: File, onProgress: (fraction: number) => void): Promise<TStoredFile> => {
  const token = await currentIdToken();
  const form = new FormData();
  form.append("file", file, file.name);
  return new Promise<TStoredFile>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/printFiles");
    xhr.setRequestHeader("authorization", `Bearer ${token}`);
    for (const [name, value] of Object.entries(sessionClientHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, "NETWORK", "The upload failed: check your connection and try again."));
    xhr.onload = () => {
      if (xhr.status !== 201) return reject(parseError(xhr.status, xhr.responseText));
      const parsed = ZStoredFileSchema.safeParse(JSON.parse(xhr.responseText));
      if (!parsed.success) return reject(new ApiError(200, "BAD_RESPONSE", "Something went wrong"));
      onProgress(1);
      resolve(parsed.data);
    };
    xhr.send(form);
  });
};

/** Downloads a file with the ID token and hands it to the browser as a download. */
export const downloadPrintFile = async (file: TStoredFile): Promise<void> => {
  const token = await currentIdToken();
  const response = await send(`/api/printFiles/${file.id}/download`, { headers: { authorization: `Bearer ${token}`, ...sessionClientHeaders() } });
  if (!response.ok) throw await toApiError(response);
  const url = URL.createObjectURL(await response.blob());
  try {
    const a = document.createElement("a");
    a.href = url;
    a.download = file.fileName;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
};
