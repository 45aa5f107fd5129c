import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import {
  FILE_MANAGER_MESSAGES,
  FILES_MESSAGES,
  fileNameProblem,
  PRINT_FILE_TYPES,
  PRODUCT_MESSAGES,
  TECH_PACK_IMPORT_LIMITS,
  type TTpImportPdfQuery,
  type TTpImportPdfResult,
  ZProductFieldsSchema,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, inArray } from "drizzle-orm";
import { recordAudit } from "../../../platform/audit";
import { isUniqueViolation } from "../../../platform/db-errors";
import { badRequest, conflict } from "../../../platform/errors";
import type { FilesAdapter } from "../../../platform/files";
import { extractPdfText, isPdfBytes, type PdfText, PdfUnreadable } from "../../../platform/pdf-text";
import type { Principal } from "../../../platform/principal";
import { teamOwner } from "../../../platform/resource/owners";
import { storePrintFile, type UploadKind } from "../../files/print-files.service";
import { refuseOverQuota, storageOf } from "../../files/team-storage";
import { recordEvent } from "../products.service";
import { pr, tp } from "../scope";
import { teamClientOf } from "../tech-pack-parts";
import { existingProduct, packFor, upsertPart } from "./import.service";

/**
 * Import Tech Pack for a PDF (issue 19: "A PDF tech pack is attached to the new product's Files tab,
 * with its text extracted for search"). A PDF has no tabs to fill: it becomes one of the team's
 * files (in the File Manager, its text kept for search) and goes on the Files tab of the product
 * with the code the person gives — a new product with version 1, or the next version of the team's
 * product with that code (never a duplicate). The same PDF sent again (a double click, a retry) to
 * a product whose newest version already has it answers that version and makes nothing.
 */

const parts = schema.pdTechPackParts;
const owned = schema.pdTeamFiles;
const stored = schema.storedFiles;

const KIND: UploadKind = {
  area: "fileManager",
  types: PRINT_FILE_TYPES.filter((t) => t.ext === "pdf"),
  wrongType: "Import Tech Pack takes a PDF here: choose a .pdf file.",
  action: "products.import.pdf.upload",
};
const NOTE = "Imported PDF tech pack";

type FilesTab = { files?: { fileId: number; note: string }[] } & Record<string, unknown>;

const filesTabOf = async (db: HubDb | HubTx, stpId: number) => {
  const [row] = await db
    .select({ data: parts.data })
    .from(parts)
    .where(and(eq(parts.techPackId, stpId), eq(parts.tab, "files")));
  return (row?.data ?? {}) as FilesTab;
};

/** The team product's newest version, when its Files tab already has a file with these bytes. */
const alreadyOn = async (db: HubDb | HubTx, teamId: number, code: string, sha256: string, lock = false) => {
  const product = await existingProduct(db, teamId, code, lock);
  if (!product) return null;
  const [pack] = await db
    .select({ stpId: tp.id, version: tp.version, code: pr.code })
    .from(tp)
    .innerJoin(pr, eq(pr.id, tp.productId))
    .where(and(eq(tp.productId, product.id), eq(tp.version, product.latestVersion)));
  if (!pack) return null;
  const ids = ((await filesTabOf(db, pack.stpId)).files ?? []).map((f) => f.fileId);
  if (ids.length === 0) return null;
  const [same] = await db
    .select({ id: stored.id, fileName: stored.fileName, text: owned.textContent })
    .from(stored)
    .innerJoin(owned, eq(owned.fileId, stored.id))
    .where(and(inArray(stored.id, ids), eq(stored.sha256, sha256), eq(owned.teamId, teamId)));
  if (!same) return null;
  return { productId: product.id, ...pack, file: same };
};
type Found = NonNullable<Awaited<ReturnType<typeof alreadyOn>>>;

/** The answer for a PDF already on the product's newest version: that version, nothing made. */
const foundResult = (done: Found): TTpImportPdfResult => ({
  productId: done.productId,
  stpId: done.stpId,
  version: done.version,
  created: false,
  code: done.code,
  fileId: done.file.id,
  fileName: done.file.fileName,
  pages: 0,
  textCharacters: done.file.text?.length ?? 0,
  alreadyImported: true,
});

/** Thrown inside the transaction when a concurrent request attached the same PDF first (rolls this one back). */
class AlreadyImported extends Error {
  constructor(readonly found: Found) {
    super("already imported");
  }
}

export const importPdf = async (
  db: HubDb,
  files: FilesAdapter,
  p: Principal,
  q: TTpImportPdfQuery,
  upload: { fileName: string; buffer: Buffer },
): Promise<{ status: 200 | 201; result: TTpImportPdfResult }> => {
  const teamId = await teamOwner.resolve(db, p, q.teamId);
  const clientId = await teamClientOf(db, teamId);
  if (clientId === null) throw badRequest("This team belongs to no client, so it cannot store files.");
  const nameProblem = fileNameProblem(upload.fileName);
  if (nameProblem) throw badRequest(`${upload.fileName}: ${nameProblem}`, { file: nameProblem });
  if (upload.buffer.length === 0) throw badRequest(FILES_MESSAGES.empty, { file: FILES_MESSAGES.empty });
  if (!isPdfBytes(upload.buffer) || !/\.pdf$/i.test(upload.fileName))
    throw badRequest("This file is not a PDF: a PDF tech pack is a .pdf file.", { file: "Not a PDF" });
  const details = ZProductFieldsSchema.parse({ code: q.code, name: q.name });
  const sha256 = createHash("sha256").update(upload.buffer).digest("hex");

  // Checked before anything is stored (a retry costs nothing), and again under the product's lock below.
  const done = await alreadyOn(db, teamId, details.code, sha256);
  if (done) return { status: 200, result: foundResult(done) };

  let text: PdfText;
  try {
    text = await extractPdfText(upload.buffer);
  } catch (error) {
    if (error instanceof PdfUnreadable) throw badRequest(error.message, { file: "Not read" });
    throw error;
  }

  refuseOverQuota(await storageOf(db, { teamId, clientId }), upload.buffer.length);

  const file = await storePrintFile(
    db,
    files,
    p,
    clientId,
    { filename: upload.fileName, file: Readable.from(upload.buffer) },
    TECH_PACK_IMPORT_LIMITS.maxPdfBytes,
    KIND,
  );
  try {
    const result = await db.transaction(async (tx) => {
      // Two clicks at once: the second waits on the product's row lock, then finds the first's PDF.
      const raced = await alreadyOn(tx, teamId, details.code, sha256, true);
      if (raced) throw new AlreadyImported(raced);
      const made = await packFor(tx, p, teamId, details, { keepDetails: true, note: NOTE });
      await tx.insert(owned).values({ fileId: file.id, teamId, textContent: text.text || null });
      const tab = await filesTabOf(tx, made.stpId);
      const list = tab.files ?? [];
      if (list.length >= 100) throw conflict(FILE_MANAGER_MESSAGES.tooManyLinked);
      await upsertPart(tx, made.stpId, "files", { ...tab, files: [...list, { fileId: file.id, note: NOTE }] });
      await recordEvent(
        tx,
        made.stpId,
        p.userName,
        "files",
        made.created ? "imported" : "version imported",
        file.fileName,
      );
      await recordAudit(tx, {
        actor: p.userName,
        action: "products.import.pdf",
        subject: `products:${made.productId}`,
        detail: { version: made.version, fileId: file.id, pages: text.pages },
      });
      const [product] = await tx.select({ code: pr.code }).from(pr).where(eq(pr.id, made.productId));
      return {
        ...made,
        code: product?.code ?? details.code,
        fileId: file.id,
        fileName: file.fileName,
        pages: text.pages,
        textCharacters: text.text.length,
        alreadyImported: false,
      };
    });
    return { status: 201, result };
  } catch (error) {
    // Nothing of a refused import stays: the stored bytes and their row go again.
    const [row] = await db.delete(stored).where(eq(stored.id, file.id)).returning({ key: stored.storageKey });
    if (row) await files.remove(row.key).catch(() => undefined);
    if (error instanceof AlreadyImported) return { status: 200, result: foundResult(error.found) };
    if (isUniqueViolation(error)) throw conflict(PRODUCT_MESSAGES.codeTaken, { code: PRODUCT_MESSAGES.codeTaken });
    throw error;
  }
};
