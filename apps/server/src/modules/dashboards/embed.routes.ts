import { dashboardEmbedApi as api } from "@hub/contracts/dashboards/embed-api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/access";
import type { ModuleDeps } from "../../platform/deps";
import { register } from "../../platform/operations";
import { embedAdapterFor, embedUrl } from "./embed";

/** Dashboard embed URLs (`dashboardEmbedApi`), through the analytics adapter the settings choose. */
export const dashboardEmbedRoutes =
  ({ db, config }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const adapter = embedAdapterFor(db, config);
    register(app, api.embedUrl, async (request) => embedUrl(db, adapter, principalOf(request), request.query));
  };
