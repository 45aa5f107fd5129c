import type { Readable } from "node:stream";

export type StoredObject = { key: string; size: number };

/**
 * File storage behind one interface (issue 3): a local folder by default, S3-compatible storage
 * with S3_* settings. Keys are chosen by the server (never a path a person typed).
 */
export type FilesAdapter = {
  readonly kind: "local" | "s3";
  put: (key: string, body: Readable | Buffer, options: { contentType: string; size: number }) => Promise<void>;
  /** The object's bytes; null when there is no such object. */
  get: (key: string) => Promise<Readable | null>;
  list: (prefix: string) => Promise<StoredObject[]>;
  remove: (key: string) => Promise<void>;
};

/** Keys are relative, slash-separated and never climb out of the storage area. */
export const assertSafeKey = (key: string): void => {
  if (
    !key ||
    key.startsWith("/") ||
    key.includes("\\") ||
    key.split("/").some((p) => p === "" || p === "." || p === "..")
  ) {
    throw new Error(`unsafe storage key: ${key}`);
  }
};
