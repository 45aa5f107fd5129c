import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { eq } from "drizzle-orm";
import type { FilesAdapter } from "../../platform/files";
import { extractPdfText, PdfUnreadable } from "../../platform/pdf-text";

/**
 * The text of a team's PDF, kept on its pd_team_files row for the File Manager's search (issue 19).
 * Every way a PDF reaches a team (File Manager upload, a tech pack's upload, Import Tech Pack) keeps
 * it; a PDF that cannot be read, or has no text (a scan), keeps none and stays stored.
 */

const owned = schema.pdTeamFiles;
const stored = schema.storedFiles;

const readAll = async (stream: NodeJS.ReadableStream, max: number): Promise<Buffer | null> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += b.length;
    if (size > max) return null;
    chunks.push(b);
  }
  return Buffer.concat(chunks);
};

/** The PDF text to keep: null for none. */
export const searchTextOf = async (bytes: Uint8Array): Promise<string | null> => {
  try {
    const { text } = await extractPdfText(bytes);
    return text || null;
  } catch (error) {
    if (error instanceof PdfUnreadable) return null;
    throw error;
  }
};

/**
 * Reads a team file's PDF back from storage and keeps its text; any other file is left as it is.
 * Never fails the upload it follows: the file is stored either way, only its search text is missing.
 */
export const keepPdfText = (db: HubDb | HubTx, files: FilesAdapter, fileId: number): Promise<void> =>
  readAndKeep(db, files, fileId).catch(() => undefined);

const readAndKeep = async (db: HubDb | HubTx, files: FilesAdapter, fileId: number): Promise<void> => {
  const [row] = await db
    .select({ key: stored.storageKey, type: stored.contentType, size: stored.sizeBytes })
    .from(stored)
    .innerJoin(owned, eq(owned.fileId, stored.id))
    .where(eq(stored.id, fileId));
  if (row?.type !== "application/pdf") return;
  const stream = await files.get(row.key);
  if (!stream) return;
  const bytes = await readAll(stream, Math.max(row.size, 1) + 1);
  if (!bytes) return;
  const text = await searchTextOf(bytes);
  if (text !== null) await db.update(owned).set({ textContent: text }).where(eq(owned.fileId, fileId));
};
