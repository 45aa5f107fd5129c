import { z } from "zod";
import { ZIdSchema } from "../common/ids";
import { type Access, declareApi } from "../common/operation";
import { zText } from "../common/text";

/**
 * The dashboards that can be embedded, by the Hub's name (the path after /qs-dashboards/), with the
 * card a caller needs for each and the plan level a client needs (spec 2.6: Production Overview is
 * Professional).
 */
export const EMBED_DASHBOARDS = {
  salesDashboard: { card: "salesDashboard", minPlanLevel: 1 },
  productionOverview: { card: "productionOverview", minPlanLevel: 2 },
  qualityHistory: { card: "qualityHistory", minPlanLevel: 1 },
  times: { card: "times", minPlanLevel: 1 },
  botPerformance: { card: "botPerformance", minPlanLevel: 1 },
  homegoods: { card: "homegoods", minPlanLevel: 1 },
  jasSales: { card: "jasSales", minPlanLevel: 1 },
  "3100": { card: "floorBoard3100", minPlanLevel: 1 },
} as const;
export type TEmbedDashboard = keyof typeof EMBED_DASHBOARDS;

export const ZEmbedUrlQuerySchema = z.object({
  /** The client whose data the dashboard shows. */
  accountId: ZIdSchema,
  dashboardId: z.enum(Object.keys(EMBED_DASHBOARDS) as [TEmbedDashboard, ...TEmbedDashboard[]]),
  /** How long the URL stays valid (the provider may round it: QuickSight allows 15 to 600). */
  minutes: z.coerce.number().int().min(1).max(600).default(60),
});
export type TEmbedUrlQuery = z.infer<typeof ZEmbedUrlQuerySchema>;

export const ZEmbedUrlSchema = z.object({
  provider: z.enum(["builtin", "quicksight", "metabase"]),
  /** Absolute: the built-in adapter's is the Hub's own wall display (`/wall#<token>`). */
  url: zText(),
  expiresAt: zText(),
});
export type TEmbedUrl = z.infer<typeof ZEmbedUrlSchema>;

/** A dashboard the configured provider has no id for. */
export const EMBED_NOT_AVAILABLE = "This dashboard cannot be embedded with the configured analytics service.";

/** Internal admins (any client) and client admins (their own); the service checks the dashboard's card and plan. */
const EMBED: Access = { signedIn: true, types: ["icreate", "client"] };

/** Spec 7: "dashboard embed URL by accountId and dashboardId" (issue 18), through the analytics adapter. */
export const dashboardEmbedApi = declareApi("dashboardEmbed", {
  embedUrl: {
    method: "GET",
    path: "/dashboards/embed-url",
    access: EMBED,
    query: ZEmbedUrlQuerySchema,
    responses: { 200: ZEmbedUrlSchema },
  },
});
