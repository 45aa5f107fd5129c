import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  BILLING_MESSAGES,
  FILES_MESSAGES,
  PRINT_FILE_TYPES,
  printFileExtension,
  type TPrintFileListQuery,
  type TPrintFilePage,
  type TStoredFile,
} from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, count, eq } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import { badRequest, HttpError, notFound } from "../../platform/errors";
import type { FilesAdapter } from "../../platform/files";
import { orderByFor, searchAny, toPage } from "../../platform/paging";
import type { Principal } from "../../platform/principal";

const f = schema.storedFiles;
const AREA = "print";

/** The client whose print files a person works with: its own, or (internal) the session client. */
export const filesClientOf = (p: Principal): number => {
  if (p.isInternal) {
    if (p.sessionClientId === null) throw badRequest(BILLING_MESSAGES.chooseClient);
    return p.sessionClientId;
  }
  if (p.clientId === null) throw notFound("Your client");
  return p.clientId;
};

const startsWith = (head: Buffer, bytes: number[] | string): boolean => {
  const b = typeof bytes === "string" ? Buffer.from(bytes, "latin1") : Buffer.from(bytes);
  return head.length >= b.length && head.subarray(0, b.length).equals(b);
};

/** Whether the first bytes of a file are what its extension promises. */
export const contentMatches = (ext: string, head: Buffer): boolean => {
  const ps = startsWith(head, "%!PS") || startsWith(head, [0xc5, 0xd0, 0xd3, 0xc6]);
  switch (ext) {
    case "pdf":
      return startsWith(head, "%PDF-");
    case "png":
      return startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case "jpg":
    case "jpeg":
      return startsWith(head, [0xff, 0xd8, 0xff]);
    case "tif":
    case "tiff":
      return startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a]);
    case "svg": {
      const text = head
        .toString("utf8")
        .replace(/^\uFEFF/, "")
        .trimStart();
      return (
        (text.startsWith("<?xml") ||
          text.startsWith("<svg") ||
          text.startsWith("<!--") ||
          text.startsWith("<!DOCTYPE")) &&
        text.includes("<svg")
      );
    }
    case "ai":
      return startsWith(head, "%PDF-") || ps;
    case "eps":
      return ps;
    case "psd":
      return startsWith(head, "8BPS");
    default:
      return false;
  }
};

/** A file name safe to show and to put in a header: no folders, no control characters. */
export const displayName = (name: string): string => {
  const base = name.split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, "").trim();
  return (clean || "file").slice(-200);
};

const keySafe = (name: string): string => name.replace(/[^A-Za-z0-9._-]/g, "_").slice(-100);

type Upload = { filename: string; file: Readable & { truncated?: boolean } };

/** What an upload is for: its area, the types it takes, what a wrong type is told, and its audit action. */
export type UploadKind = {
  area: string;
  types: readonly { ext: string; label: string; contentType: string }[];
  wrongType: string;
  action: string;
};
const PRINT_FILE_KIND: UploadKind = {
  area: AREA,
  types: PRINT_FILE_TYPES,
  wrongType: FILES_MESSAGES.wrongType,
  action: "printFile.upload",
};

/**
 * Stores one uploaded print file: the extension must be an allowed type and the first bytes must
 * match it; the bytes go to a temporary file first (hashed and counted on the way), so nothing
 * reaches the storage or the database unless the whole file is acceptable.
 */
export const storePrintFile = async (
  db: HubDb,
  files: FilesAdapter,
  p: Principal,
  clientId: number,
  upload: Upload,
  maxBytes: number,
  kind: UploadKind = PRINT_FILE_KIND,
): Promise<TStoredFile> => {
  const fileName = displayName(upload.filename);
  const ext = printFileExtension(fileName);
  const type = kind.types.find((t) => t.ext === ext);
  if (!type) {
    upload.file.resume();
    throw badRequest(kind.wrongType, { file: kind.wrongType });
  }
  const dir = await mkdtemp(join(tmpdir(), "hub-upload-"));
  try {
    const tmp = join(dir, "upload");
    const hash = createHash("sha256");
    let size = 0;
    const chunks: Buffer[] = [];
    let headLength = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        hash.update(chunk);
        if (headLength < 4096) {
          chunks.push(chunk);
          headLength += chunk.length;
        }
        done(null, chunk);
      },
    });
    try {
      await pipeline(upload.file, meter, createWriteStream(tmp));
    } catch (error) {
      if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE")
        throw new HttpError(413, "BAD_REQUEST", FILES_MESSAGES.tooLarge(maxBytes), {
          file: FILES_MESSAGES.tooLarge(maxBytes),
        });
      throw error;
    }
    if (upload.file.truncated || size > maxBytes)
      throw new HttpError(413, "BAD_REQUEST", FILES_MESSAGES.tooLarge(maxBytes), {
        file: FILES_MESSAGES.tooLarge(maxBytes),
      });
    if (size === 0) throw badRequest(FILES_MESSAGES.empty, { file: FILES_MESSAGES.empty });
    const head = Buffer.concat(chunks).subarray(0, 4096);
    if (!contentMatches(ext, head))
      throw badRequest(`${FILES_MESSAGES.mismatch} (${fileName} is not a ${type.label} file)`, {
        file: FILES_MESSAGES.mismatch,
      });

    const storageKey = `${clientId}/${kind.area}/${randomUUID()}-${keySafe(fileName)}`;
    await files.put(storageKey, createReadStream(tmp), { contentType: type.contentType, size });
    try {
      const [row] = await db
        .insert(f)
        .values({
          clientId,
          area: kind.area,
          storageKey,
          fileName,
          contentType: type.contentType,
          sizeBytes: size,
          sha256: hash.digest("hex"),
          uploadedBy: p.userId,
        })
        .returning();
      if (!row) throw new Error("stored file insert failed");
      await recordAudit(db, {
        actor: p.userName,
        action: kind.action,
        subject: `client:${clientId}`,
        detail: { fileId: row.id, fileName, sizeBytes: size },
      });
      return { ...toFile({ ...row, uploadedByName: p.userName }) };
    } catch (error) {
      await files.remove(storageKey);
      throw error;
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

type Row = typeof f.$inferSelect & { uploadedByName: string | null };
const toFile = (r: Row): TStoredFile => ({
  id: r.id,
  clientId: r.clientId,
  fileName: r.fileName,
  contentType: r.contentType,
  sizeBytes: r.sizeBytes,
  sha256: r.sha256,
  uploadedBy: r.uploadedByName,
  createdAt: r.createdAt.toISOString(),
});

const SORTABLE = { fileName: f.fileName, sizeBytes: f.sizeBytes, createdAt: f.createdAt };

export const listPrintFiles = async (db: HubDb, clientId: number, q: TPrintFileListQuery): Promise<TPrintFilePage> => {
  const where = and(eq(f.clientId, clientId), eq(f.area, AREA), searchAny(q.searchString, [f.fileName]));
  const rows = await db
    .select({ file: f, uploadedByName: schema.users.userName })
    .from(f)
    .leftJoin(schema.users, eq(schema.users.userId, f.uploadedBy))
    .where(where)
    .orderBy(...orderByFor(q.sort, SORTABLE, ["createdAt", "desc"], f.id))
    .limit(q.size)
    .offset(q.page * q.size);
  const [total] = await db.select({ n: count() }).from(f).where(where);
  return toPage(
    rows.map((r) => toFile({ ...r.file, uploadedByName: r.uploadedByName })),
    total?.n ?? 0,
    q,
  );
};

/** One print file of the client; another client's answers 404 like an unknown id. */
export const printFileOf = async (db: HubDb, clientId: number, id: number) => {
  const [row] = await db
    .select()
    .from(f)
    .where(and(eq(f.id, id), eq(f.clientId, clientId), eq(f.area, AREA)));
  if (!row) throw notFound("That file");
  return row;
};

export const deletePrintFile = async (
  db: HubDb,
  files: FilesAdapter,
  p: Principal,
  clientId: number,
  id: number,
): Promise<void> => {
  const row = await printFileOf(db, clientId, id);
  await db.transaction(async (tx) => {
    await tx.delete(f).where(eq(f.id, row.id));
    await recordAudit(tx, {
      actor: p.userName,
      action: "printFile.delete",
      subject: `client:${clientId}`,
      detail: { fileId: row.id, fileName: row.fileName },
    });
  });
  await files.remove(row.storageKey);
};
