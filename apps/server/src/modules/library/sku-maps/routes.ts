import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleDeps } from "../../../platform/deps";

/** The library's sku maps and the SKU decoder routes (issue 4). */
export const skuMapRoutes =
  (_deps: ModuleDeps): FastifyPluginAsyncZod =>
  async () => {};
