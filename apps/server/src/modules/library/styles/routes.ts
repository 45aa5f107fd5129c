import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleDeps } from "../../../platform/deps";

/** The library's style composition, pricing and product details routes (issue 4). */
export const styleCompositionRoutes =
  (_deps: ModuleDeps): FastifyPluginAsyncZod =>
  async () => {};
