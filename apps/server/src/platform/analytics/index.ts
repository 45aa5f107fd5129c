import type { HubConfig } from "../config";
import type { AnalyticsAdapter, EmbedRequest, EmbedUrl } from "./adapter";
import { metabaseAnalytics } from "./metabase";
import { quickSightAnalytics } from "./quicksight";

export type { AnalyticsAdapter, EmbedRequest, EmbedUrl } from "./adapter";
export { parseDashboardMap, UnknownDashboardError } from "./adapter";
export { metabaseAnalytics, quickSightAnalytics };

/** The built-in adapter: the Hub's own dashboard, by the signed wall-display link the dashboards area makes. */
export const builtinAnalytics = (makeLink: (request: EmbedRequest) => Promise<EmbedUrl>): AnalyticsAdapter => ({
  kind: "builtin",
  dashboards: "all",
  embedUrl: makeLink,
});

/** QUICKSIGHT_AWS_ACCOUNT_ID set: QuickSight; METABASE_SITE_URL set: Metabase; else built in. */
export const analyticsAdapterFor = (
  config: HubConfig,
  makeLink: (request: EmbedRequest) => Promise<EmbedUrl>,
): AnalyticsAdapter =>
  config.quickSight
    ? quickSightAnalytics(config.quickSight)
    : config.metabase
      ? metabaseAnalytics(config.metabase)
      : builtinAnalytics(makeLink);
