import { APP_VERSION, ZHealthSchema, ZPublicConfigSchema } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { HubConfig } from "../../platform/config";

export const systemRoutes =
  (db: HubDb, config: HubConfig, identityKind: "builtin" | "cognito"): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/health",
      { config: { access: { public: true } }, schema: { tags: ["system"], response: { 200: ZHealthSchema } } },
      async () => {
        await db.execute(sql`select 1`);
        return { status: "ok" as const, database: "ok" as const, version: APP_VERSION };
      },
    );
    app.get(
      "/config",
      { config: { access: { public: true } }, schema: { tags: ["system"], response: { 200: ZPublicConfigSchema } } },
      async () => ({
        identity: identityKind,
        ipLookupUrls: config.ipLookupUrls,
        demoMode: config.demoMode,
        version: APP_VERSION,
      }),
    );
  };
