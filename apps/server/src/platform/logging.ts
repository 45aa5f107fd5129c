import type { FastifyServerOptions } from "fastify";

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

export const loggerOptions = (level: string, enabled: boolean): FastifyServerOptions["logger"] =>
  enabled
    ? {
        level,
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
