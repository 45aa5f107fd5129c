import { z } from "zod";
import { ZDbIdSchema, ZIdSchema } from "../common/ids";
import { pageOf, ZPageQuerySchema } from "../common/paging";
import { zText } from "../common/text";

/**
 * The File Manager and the Files Dashboard (issue 19): a product-development team's files (the same
 * files its tech packs' Files and Images tabs use, pd_team_files) in nested folders, with a trash
 * kept 30 days, a storage quota from the client's plan, and the products that use each file.
 */

export const FILE_MANAGER_MAX_BYTES = 20 * 1024 * 1024;
export const FILE_MANAGER_MAX_FILES = 20;
export const FILE_MANAGER_TRASH_DAYS = 30;
/** A team whose client has no plan keeps at most this many bytes. */
export const FILE_MANAGER_DEFAULT_QUOTA_BYTES = 1024 * 1024 * 1024;
export const FILE_NAME_MAX = 200;

export const FILE_MANAGER_MESSAGES = {
  nameRequired: "Enter a name.",
  nameTooLong: `A name has at most ${FILE_NAME_MAX} characters.`,
  nameUnsafe: "A name cannot contain '..', '/', '\\', a control character, or start like an absolute path.",
  folderTaken: (name: string) => `A folder named "${name}" already exists here.`,
  cycle: "A folder cannot be moved into itself or into one of its own folders.",
  noTeam: "Join a product-development team to keep files.",
  quota: (usedMb: string, quotaMb: string) =>
    `This upload would take the team's storage past its plan's quota (${usedMb} of ${quotaMb} MB used). Delete files from the trash or upgrade the plan.`,
  tooMany: `Upload at most ${FILE_MANAGER_MAX_FILES} files at once.`,
  inUse: (products: string) => `This is used by ${products}: remove it from their Files or Images first.`,
  notInTrash: "That is not in the trash.",
  frozen: (code: string, version: number) =>
    `${code} version ${version} is approved or sent, so its Files tab cannot change: make a new version first.`,
  alreadyLinked: "That product's Files tab already has this file.",
  tooManyLinked: "That product's Files tab already has 100 files.",
} as const;

/** Why a file or folder name is refused, or null when it is fine (the same rule on the web and the server). */
export const fileNameProblem = (name: string): string | null => {
  const v = name.trim();
  if (!v) return FILE_MANAGER_MESSAGES.nameRequired;
  if (v.length > FILE_NAME_MAX) return FILE_MANAGER_MESSAGES.nameTooLong;
  if (
    v.includes("..") ||
    v.includes("/") ||
    v.includes("\\") ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    /[\u0000-\u001f\u007f]/.test(v) ||
    /^[A-Za-z]:/.test(v) ||
    v.startsWith("~")
  )
    return FILE_MANAGER_MESSAGES.nameUnsafe;
  return null;
};

/** A folder or file name: trimmed, not empty, at most 200 characters, no path in it. */
export const ZFileNameSchema = zText()
  .superRefine((v, ctx) => {
    const problem = fileNameProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .transform((v) => v.trim());

export const ZFmTeamQuerySchema = z.object({ teamId: ZIdSchema.optional() });
export type TFmTeamQuery = z.infer<typeof ZFmTeamQuerySchema>;

export const ZFmFolderSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: zText(),
});
export type TFmFolder = z.infer<typeof ZFmFolderSchema>;
export const ZFmFolderTreeSchema = z.object({ teamId: z.number().int(), folders: z.array(ZFmFolderSchema) });
export type TFmFolderTree = z.infer<typeof ZFmFolderTreeSchema>;

export const FM_SORT_FIELDS = ["name", "sizeBytes", "updatedAt"] as const;
export const ZFmListQuerySchema = ZPageQuerySchema.extend({
  teamId: ZIdSchema.optional(),
  /** The folder whose contents to list; absent = the team's top level. */
  folderId: ZIdSchema.optional(),
});
export type TFmListQuery = z.infer<typeof ZFmListQuerySchema>;

/** One row of a folder's contents: a folder or a file (folders first). */
export const ZFmEntrySchema = z.object({
  /** `folder-<id>` or `file-<id>`: unique across both. */
  key: zText(),
  kind: z.enum(["folder", "file"]),
  id: z.number().int(),
  name: zText(),
  folderId: z.number().int().nullable(),
  contentType: zText().nullable(),
  sizeBytes: z.number().int().nullable(),
  updatedAt: z.iso.datetime({ offset: true }),
  uploadedBy: zText().nullable(),
  /** How many products' versions use the file (0 for folders). */
  usedBy: z.number().int(),
  /** In the trash since (trash listings only). */
  deletedAt: z.iso.datetime({ offset: true }).nullable(),
  /** With a search that matched a PDF's text rather than its name: the words around the match. */
  match: zText().nullable().optional(),
});
export type TFmEntry = z.infer<typeof ZFmEntrySchema>;
export const ZFmListSchema = pageOf(ZFmEntrySchema).extend({
  teamId: z.number().int(),
  folderId: z.number().int().nullable(),
  /** From the top level down to the listed folder. */
  path: z.array(z.object({ id: z.number().int(), name: zText() })),
});
export type TFmList = z.infer<typeof ZFmListSchema>;

export const ZFmCreateFolderSchema = z.object({
  teamId: ZDbIdSchema.optional(),
  parentId: ZDbIdSchema.nullable().default(null),
  name: ZFileNameSchema,
});
export type TFmCreateFolder = z.input<typeof ZFmCreateFolderSchema>;

/** Rename (name), move (parentId / folderId: null = the top level), or both. */
export const ZFmUpdateFolderSchema = z.object({
  name: ZFileNameSchema.optional(),
  parentId: ZDbIdSchema.nullable().optional(),
});
export type TFmUpdateFolder = z.input<typeof ZFmUpdateFolderSchema>;
export const ZFmUpdateFileSchema = z.object({
  name: ZFileNameSchema.optional(),
  folderId: ZDbIdSchema.nullable().optional(),
});
export type TFmUpdateFile = z.input<typeof ZFmUpdateFileSchema>;

export const ZFmUploadQuerySchema = z.object({ teamId: ZIdSchema.optional(), folderId: ZIdSchema.optional() });
export const ZFmUploadResultSchema = z.object({ files: z.array(ZFmEntrySchema) });
export type TFmUploadResult = z.infer<typeof ZFmUploadResultSchema>;

export const ZFmDownloadQuerySchema = z.object({ inline: z.enum(["true", "false"]).optional() });

export const ZFmUsageSchema = z.object({
  productId: z.number().int(),
  code: zText(),
  name: zText(),
  version: z.number().int(),
  stpId: z.number().int(),
  /** The tabs of that version that use the file: files, images, constructionDetails. */
  tabs: z.array(zText()),
});
export type TFmUsage = z.infer<typeof ZFmUsageSchema>;
export const ZFmUsageListSchema = z.object({ items: z.array(ZFmUsageSchema) });
export type TFmUsageList = z.infer<typeof ZFmUsageListSchema>;

export const ZFmLinkSchema = z.object({
  productId: ZDbIdSchema,
  note: zText().trim().max(200, "At most 200 characters").default(""),
});
export type TFmLink = z.input<typeof ZFmLinkSchema>;

export const ZFmTrashSchema = z.object({
  teamId: z.number().int(),
  trashDays: z.number().int(),
  items: z.array(ZFmEntrySchema),
});
export type TFmTrash = z.infer<typeof ZFmTrashSchema>;

export const ZFmOkSchema = z.object({ ok: z.literal(true) });

export const ZFmDashboardSchema = z.object({
  teamId: z.number().int(),
  usedBytes: z.number().int(),
  quotaBytes: z.number().int(),
  planName: zText().nullable(),
  fileCount: z.number().int(),
  folderCount: z.number().int(),
  trashBytes: z.number().int(),
  recent: z.array(ZFmEntrySchema),
  largest: z.array(ZFmEntrySchema),
  unused: z.array(ZFmEntrySchema),
});
export type TFmDashboard = z.infer<typeof ZFmDashboardSchema>;
