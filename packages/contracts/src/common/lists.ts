import { z } from "zod";
import { ZDbIdSchema } from "./ids";
import { ZPageQuerySchema } from "./paging";
import { zText } from "./text";

/** Shared pieces of the manufacturing library's contracts (issue 4). */

export const LIBRARY_MESSAGES = {
  codeRequired: "Code is required",
  codeFormat: "Code may hold letters, digits, dots, hyphens and underscores (up to 40)",
  nameRequired: "Name is required",
  tooLong: "Too long",
  codeTaken: "This code is already used",
  nameTaken: "This name is already used",
  notNegative: "Must not be negative",
  wholeNumber: "Must be a whole number",
  hexColor: "Colour must look like #1A2B3C",
  chooseOne: "Choose one",
  positive: "Must be more than zero",
  noFactory: "Your account belongs to no facility, so it cannot keep a library.",
} as const;

/** Who may change the library: internal admins and facility users (client users read styles only). */
export const LIBRARY_EDITOR_TYPES = ["icreate", "manufacturer", "factory"] as const;

export const ZCodeSchema = zText()
  .trim()
  .min(1, LIBRARY_MESSAGES.codeRequired)
  .max(40, LIBRARY_MESSAGES.codeFormat)
  .regex(/^[A-Za-z0-9._-]*$/, LIBRARY_MESSAGES.codeFormat);
export const ZNameSchema = zText().trim().min(1, LIBRARY_MESSAGES.nameRequired).max(120, LIBRARY_MESSAGES.tooLong);
export const ZOptionalTextSchema = (max = 200) =>
  zText()
    .trim()
    .max(max, LIBRARY_MESSAGES.tooLong)
    .nullable()
    .transform((v) => (v === "" ? null : v));
export const ZCentsSchema = z
  .number({ error: "Enter an amount" })
  .int(LIBRARY_MESSAGES.wholeNumber)
  .min(0, LIBRARY_MESSAGES.notNegative)
  .max(100_000_000);
export const ZDecimalSchema = z.number({ error: "Enter a number" }).min(0, LIBRARY_MESSAGES.notNegative).max(1_000_000);
export const ZSortOrderSchema = z
  .number()
  .int(LIBRARY_MESSAGES.wholeNumber)
  .min(0, LIBRARY_MESSAGES.notNegative)
  .max(100_000);
export const ZHexColorSchema = zText()
  .trim()
  .regex(/^(#[0-9A-Fa-f]{6})?$/, LIBRARY_MESSAGES.hexColor)
  .nullable()
  .transform((v) => (v === "" ? null : v));
/** A facility to own a new row; internal admins may name one, facility users get their own. */
export const ZOwnerSchema = ZDbIdSchema.optional();

/** Every library list: the paging contract plus whether archived rows show. */
export const ZLibraryListQuerySchema = ZPageQuerySchema.extend({
  archived: z.enum(["hide", "only", "all"]).default("hide"),
});
export type TLibraryListQuery = z.infer<typeof ZLibraryListQuerySchema>;

/** Lookup for selects: rows whose label matches `searchString`, or exactly the rows `ids`. */
export const ZLookupQuerySchema = z.object({
  searchString: zText().trim().max(200).optional(),
  ids: zText()
    .regex(/^\d+(,\d+)*$/, "ids must be a comma-separated list of ids")
    .optional(),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type TLookupQuery = z.infer<typeof ZLookupQuerySchema>;
export const ZLookupItemSchema = z.object({ id: z.number().int(), label: zText(), archived: z.boolean() });
export type TLookupItem = z.infer<typeof ZLookupItemSchema>;
export const ZLookupListSchema = z.array(ZLookupItemSchema);

export const ZArchiveRequestSchema = z.object({ archived: z.boolean() });
export type TArchiveRequest = z.infer<typeof ZArchiveRequestSchema>;
export const ZDeletedSchema = z.object({ id: z.number().int(), deleted: z.literal(true) });
export type TDeleted = z.infer<typeof ZDeletedSchema>;

/** Out-of-stock / back-in-stock (spec 4): who changed it and when. */
export const ZStockStateSchema = z.object({
  outOfStock: z.boolean(),
  stockChangedAt: z.iso.datetime({ offset: true }).nullable(),
  stockChangedByName: zText().nullable(),
});
export type TStockState = z.infer<typeof ZStockStateSchema>;

export const ZLibraryRowMetaSchema = z.object({
  id: z.number().int(),
  factoryId: z.number().int(),
  archived: z.boolean(),
  updatedAt: z.iso.datetime({ offset: true }),
});
