/**
 * Dashboard embedding behind one interface (spec 7: "dashboard embed URL by accountId and
 * dashboardId"; issue 18): an expiring URL that shows one dashboard of one account (a client) to
 * someone outside the signed-in app, e.g. a TV on the floor or a brand's own portal.
 *
 * - built in (default): the Hub's own dashboard in wall-display mode, by a signed link the
 *   dashboards area makes (`makeLink` is given by it, so the platform does not import an area);
 * - AWS QuickSight (`QUICKSIGHT_*`): GenerateEmbedUrlForRegisteredUser through the AWS SDK, for
 *   the account's registered reader (`QUICKSIGHT_USER_ARN`, `{accountId}` replaced);
 * - Metabase (`METABASE_*`): signed embedding, a JWT (HS256) naming the dashboard and locking its
 *   `client_id` parameter to the account, so the viewer cannot widen the scope.
 *
 * `dashboardId` is the Hub's dashboard name (salesDashboard, productionOverview, ...); an external
 * service maps it to its own id (`QUICKSIGHT_DASHBOARDS` / `METABASE_DASHBOARDS`, JSON objects).
 */
export type EmbedRequest = {
  /** The client whose data the dashboard shows (the Hub's client id). */
  accountId: number;
  /** The Hub's dashboard name. */
  dashboardId: string;
  /** How long the URL stays valid, in minutes (the services cap it: QuickSight 15..600). */
  minutes: number;
};

export type EmbedUrl = { provider: AnalyticsAdapter["kind"]; url: string; expiresAt: string };

export type AnalyticsAdapter = {
  readonly kind: "builtin" | "quicksight" | "metabase";
  /** The dashboards this adapter can embed (the Hub's names). */
  readonly dashboards: readonly string[] | "all";
  embedUrl: (request: EmbedRequest) => Promise<EmbedUrl>;
};

/** A dashboard the chosen service has no id for: the caller answers 404. */
export class UnknownDashboardError extends Error {}

/** Reads a `{ "salesDashboard": "<service id>", ... }` setting; a bad one stops the start with its name. */
export const parseDashboardMap = (name: string, raw: string | undefined): Record<string, string> => {
  if (!raw?.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(`${name} must be a JSON object of dashboard name to id`);
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
    throw new Error(`${name} must be a JSON object of dashboard name to id`);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(parsed)) {
    if (typeof v !== "string" && typeof v !== "number") throw new Error(`${name}: the id of ${k} must be a string`);
    out[k] = String(v);
  }
  return out;
};
