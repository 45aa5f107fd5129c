import { z } from "zod";

const MAX_SERIAL = 2_147_483_647;

/** A database id from a path or query string: a positive 32-bit integer, coerced from text. */
export const ZIdSchema = z.coerce.number().int().positive().max(MAX_SERIAL, "That id is out of range");
/** A database id in a JSON body: a positive 32-bit integer, not coerced. */
export const ZDbIdSchema = z.number().int().positive().max(MAX_SERIAL, "That id is out of range");
/** The `:id` of a resource's path. */
export const ZIdParamsSchema = z.object({ id: ZIdSchema });
