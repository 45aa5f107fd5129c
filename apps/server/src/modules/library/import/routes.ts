import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleDeps } from "../../../platform/deps";

/** The library's CSV import routes (issue 4). */
export const importRoutes =
  (_deps: ModuleDeps): FastifyPluginAsyncZod =>
  async () => {};
