import { z } from "zod";
import { zText } from "../common/text";

/** Whose home page it is: what the caller may see decides which numbers it gets. */
export const HOME_KINDS = ["client", "facility", "designer", "admin"] as const;
export type THomeKind = (typeof HOME_KINDS)[number];

/**
 * One number of the home page and the list that shows exactly its rows: the web route and its
 * URL filters (the list screen reads the same parameters, and its API answers the same rows).
 */
export const ZHomeTileSchema = z.object({
  key: zText(),
  /** The heading it sits under ("Orders", "Floor", "Inventory", "Products"). */
  group: zText(),
  label: zText(),
  count: z.number().int(),
  /** The list counts at most a thousand-odd rows past its start: there are more than `count`. */
  capped: z.boolean(),
  /** The web route of the list (`/orders`) and its URL filters (`{ attention: "late" }`). */
  path: zText(),
  query: z.record(zText(), zText()),
});
export type THomeTile = z.infer<typeof ZHomeTileSchema>;

/**
 * Today's QC first-pass yield (UTC): of the units first inspected today, those that passed that
 * first inspection, as Quality History computes it for a range of today alone; a facility's and an
 * internal admin's home page, when they may open Quality History (its link: `path` and `query`).
 */
export const ZHomeFirstPassSchema = z.object({
  firstInspected: z.number().int(),
  firstPassUnits: z.number().int(),
  /** firstPassUnits / firstInspected, in percent, one decimal; null when no unit was inspected today. */
  yieldPct: z.number().nullable(),
  path: zText(),
  query: z.record(zText(), zText()),
});
export type THomeFirstPass = z.infer<typeof ZHomeFirstPassSchema>;

export const ZHomeSummarySchema = z
  .object({
    kind: z.enum(HOME_KINDS),
    /** The server's today and the Monday of this week (UTC), the numbers' "today" and "this week". */
    today: zText(),
    weekStart: zText(),
    /** What "late" means (contracts' ORDER_LATE_RULE), shown under the numbers. */
    lateRule: zText(),
    tiles: z.array(ZHomeTileSchema),
    /** Today's QC first-pass yield (facilities and internal admins with Quality History); null otherwise. */
    firstPass: ZHomeFirstPassSchema.nullable(),
  })
  .meta({ id: "HomeSummary" });
export type THomeSummary = z.infer<typeof ZHomeSummarySchema>;

/** A tile's link: its route with its filters as the URL's query. */
export const homeTileHref = (tile: Pick<THomeTile, "path" | "query">): string => {
  const q = new URLSearchParams(tile.query).toString();
  return q ? `${tile.path}?${q}` : tile.path;
};
