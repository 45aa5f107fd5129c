import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleDeps } from "../../platform/deps";

/** The account area's routes (issue 3). */
export const accountRoutes =
  (_deps: ModuleDeps): FastifyPluginAsyncZod =>
  async (_app) => {};
