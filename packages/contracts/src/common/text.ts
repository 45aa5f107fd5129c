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
