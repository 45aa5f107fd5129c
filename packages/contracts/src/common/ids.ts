import { z } from "zod";

/** The largest value of a PostgreSQL integer (serial) column. */
export const MAX_SERIAL = 2_147_483_647;
const OUT_OF_RANGE = "That id is out of range";

/** A database id from a path or query string: a positive 32-bit integer, coerced from text. */
export const ZIdSchema = z.coerce.number().int().positive().max(MAX_SERIAL, OUT_OF_RANGE);
/**
 * A database id in a JSON body: a positive 32-bit integer, not coerced. `required` is the message
 * for a missing or non-number value (a form's select left empty: "Choose a fabric").
 */
export const zDbId = (required?: string) =>
  z
    .number(required ? { error: required } : undefined)
    .int()
    .positive(required)
    .max(MAX_SERIAL, OUT_OF_RANGE);
/** A database id in a JSON body: a positive 32-bit integer, not coerced. */
export const ZDbIdSchema = zDbId();
/** The `:id` of a resource's path. */
export const ZIdParamsSchema = z.object({ id: ZIdSchema });
