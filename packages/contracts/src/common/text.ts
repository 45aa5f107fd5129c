import { z } from "zod";

/** The message every text field answers for a NUL character (PostgreSQL text cannot hold one). */
export const NUL_MESSAGE = "Text must not contain a NUL character.";
/** Matches text without a NUL character. */
export const NUL_FREE = /^[^\0]*$/;

/**
 * The one string rule of the contracts: `z.string()` that refuses a NUL character (U+0000), which
 * no text column can store. Every string field of every contract starts from it.
 */
export const zText = (params?: Parameters<typeof z.string>[0]) => z.string(params).regex(NUL_FREE, NUL_MESSAGE);

/**
 * Trimmed text of at most `max` characters; with `min` > 0 also at least that many (an empty field
 * answers `required`). The contracts' one text helper: areas import it rather than define their own.
 */
export const zTrimmed = (max: number, min = 0, required = "Required") => {
  const base = zText().trim().max(max, `At most ${max} characters`);
  return min > 0 ? base.min(min, required) : base;
};

/** Optional trimmed text of at most `max` characters: empty (or absent) becomes undefined. */
export const zOptionalText = (max: number) =>
  zTrimmed(max)
    .optional()
    .transform((v) => (v ? v : undefined));
