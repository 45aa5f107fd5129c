import { APP_VERSION } from "@hub/contracts";
import { systemApi as api } from "@hub/contracts/system/api";
import type { HubDb } from "@hub/db";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { HubConfig } from "../../platform/config";
import { register } from "../../platform/operations";

/** The system area's handlers: health and the public config (`systemApi`). */
export const systemRoutes =
  (db: HubDb, config: HubConfig, identityKind: "builtin" | "cognito"): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, api.health, async () => {
      await db.execute(sql`select 1`);
      return { status: "ok" as const, database: "ok" as const, version: APP_VERSION };
    });
    register(app, api.config, async () => ({
      identity: identityKind,
      ipLookupUrls: config.ipLookupUrls,
      demoMode: config.demoMode,
      version: APP_VERSION,
    }));
  };
