import { libraryApi } from "@hub/contracts/library/api";
import { schema } from "@hub/db";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../../platform/access";
import type { ModuleDeps } from "../../../platform/deps";
import { register } from "../../../platform/operations";
import { libraryResource } from "../resource";
import { resolveOwnerFactory } from "../scope";
import { decodeSku, decodeWithForm } from "./decode";
import { checkSkuMap, skuMapsResource } from "./resource";

/** The library's sku maps and the SKU decoder (issue 4). */
export const skuMapRoutes =
  ({ db }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(libraryResource(db, skuMapsResource));

    register(app, libraryApi.skuDecode, async (request) => decodeSku(db, principalOf(request), request.body.sku));
    register(app, libraryApi.skuDecodeWith, async (request) => {
      const p = principalOf(request);
      const map = request.body.map;
      // Internal admins test against the style's own facility.
      const [style] = p.isInternal
        ? await db
            .select({ factoryId: schema.styles.factoryId })
            .from(schema.styles)
            .where(eq(schema.styles.id, map.styleId))
        : [];
      await checkSkuMap(db, map, style?.factoryId ?? (await resolveOwnerFactory(db, p, map.factoryId)));
      return decodeWithForm(db, map, request.body.sku);
    });
  };
