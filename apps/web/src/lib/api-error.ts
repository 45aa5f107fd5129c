import { MESSAGES } from "@hub/contracts/common/messages";

/** Every failed call becomes one of these; `message` is what a person sees. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

const isErrorBody = (body: unknown): body is { error: string; message?: unknown; fields?: unknown } =>
  typeof body === "object" && body !== null && typeof (body as { error?: unknown }).error === "string";

const stringRecord = (value: unknown): Record<string, string> | undefined => {
  if (typeof value !== "object" || value === null) return undefined;
  const entries = Object.entries(value).filter((e): e is [string, string] => typeof e[1] === "string");
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
};

/** Reads the one error shape; a body without a message gives the spec's 'Something went wrong'. */
/** What to tell a person about a failed call: the server's message, or the spec's fallback. */
export const messageOf = (error: unknown): string =>
  error instanceof ApiError ? error.message : "Something went wrong";

export const toApiError = async (response: Response): Promise<ApiError> => {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (isErrorBody(body)) {
    const message = typeof body.message === "string" && body.message ? body.message : MESSAGES.somethingWentWrong;
    return new ApiError(response.status, body.error, message, stringRecord(body.fields));
  }
  return new ApiError(response.status, "UNKNOWN", MESSAGES.somethingWentWrong);
};

/** fetch, with transport failures named as the spec's error catalogue names them. */
export const send = async (input: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Response> => {
  const { timeoutMs = 30_000, ...rest } = init;
  if (!/^(\/|https?:\/\/)/.test(input)) throw new ApiError(0, "TRANSPORT", "Unsupported protocol");
  try {
    return await fetch(input, { ...rest, signal: rest.signal ?? AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    if (error instanceof DOMException && error.name === "TimeoutError") {
      throw new ApiError(0, "TRANSPORT", `timeout of ${timeoutMs}ms exceeded`);
    }
    if (error instanceof DOMException && error.name === "AbortError")
      throw new ApiError(0, "TRANSPORT", "Request aborted");
    throw new ApiError(0, "TRANSPORT", "Network Error");
  }
};
