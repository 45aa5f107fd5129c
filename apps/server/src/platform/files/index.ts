import { Readable } from "node:stream";
import { demoSketchOf } from "@hub/db";
import type { HubConfig } from "../config";
import type { FilesAdapter } from "./adapter";
import { localFiles } from "./local";
import { s3Files } from "./s3";

export type { FilesAdapter, StoredObject } from "./adapter";
export { localFiles, s3Files };

/**
 * The demo's garment sketches (packages/db/src/seed/sketches.ts): the demo database holds their
 * stored-file rows, and a missing object under their keys is drawn, stored and answered on first read.
 */
export const withDemoSketches = (files: FilesAdapter): FilesAdapter => ({
  ...files,
  get: async (key) => {
    const found = await files.get(key);
    if (found) return found;
    const bytes = demoSketchOf(key);
    if (!bytes) return null;
    await files.put(key, bytes, { contentType: "image/png", size: bytes.length }).catch(() => undefined);
    return Readable.from([bytes]);
  },
});

/** S3_BUCKET set: S3-compatible storage; else the local folder (FILES_DIR, default data/files). */
export const filesAdapterFor = (config: HubConfig): FilesAdapter =>
  withDemoSketches(config.s3 ? s3Files(config.s3) : localFiles(config.filesDir));
