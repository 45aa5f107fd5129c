import type { TInstructionImage, TInstructionImageRequest, TInstructionRequest } from "@hub/contracts";
import { instructionImagesApi, instructionsApi } from "@hub/contracts/library/resources-api";
import { schema } from "@hub/db";
import { asc, eq, sql } from "drizzle-orm";
import type { LibraryResource } from "../resource";
import { col, ensureRefs } from "../scope";
import { firstReason, stylesUsing } from "./used-by";

const i = schema.instructions;
const m = schema.machines;
const img = schema.instructionImages;
const imageCount = sql<number>`(select count(*)::int from ${img} where ${col(img.instructionId)} = ${col(i.id)})`;

export const instructionsResource: LibraryResource<TInstructionRequest> = {
  api: instructionsApi,
  noun: "instruction",
  table: i,
  columns: {
    id: i.id,
    factoryId: i.factoryId,
    archived: i.archived,
    updatedAt: i.updatedAt,
    code: i.code,
    name: i.name,
    description: i.description,
    machineId: i.machineId,
    machineName: m.name,
    standardMinutes: i.standardMinutes,
    imageCount: imageCount.as("image_count"),
  },
  joins: (q) => q.leftJoin(m, eq(m.id, i.machineId)),
  label: sql`${i.code} || ' · ' || ${i.name}`,
  sortable: {
    code: i.code,
    name: i.name,
    machineName: m.name,
    standardMinutes: i.standardMinutes,
    imageCount,
    updatedAt: i.updatedAt,
  },
  defaultSort: ["code", "asc"],
  search: [i.code, i.name, i.description, m.name],
  values: async (tx, req, factoryId) => {
    if (req.machineId !== null) await ensureRefs(tx, m, [req.machineId], factoryId, "machineId", "Machine");
    return {
      code: req.code,
      name: req.name,
      description: req.description,
      machineId: req.machineId,
      standardMinutes: req.standardMinutes,
    };
  },
  unique: [{ field: "code", column: i.code, message: "This code is already used by another instruction" }],
  detail: async (db, row) => ({
    images: (
      await db
        .select({ id: img.id, caption: img.caption, storageKey: img.storageKey })
        .from(img)
        .where(eq(img.instructionId, Number(row.id)))
        .orderBy(asc(img.sortOrder), asc(img.id))
    ).map((x) => ({ id: x.id, caption: x.caption, hasFile: x.storageKey !== null })),
  }),
  usedBy: async (db, id) =>
    firstReason(
      await stylesUsing(db, schema.styleInstructions, eq(schema.styleInstructions.instructionId, id), "instruction"),
      (
        await db
          .select({ n: sql<number>`1` })
          .from(schema.instructionProfileSteps)
          .where(eq(schema.instructionProfileSteps.instructionId, id))
          .limit(1)
      ).length > 0
        ? "This instruction is a step of an instruction profile. Take it out of the profile first, or archive it instead."
        : null,
    ),
  csv: [
    { header: "code", value: (r) => r.code },
    { header: "name", value: (r) => r.name },
    { header: "description", value: (r) => r.description },
    { header: "machine", value: (r) => r.machineName },
    { header: "standardMinutes", value: (r) => r.standardMinutes },
    { header: "images", value: (r) => r.imageCount },
    { header: "archived", value: (r) => r.archived },
  ],
};

export const instructionImagesResource: LibraryResource<TInstructionImageRequest, TInstructionImage> = {
  api: instructionImagesApi,
  noun: "instruction image",
  table: img,
  columns: {
    id: img.id,
    factoryId: img.factoryId,
    archived: sql<boolean>`false`.as("archived"),
    updatedAt: img.updatedAt,
    instructionId: img.instructionId,
    instructionCode: i.code,
    instructionName: i.name,
    caption: img.caption,
    sortOrder: img.sortOrder,
    fileName: img.fileName,
    contentType: img.contentType,
    sizeBytes: img.sizeBytes,
  },
  joins: (q) => q.innerJoin(i, eq(i.id, img.instructionId)),
  label: sql`${img.caption}`,
  sortable: {
    caption: img.caption,
    instructionCode: i.code,
    sortOrder: img.sortOrder,
    sizeBytes: img.sizeBytes,
    updatedAt: img.updatedAt,
  },
  defaultSort: ["instructionCode", "asc"],
  search: [img.caption, i.code, i.name, img.fileName],
  values: async (tx, req, factoryId) => {
    await ensureRefs(tx, i, [req.instructionId], factoryId, "instructionId", "Instruction");
    return { instructionId: req.instructionId, caption: req.caption, sortOrder: req.sortOrder };
  },
  unique: [],
  csv: [
    { header: "instruction", value: (r) => r.instructionCode },
    { header: "caption", value: (r) => r.caption },
    { header: "sortOrder", value: (r) => r.sortOrder },
    { header: "fileName", value: (r) => r.fileName },
    { header: "sizeBytes", value: (r) => r.sizeBytes },
  ],
};
