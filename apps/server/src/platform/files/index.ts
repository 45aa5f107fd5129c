import type { HubConfig } from "../config";
import type { FilesAdapter } from "./adapter";
import { localFiles } from "./local";
import { s3Files } from "./s3";

export type { FilesAdapter, StoredObject } from "./adapter";
export { localFiles, s3Files };

/** S3_BUCKET set: S3-compatible storage; else the local folder (FILES_DIR, default data/files). */
export const filesAdapterFor = (config: HubConfig): FilesAdapter =>
  config.s3 ? s3Files(config.s3) : localFiles(config.filesDir);
