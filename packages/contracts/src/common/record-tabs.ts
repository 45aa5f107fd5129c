import { z } from "zod";
import { MAX_SERIAL } from "./ids";
import { zText } from "./text";

/**
 * Record workspaces (ARCHITECTURE.md "The record workspace"): a record edited in tabs, each tab
 * read and saved on its own. Every tab's data carries its `version`; a save sends the version it
 * loaded, and the server answers 409 CONFLICT when the tab was saved by someone else since.
 */

/** The version a tab's save sends back: the one it loaded (0: the tab was never saved). */
export const ZTabVersionSchema = z
  .number({ error: "The version the tab was loaded at is required" })
  .int()
  .min(0)
  .max(MAX_SERIAL);

/** What every tab's GET carries besides its data: its version, and who saved the tab last and when. */
export const ZTabStampSchema = z.object({
  version: z.number().int(),
  savedAt: z.iso.datetime({ offset: true }).nullable(),
  savedBy: zText().nullable(),
});
export type TTabStamp = z.infer<typeof ZTabStampSchema>;

/** The field a stale save's 409 names, so screens tell it from other conflicts (a taken code). */
export const STALE_TAB_FIELD = "version";
