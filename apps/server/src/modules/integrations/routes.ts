import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleDeps } from "../../platform/deps";

/** The integrations area's routes (issue 3). */
export const integrationsRoutes =
  (_deps: ModuleDeps): FastifyPluginAsyncZod =>
  async (_app) => {};
