import { MESSAGES, type TErrorResponse, ZErrorResponseSchema } from "@hub/contracts";

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

/** Reads the one error shape; a body without a message gives the spec's 'Something went wrong'. */
export const toApiError = async (response: Response): Promise<ApiError> => {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  const parsed = ZErrorResponseSchema.safeParse(body);
  if (parsed.success) {
    const e: TErrorResponse = parsed.data;
    return new ApiError(response.status, e.error, e.message || MESSAGES.somethingWentWrong, e.fields);
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
    if (error instanceof DOMException && error.name === "AbortError") throw new ApiError(0, "TRANSPORT", "Request aborted");
    throw new ApiError(0, "TRANSPORT", "Network Error");
  }
};
