import { randomUUID } from "node:crypto";
import type { MultipartFile } from "@fastify/multipart";
import type { TLookupQuery } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import { badRequest, notFound } from "../../platform/errors";
import type { FilesAdapter } from "../../platform/files/adapter";
import { searchAny } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { libraryService } from "./resource";
import { instructionImagesResource } from "./resources/instructions";
import { fabricsResource, partsResource } from "./resources/materials";
import { factoryScope } from "./scope";

/**
 * Stock actions on fabrics and parts, the clients a style can be offered to, and instruction
 * image files (upload checked by name and content, stored through the files adapter).
 */

const fabrics = libraryService(fabricsResource);
const parts = libraryService(partsResource);
const images = libraryService(instructionImagesResource);

/** Marks a fabric or part out of stock or back in stock, saying who and when (spec 4 actions). */
export const setStock = async (
  db: HubDb,
  p: Principal,
  which: "fabrics" | "parts",
  id: number,
  outOfStock: boolean,
) => {
  const svc = which === "fabrics" ? fabrics : parts;
  const table = which === "fabrics" ? schema.fabrics : schema.parts;
  await db.transaction(async (tx) => {
    await svc.getRow(tx, p, id);
    await tx
      .update(table)
      .set({ outOfStock, stockChangedAt: new Date(), stockChangedBy: p.userId || null, updatedAt: new Date() })
      .where(eq(table.id, id));
    await recordAudit(tx, {
      actor: p.userName,
      action: `library.${which}.${outOfStock ? "outOfStock" : "backInStock"}`,
      subject: `${which}:${id}`,
    });
  });
  return svc.get(db, p, id);
};

/** The clients a style can be offered to: those the caller's facilities serve (by text or `ids`). */
export const lookupClients = (db: HubDb, p: Principal, q: TLookupQuery) => {
  const c = schema.clients;
  const ids = q.ids ? q.ids.split(",").map(Number).slice(0, 500) : null;
  return db
    .select({ id: c.clientId, label: c.clientName, archived: sql<boolean>`not ${c.active}` })
    .from(c)
    .where(
      and(
        factoryScope(p, c.factoryId),
        ids ? inArray(c.clientId, ids) : searchAny(q.searchString, [c.clientName, c.siteName]),
      ),
    )
    .orderBy(asc(c.clientName))
    .limit(ids ? 500 : q.size);
};

/** What an instruction image may be: its name's extension, the bytes it must start with, its type. */
const IMAGE_TYPES: Record<string, { magic: number[][]; contentType: string }> = {
  png: { magic: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]], contentType: "image/png" },
  jpg: { magic: [[0xff, 0xd8, 0xff]], contentType: "image/jpeg" },
  jpeg: { magic: [[0xff, 0xd8, 0xff]], contentType: "image/jpeg" },
  webp: { magic: [[0x52, 0x49, 0x46, 0x46]], contentType: "image/webp" },
};

const chooseImage = () => badRequest("Choose an image to upload.", { file: "Choose an image" });
const tooLarge = () => badRequest("The image is larger than 5 MB.", { file: "At most 5 MB" });

/**
 * Stores an instruction image's file: the row must be the caller's, the one part a PNG, JPEG or
 * WebP by name and by its first bytes, within the multipart size limit. The new file is stored
 * under a fresh key, the row and audit are written together, and the old file is removed after.
 * `nextFile` reads the request's file part (undefined when the request is not multipart).
 */
export const uploadInstructionImage = async (
  { db, files }: { db: HubDb; files: FilesAdapter },
  p: Principal,
  id: number,
  nextFile: () => Promise<MultipartFile | undefined>,
) => {
  const row = await images.getRow(db, p, id);
  const part = await nextFile();
  if (!part) throw chooseImage();
  const ext = part.filename.split(".").pop()?.toLowerCase() ?? "";
  const type = IMAGE_TYPES[ext];
  if (!type) throw badRequest("Instruction images must be PNG, JPEG or WebP.", { file: "PNG, JPEG or WebP only" });
  const body = await part.toBuffer().catch(() => {
    throw tooLarge();
  });
  if (part.file.truncated) throw tooLarge();
  if (!type.magic.some((m) => body.length >= m.length && body.subarray(0, m.length).equals(Buffer.from(m)))) {
    throw badRequest("That file is not the image its name says.", { file: "Not a PNG, JPEG or WebP image" });
  }
  const key = `library/${row.factoryId}/instruction-images/${row.id}-${randomUUID()}.${ext}`;
  await files.put(key, body, { contentType: type.contentType, size: body.length });
  const img = schema.instructionImages;
  const oldKey = await db
    .transaction(async (tx) => {
      const [old] = await tx.select({ key: img.storageKey }).from(img).where(eq(img.id, id));
      await tx
        .update(img)
        .set({
          storageKey: key,
          fileName: part.filename.replace(/[^\w.\- ]/g, "_").slice(0, 200),
          contentType: type.contentType,
          sizeBytes: body.length,
          updatedAt: new Date(),
        })
        .where(eq(img.id, id));
      await recordAudit(tx, {
        actor: p.userName,
        action: "library.instructionImages.upload",
        subject: `instructionImages:${row.id}`,
      });
      return old?.key ?? null;
    })
    .catch(async (err: unknown) => {
      await files.remove(key).catch(() => undefined);
      throw err;
    });
  if (oldKey) await files.remove(oldKey).catch(() => undefined);
  return images.get(db, p, id);
};

/** An instruction image's stored file and its type, for a caller who may see the image; 404 without one. */
export const readInstructionImage = async (
  { db, files }: { db: HubDb; files: FilesAdapter },
  p: Principal,
  id: number,
) => {
  await images.getRow(db, p, id);
  const img = schema.instructionImages;
  const [row] = await db.select().from(img).where(eq(img.id, id));
  if (!row?.storageKey || !row.contentType) throw notFound("That image's file");
  const stream = await files.get(row.storageKey);
  if (!stream) throw notFound("That image's file");
  return { stream, contentType: row.contentType };
};
