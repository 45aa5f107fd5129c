import { type Operation, pathOf } from "@hub/contracts/common/operation";
import type { z } from "zod";
import { ApiError, send, toApiError } from "./api-error";
import { currentIdToken } from "./identity-client";
import { sessionClientHeaders } from "./session-client";

/** The one error shape, read from an XMLHttpRequest answer. */
const parseError = (status: number, text: string): ApiError => {
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown; fields?: Record<string, string> };
    if (typeof body.error === "string" && typeof body.message === "string")
      return new ApiError(status, body.error, body.message, body.fields);
  } catch {
    // not JSON: fall through
  }
  return new ApiError(status, "UNKNOWN", status === 413 ? "The file is too large." : "Something went wrong");
};

/**
 * Sends a body with XMLHttpRequest (fetch reports no upload progress), with the ID token and the
 * session client like every other call, and checks the answer against its contract schema.
 */
export const uploadWithProgress = async <S extends z.ZodType>(
  path: string,
  body: XMLHttpRequestBodyInit,
  schema: S,
  options: { contentType?: string; expectStatus?: number | number[]; onProgress: (fraction: number) => void },
): Promise<z.infer<S>> => {
  const token = await currentIdToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api${path}`);
    xhr.setRequestHeader("authorization", `Bearer ${token}`);
    if (options.contentType) xhr.setRequestHeader("content-type", options.contentType);
    for (const [name, value] of Object.entries(sessionClientHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, "NETWORK", "The upload failed: check your connection and try again."));
    xhr.onload = () => {
      const expected = [options.expectStatus ?? 200].flat();
      if (!expected.includes(xhr.status)) return reject(parseError(xhr.status, xhr.responseText));
      const parsed = schema.safeParse(JSON.parse(xhr.responseText));
      if (!parsed.success) return reject(new ApiError(200, "BAD_RESPONSE", "Something went wrong"));
      options.onProgress(1);
      resolve(parsed.data);
    };
    xhr.send(body);
  });
};

/** Downloads what a GET answers (with the ID token) and hands it to the browser as a file. */
export const downloadFile = async (path: string, fileName: string): Promise<void> => {
  const token = await currentIdToken();
  const response = await send(`/api${path}`, {
    headers: { authorization: `Bearer ${token}`, ...sessionClientHeaders() },
  });
  if (!response.ok) throw await toApiError(response);
  const url = URL.createObjectURL(await response.blob());
  try {
    const a = document.createElement("a");
    a.href = url;
    a.download = fileName;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
};

/**
 * Downloads a list's CSV export for its current search, filters and order (paging aside): `op`
 * is the declared export operation, `name` the file's base name (the date is added).
 */
export const downloadListCsv = (
  op: Operation,
  query: Record<string, string | number | boolean | null | undefined>,
  name: string,
): Promise<void> => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (k !== "page" && k !== "size" && v !== undefined && v !== null && v !== "") params.set(k, String(v));
  return downloadFile(`${pathOf(op)}?${params}`, `${name}-${new Date().toISOString().slice(0, 10)}.csv`);
};
