import { z } from "zod";
import { ZIdSchema } from "../../../common/ids";
import { ZTabStampSchema, ZTabVersionSchema } from "../../../common/record-tabs";
import { zText, zTrimmed } from "../../../common/text";

/**
 * What the tech pack's tabs share (one file per tab beside this one, listed in `tabs/index.ts`):
 * the tab's stamp, money and quantity fields, uploads and library picks, and `documentTab`, which
 * defines a document tab from its key, label, data schema, GET answer and empty content.
 */

export const ZTechPackParamsSchema = z.object({ stpId: ZIdSchema });

export const zCents = () =>
  z
    .number({ error: "Enter an amount" })
    .int("Whole cents only")
    .min(0, "Must not be negative")
    .max(100_000_000, "Too large");
/** A quantity or consumption: a decimal string (up to 4 places), never a float. */
export const ZBomQuantitySchema = zText({ error: "Enter a quantity" })
  .trim()
  .regex(/^\d{1,7}(\.\d{1,4})?$/, "Enter a quantity such as 1.25");
/** A measurement in cm or inches (two places are kept). */
export const zMeasure = () => z.number({ error: "Enter a number" }).min(-10_000).max(10_000);
export const zColorwayKey = () =>
  zTrimmed(40, 1, "Enter a colourway code").regex(/^[A-Za-z0-9_-]+$/, "Letters, digits, - and _ only");

/** The tab's stamp and what every tab GET carries: whether the caller may change it. */
export const tabBase = ZTabStampSchema.extend({ stpId: z.number().int(), readOnly: z.boolean() });
/** What every tab's PUT carries besides its data: the version it was loaded at. */
export const tabRequest = { version: ZTabVersionSchema };

/** A file's name and type, for tabs that show uploads. */
export const ZUploadRefSchema = z.object({
  id: z.number().int(),
  fileName: zText(),
  contentType: zText(),
  sizeBytes: z.number().int(),
});
export type TUploadRef = z.infer<typeof ZUploadRefSchema>;

/** A design-library item a BOM row can pick, with its variants. */
export const ZLibraryChoiceSchema = z.object({
  id: z.number().int(),
  code: zText(),
  name: zText(),
  unit: zText().nullable(),
  costCents: z.number().int().nullable(),
  hex: zText().nullable(),
  variants: z.array(
    z.object({ id: z.number().int(), code: zText(), name: zText(), costCents: z.number().int().nullable() }),
  ),
});
export type TLibraryChoice = z.infer<typeof ZLibraryChoiceSchema>;
export const ZColorwayRefSchema = z.object({ key: zText(), name: zText() });

/** Defines a document tab, saved whole with its tab version (`GET|PUT /productDev/stps/{stpId}/tabs/{key}`). */
export const documentTab = <const K extends string, S extends z.ZodRawShape, R extends z.ZodObject>(def: {
  key: K;
  label: string;
  /** What the tab saves (its PUT's body besides `version`, and what the tech pack stores). */
  data: z.ZodObject<S>;
  /** The tab's GET answer: its stamp, its data and what its form needs to pick from. */
  response: R;
  /** Its content in a new tech pack. */
  empty: z.infer<z.ZodObject<S>>;
}) => ({
  ...def,
  /** Its PUT body: the data and the version it was loaded at. */ request: def.data.extend(tabRequest),
});
