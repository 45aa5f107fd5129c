import { z } from "zod";
import { ZPageQuerySchema } from "../common/paging";
import { NUL_MESSAGE, zText } from "../common/text";

/** Shared pieces of the inventory contracts (issue 10; docs/adr/0004-inventory.md). */

export const INVENTORY_MESSAGES = {
  nul: NUL_MESSAGE,
  quantity: "Enter a quantity like 12.5 (up to 9 digits and 4 decimals)",
  positive: "Must be more than zero",
  notZero: "Must not be zero",
  tooLong: "Too long",
  required: "Required",
  date: "Enter a date like 2026-01-31",
  currency: "A three-letter ISO 4217 code, like USD",
  oneOfChangeOrCount: "Give either the change or the counted quantity",
  noFactory: "Your account belongs to no facility, so it has no stock.",
} as const;

/** Facility users and internal admins; client users and designers have no inventory card. */
export const INVENTORY_TYPES = ["icreate", "manufacturer", "factory"] as const;

/** A string without NUL (PostgreSQL text cannot hold one), trimmed, at most `max` characters. */
export const zInvText = (max: number) => zText().trim().max(max, INVENTORY_MESSAGES.tooLong);
/** Optional text: "" and null become null. */
export const zInvOptionalText = (max: number) =>
  zInvText(max)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

const DECIMAL = /^-?\d{1,9}(\.\d{1,4})?$/;
/** A quantity on the wire: a decimal string with up to 9 digits and 4 decimals (numeric(14,4)), never a float. */
export const ZMaterialQuantitySchema = z
  .string({ error: INVENTORY_MESSAGES.quantity })
  .trim()
  .regex(DECIMAL, INVENTORY_MESSAGES.quantity)
  .refine((v) => !v.startsWith("-"), "Must not be negative");
export const ZPositiveQuantitySchema = ZMaterialQuantitySchema.refine(
  (v) => /[1-9]/.test(v),
  INVENTORY_MESSAGES.positive,
);
/** A signed change, not zero. */
export const ZSignedQuantitySchema = z
  .string({ error: INVENTORY_MESSAGES.quantity })
  .trim()
  .regex(DECIMAL, INVENTORY_MESSAGES.quantity)
  .refine((v) => /[1-9]/.test(v), INVENTORY_MESSAGES.notZero);

export const ZInvCentsSchema = z
  .number({ error: "Enter an amount in cents" })
  .int("Must be a whole number of cents")
  .min(0, "Must not be negative")
  .max(100_000_000, "At most 1,000,000.00");

/** A calendar date, YYYY-MM-DD. */
export const ZInvDateSchema = z.iso
  .date(INVENTORY_MESSAGES.date)
  .refine((v) => v >= "2000-01-01" && v <= "2100-12-31", INVENTORY_MESSAGES.date);

export const MATERIAL_KINDS = ["fabric", "part"] as const;
export const ZMaterialKindSchema = z.enum(MATERIAL_KINDS);
export type TMaterialKind = z.infer<typeof ZMaterialKindSchema>;

/** A search that refuses NUL, for the inventory lists' paging query. */
export const ZInvPageQuerySchema = ZPageQuerySchema.extend({
  page: z.coerce.number().int().min(0).max(1_000_000, "At most page 1,000,000").default(0),
  searchString: zInvText(200).optional(),
});

/** `true`/`false` in a query string. */
export const ZQueryFlagSchema = z
  .enum(["true", "false"])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === "true"));

/** A picker's lookup: rows whose label holds `searchString`. */
export const ZInvLookupQuerySchema = z.object({
  searchString: zInvText(200).optional(),
  /** The rows with these ids (a picker showing what is already chosen): "3,7". */
  ids: zInvText(1000)
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, "ids must be a comma-separated list of ids")
    .optional(),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
