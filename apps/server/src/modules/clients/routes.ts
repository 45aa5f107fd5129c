import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleDeps } from "../../platform/deps";

/** The clients area's routes (issue 3). */
export const clientsRoutes =
  (_deps: ModuleDeps): FastifyPluginAsyncZod =>
  async (_app) => {};
