import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * Credentials at rest: AES-256-GCM with a random 12-byte IV per write, the row's identity as
 * additional data (a secret copied to another client's row does not decrypt), stored as
 * "v1:" + base64(iv | auth tag | ciphertext).
 */
const VERSION = "v1:";

export const encryptSecret = (key: Buffer, plain: string, aad: string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
};

/** The plain text, or null when the value was written with another key or altered. */
export const decryptSecret = (key: Buffer, stored: string, aad: string): string | null => {
  if (!stored.startsWith(VERSION)) return null;
  const raw = Buffer.from(stored.slice(VERSION.length), "base64");
  if (raw.length < 28) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(aad));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
};
