import { z } from "zod";
import { ZIdSchema } from "../common/ids";
import { ZDateSchema } from "../orders/orders";

/**
 * A dashboard's date range (docs/glossary.md, "Dashboard range"): a preset counted back from
 * today (UTC) or a custom pair of dates, both ends included, and the previous period of the same
 * number of days just before it, to compare against. The server resolves it (`resolveRange`) and
 * answers the dates it used, so a click-through opens a list on exactly those dates.
 */
export const DASHBOARD_RANGES = ["7d", "30d", "90d", "mtd", "qtd", "ytd", "12m", "custom"] as const;
export type TDashboardRange = (typeof DASHBOARD_RANGES)[number];

export const RANGE_LABELS: Record<TDashboardRange, string> = {
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "90d": "Last 90 days",
  mtd: "Month to date",
  qtd: "Quarter to date",
  ytd: "Year to date",
  "12m": "Last 12 months",
  custom: "Custom",
};

/** How a series is grouped: by day up to 31 days, by week up to 120, else by month (never more than a few hundred points). */
export const DASHBOARD_BUCKETS = ["day", "week", "month"] as const;
export type TDashboardBucket = (typeof DASHBOARD_BUCKETS)[number];

/** The earliest start of a custom range. */
export const EARLIEST_DATE = "1900-01-01";

/** The longest custom range, in days. */
export const MAX_RANGE_DAYS = 1100;

/** A dashboard's range and client, the fields of every dashboard's query (and of the lists only a dashboard opens). */
export const DASHBOARD_QUERY_FIELDS = {
  range: z.enum(DASHBOARD_RANGES, { error: "Use 7d, 30d, 90d, mtd, qtd, ytd, 12m or custom" }).default("30d"),
  from: ZDateSchema.optional(),
  to: ZDateSchema.optional(),
  /** Narrows to one client (internal admins and facilities; a client user sees only its own anyway). */
  clientId: ZIdSchema.optional(),
};

type RangeFields = { range: TDashboardRange; from?: string | undefined; to?: string | undefined };

/**
 * What is wrong with a range (none when it is right): a custom one has both dates, in order, from
 * EARLIEST_DATE, at most MAX_RANGE_DAYS. A query schema reports them with `superRefine`.
 */
export const rangeIssues = (q: RangeFields): { code: "custom"; message: string; path: string[] }[] => {
  const issue = (message: string, path: string) => ({ code: "custom" as const, message, path: [path] });
  const out: ReturnType<typeof issue>[] = [];
  if (q.range === "custom" && (q.from === undefined || q.to === undefined))
    out.push(issue("A custom range needs a start and an end date", "from"));
  // The previous period of a range that starts near year 1 would fall before it, a date PostgreSQL cannot hold.
  if (q.from && q.from < EARLIEST_DATE) out.push(issue(`From ${EARLIEST_DATE} on`, "from"));
  if (q.from && q.to && q.from > q.to) out.push(issue("The start date is after the end date", "to"));
  if (q.from && q.to && daysBetween(q.from, q.to) >= MAX_RANGE_DAYS)
    out.push(issue(`At most ${MAX_RANGE_DAYS} days`, "to"));
  return out;
};

export const ZDashboardQuerySchema = z.object(DASHBOARD_QUERY_FIELDS).superRefine((q, ctx) => {
  for (const issue of rangeIssues(q)) ctx.addIssue(issue);
});
export type TDashboardQuery = z.infer<typeof ZDashboardQuerySchema>;

export const ZResolvedRangeSchema = z.object({
  range: z.enum(DASHBOARD_RANGES),
  from: z.string(),
  to: z.string(),
  previousFrom: z.string(),
  previousTo: z.string(),
  bucket: z.enum(DASHBOARD_BUCKETS),
});
export type TResolvedRange = z.infer<typeof ZResolvedRangeSchema>;

const DAY_MS = 86_400_000;
const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (s: string) => new Date(`${s}T00:00:00Z`);
const addDays = (s: string, n: number) => iso(new Date(utc(s).getTime() + n * DAY_MS));
/** Whole days from `a` to `b` (b - a). */
export const daysBetween = (a: string, b: string) => Math.round((utc(b).getTime() - utc(a).getTime()) / DAY_MS);

/** The dates of a range, today being `now`'s UTC date. */
export const resolveRange = (
  q: Pick<TDashboardQuery, "range" | "from" | "to">,
  now: Date = new Date(),
): TResolvedRange => {
  const today = iso(now);
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  let from: string;
  let to = today;
  switch (q.range) {
    case "7d":
      from = addDays(today, -6);
      break;
    case "90d":
      from = addDays(today, -89);
      break;
    case "mtd":
      from = iso(new Date(Date.UTC(y, m, 1)));
      break;
    case "qtd":
      from = iso(new Date(Date.UTC(y, m - (m % 3), 1)));
      break;
    case "ytd":
      from = iso(new Date(Date.UTC(y, 0, 1)));
      break;
    case "12m":
      from = iso(new Date(Date.UTC(y - 1, m, now.getUTCDate() + 1)));
      break;
    case "custom":
      from = q.from ?? today;
      to = q.to ?? today;
      break;
    default:
      from = addDays(today, -29);
  }
  const days = daysBetween(from, to) + 1;
  return {
    range: q.range,
    from,
    to,
    previousFrom: addDays(from, -days),
    previousTo: addDays(from, -1),
    bucket: days <= 31 ? "day" : days <= 120 ? "week" : "month",
  };
};

/** The change from `previous` to `current` in percent, one decimal; null when there was nothing before. */
export const changePct = (current: number, previous: number): number | null =>
  previous === 0 ? null : Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
