import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_MAX } from "@hub/contracts";
import type { FastifyRequest } from "fastify";
import { badRequest } from "./errors";

/**
 * The request's Idempotency-Key header, trimmed; undefined when it sent none. A key longer than
 * IDEMPOTENCY_KEY_MAX is refused rather than cut, so two different long keys never become one.
 */
export const idempotencyKeyOf = (request: FastifyRequest): string | undefined => {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!key) return undefined;
  if (key.length > IDEMPOTENCY_KEY_MAX)
    throw badRequest(`The Idempotency-Key header must be at most ${IDEMPOTENCY_KEY_MAX} characters.`);
  return key;
};
