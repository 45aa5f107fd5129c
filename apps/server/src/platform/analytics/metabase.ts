import { SignJWT } from "jose";
import { type AnalyticsAdapter, UnknownDashboardError } from "./adapter";

export type MetabaseSettings = {
  siteUrl: string;
  /** The instance's embedding secret key (Admin > Embedding). */
  secretKey: string;
  /** The Hub's dashboard name to the Metabase dashboard id. */
  dashboards: Record<string, string>;
};

/**
 * Metabase signed embedding: the token names the dashboard and locks its `client_id` parameter to
 * the account, so the embedded dashboard shows that client's rows only; it expires with the token.
 */
export const metabaseAnalytics = (s: MetabaseSettings): AnalyticsAdapter => {
  const key = new TextEncoder().encode(s.secretKey);
  const site = s.siteUrl.replace(/\/+$/, "");
  return {
    kind: "metabase",
    dashboards: Object.keys(s.dashboards),
    embedUrl: async ({ accountId, dashboardId, minutes }) => {
      const id = s.dashboards[dashboardId];
      if (!id) throw new UnknownDashboardError(dashboardId);
      const exp = Math.floor(Date.now() / 1000) + Math.max(1, Math.round(minutes)) * 60;
      const token = await new SignJWT({
        resource: { dashboard: /^\d+$/.test(id) ? Number(id) : id },
        params: { client_id: accountId },
      })
        .setProtectedHeader({ alg: "HS256" })
        .setExpirationTime(exp)
        .sign(key);
      return {
        provider: "metabase",
        url: `${site}/embed/dashboard/${token}#bordered=false&titled=true`,
        expiresAt: new Date(exp * 1000).toISOString(),
      };
    },
  };
};
