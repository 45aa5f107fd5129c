import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleDeps } from "../../platform/deps";

/** The files area's routes (issue 3). */
export const filesRoutes =
  (_deps: ModuleDeps): FastifyPluginAsyncZod =>
  async (_app) => {};
