import { createHash } from "node:crypto";

/** The published development key: only for demo and development data, never for real credentials. */
export const DEV_SECRET_KEY = "hub-development-secret-key-not-for-production";

/**
 * The key the Hub signs and encrypts with (`config.secretKey`): SHA-256 of HUB_SECRET_KEY, or of the
 * published development key when none is set (refused in production: platform/config.ts).
 */
export const secretKeyFrom = (secret: string | null): Buffer =>
  createHash("sha256")
    .update(secret ?? DEV_SECRET_KEY)
    .digest();
