import type { FastifyServerOptions } from "fastify";

/** Where log lines go: stdout by default; tests pass a stream that keeps them. */
export type LogStream = { write(line: string): void };

/**
 * Logs never contain passwords, codes or tokens. Fastify logs no bodies; we also drop the
 * Authorization and Cookie headers and any query string value, which is the only other place a
 * secret could travel.
 */
export const REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  "req.headers['x-api-key']",
  "*.password",
  "*.newPassword",
  "*.temporaryPassword",
  "*.code",
  "*.refreshToken",
  "*.idToken",
];

/** Logger settings; `stream` sends the JSON lines somewhere other than stdout (tests capture them). */
export const loggerOptions = (level: string, enabled: boolean, stream?: LogStream): FastifyServerOptions["logger"] =>
  enabled
    ? {
        level,
        ...(stream ? { stream } : {}),
        redact: { paths: REDACT_PATHS, censor: "[redacted]" },
        serializers: {
          req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
            method: req.method,
            url: req.url.split("?")[0],
            ip: req.ip,
            id: req.id,
          }),
        },
      }
    : false;
