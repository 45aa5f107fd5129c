import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleDeps } from "../../platform/deps";

/** The billing area's routes (issue 3). */
export const billingRoutes =
  (_deps: ModuleDeps): FastifyPluginAsyncZod =>
  async (_app) => {};
