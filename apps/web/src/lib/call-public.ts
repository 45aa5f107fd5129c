import {
  type BodyOf,
  type Operation,
  type PathParamsOf,
  pathOf,
  type QueryOf,
  type ResultOf,
} from "@hub/contracts/common/operation";
import { ApiError, send, toApiError } from "./api-error";

/**
 * Calls a public operation (the user pool's actions, the plans, the public config) without a
 * token: a signed-out caller has none, and the pool's refresh must not wait on a token it
 * refreshes. Its own file, so the identity client uses it without importing `call` (which
 * imports the identity client for the token). The answer is checked against the declaration.
 */
export const callPublic = async <O extends Operation>(
  op: O,
  input: { params?: PathParamsOf<O>; query?: QueryOf<O>; body?: BodyOf<O> } = {},
): Promise<ResultOf<O>> => {
  const path = pathOf(
    op,
    input.params as Record<string, string | number> | undefined,
    input.query as object | undefined,
  );
  const response = await send(`/api${path}`, {
    method: op.method,
    ...(input.body !== undefined
      ? { headers: { "content-type": "application/json" }, body: JSON.stringify(input.body) }
      : {}),
  });
  if (!response.ok) throw await toApiError(response);
  const answer: unknown = response.status === 204 ? null : await response.json();
  const schemas = Object.values(op.responses ?? {}).filter((s) => s !== undefined);
  for (const schema of schemas) {
    const parsed = schema.safeParse(answer);
    if (parsed.success) return parsed.data as ResultOf<O>;
  }
  throw new ApiError(200, "BAD_RESPONSE", "Something went wrong");
};
