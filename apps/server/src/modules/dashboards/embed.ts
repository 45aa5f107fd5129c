import {
  EMBED_DASHBOARDS,
  EMBED_NOT_AVAILABLE,
  type TEmbedUrl,
  type TEmbedUrlQuery,
} from "@hub/contracts/dashboards/embed-api";
import { WALL_DASHBOARDS } from "@hub/contracts/dashboards/production";
import { type HubDb, schema } from "@hub/db";
import { eq } from "drizzle-orm";
import {
  type AnalyticsAdapter,
  analyticsAdapterFor,
  type EmbedRequest,
  UnknownDashboardError,
} from "../../platform/analytics";
import type { HubConfig } from "../../platform/config";
import { forbidden, HttpError, notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { signWallToken } from "./wall";

/**
 * Dashboard embed URLs (spec 7, issue 18): an expiring URL showing one dashboard of one account (a
 * client) outside the signed-in app, through the analytics adapter (platform/analytics). Built in,
 * it is the Hub's own wall display for that client (a signed link, wall.ts); with QuickSight or
 * Metabase configured, theirs. Who may ask: an internal admin for any client, a client admin for
 * their own; the caller needs the dashboard's card, and a client the dashboard's plan level.
 */
export const embedAdapterFor = (db: HubDb, config: HubConfig): AnalyticsAdapter =>
  analyticsAdapterFor(config, async (request) => builtinLink(db, config, request));

/** The built-in adapter: the account's wall display, for the dashboards that have one. */
const builtinLink = async (db: HubDb, config: HubConfig, { accountId, dashboardId, minutes }: EmbedRequest) => {
  const wall = WALL_DASHBOARDS.find((d) => d === dashboardId);
  if (!wall) throw new UnknownDashboardError(dashboardId);
  const [client] = await db
    .select({ name: schema.clients.clientName })
    .from(schema.clients)
    .where(eq(schema.clients.clientId, accountId));
  const expires = Math.floor(Date.now() / 1000) + minutes * 60;
  const label = client?.name ?? `Client ${accountId}`;
  const token = signWallToken(config, { d: wall, c: accountId, f: null, l: label, e: expires });
  return {
    provider: "builtin" as const,
    url: `${config.publicUrl.replace(/\/+$/, "")}/wall#${token}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
};

export const embedUrl = async (
  db: HubDb,
  adapter: AnalyticsAdapter,
  p: Principal,
  q: TEmbedUrlQuery,
): Promise<TEmbedUrl> => {
  const dashboard = EMBED_DASHBOARDS[q.dashboardId];
  // Another client's account is not found, as every cross-tenant read.
  if (!p.isInternal && p.clientId !== q.accountId) throw notFound("That account");
  if (!p.isInternal && !p.isClientAdmin) throw forbidden("Only a client admin can share a dashboard outside the Hub.");
  if (!p.cards.has(dashboard.card)) throw forbidden();
  if (!p.isInternal && (p.planLevel ?? 0) < dashboard.minPlanLevel)
    throw forbidden(`This needs a plan of level ${dashboard.minPlanLevel} or higher.`);
  const [client] = await db
    .select({ id: schema.clients.clientId })
    .from(schema.clients)
    .where(eq(schema.clients.clientId, q.accountId));
  if (!client) throw notFound("That account");
  try {
    const out = await adapter.embedUrl({ accountId: q.accountId, dashboardId: q.dashboardId, minutes: q.minutes });
    return out;
  } catch (error) {
    if (error instanceof UnknownDashboardError) throw new HttpError(404, "NOT_FOUND", EMBED_NOT_AVAILABLE);
    throw error;
  }
};
