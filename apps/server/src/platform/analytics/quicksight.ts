import { GenerateEmbedUrlForRegisteredUserCommand, QuickSightClient } from "@aws-sdk/client-quicksight";
import { type AnalyticsAdapter, UnknownDashboardError } from "./adapter";

export type QuickSightSettings = {
  awsAccountId: string;
  region: string;
  /** The registered reader of an account: `{accountId}` is replaced by the Hub's client id. */
  userArn: string;
  /** The Hub's dashboard name to the QuickSight dashboard id. */
  dashboards: Record<string, string>;
  /** A stand-in or a VPC endpoint; null: AWS. */
  endpoint: string | null;
  accessKeyId: string | null;
  secretAccessKey: string | null;
};

/** QuickSight allows 15 to 600 minutes for an embedding session. */
const clampMinutes = (m: number) => Math.max(15, Math.min(600, Math.round(m)));

export const quickSightAnalytics = (s: QuickSightSettings): AnalyticsAdapter => {
  const client = new QuickSightClient({
    region: s.region,
    ...(s.endpoint ? { endpoint: s.endpoint } : {}),
    ...(s.accessKeyId && s.secretAccessKey
      ? { credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } }
      : {}),
    maxAttempts: 2,
  });
  return {
    kind: "quicksight",
    dashboards: Object.keys(s.dashboards),
    embedUrl: async ({ accountId, dashboardId, minutes }) => {
      const id = s.dashboards[dashboardId];
      if (!id) throw new UnknownDashboardError(dashboardId);
      const lifetime = clampMinutes(minutes);
      const out = await client.send(
        new GenerateEmbedUrlForRegisteredUserCommand({
          AwsAccountId: s.awsAccountId,
          UserArn: s.userArn.replaceAll("{accountId}", String(accountId)),
          SessionLifetimeInMinutes: lifetime,
          ExperienceConfiguration: { Dashboard: { InitialDashboardId: id } },
        }),
      );
      if (!out.EmbedUrl) throw new Error("QuickSight answered no embed URL");
      // The URL itself must be opened within 5 minutes; the session it starts lasts `lifetime`.
      return { provider: "quicksight", url: out.EmbedUrl, expiresAt: new Date(Date.now() + 5 * 60_000).toISOString() };
    },
  };
};
