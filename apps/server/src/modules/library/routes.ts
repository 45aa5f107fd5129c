import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleDeps } from "../../platform/deps";
import { importRoutes } from "./import/routes";
import { jasPricingRoutes } from "./jas-pricing.routes";
import { libraryResource } from "./resource";
import { instructionImagesResource, instructionsResource } from "./resources/instructions";
import { machinesResource } from "./resources/machines";
import { fabricsResource, partsResource, threadsResource } from "./resources/materials";
import { attributesResource, optionsResource } from "./resources/options";
import { attributeProfilesResource, instructionProfilesResource, partProfilesResource } from "./resources/profiles";
import { styleMarkersResource, stylesResource } from "./resources/styles";
import { skuMapRoutes } from "./sku-maps/routes";
import { stockRoutes } from "./stock.routes";
import { styleCompositionRoutes } from "./styles/routes";

/** The manufacturing library's list/detail resources (issue 4), each through the one pattern. */
export const libraryRoutes =
  (deps: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    for (const plugin of [
      libraryResource(db, machinesResource),
      libraryResource(db, optionsResource),
      libraryResource(db, attributesResource),
      libraryResource(db, fabricsResource),
      libraryResource(db, partsResource),
      libraryResource(db, threadsResource("thread")),
      libraryResource(db, threadsResource("bmc")),
      libraryResource(db, instructionsResource),
      libraryResource(db, instructionImagesResource),
      libraryResource(db, attributeProfilesResource),
      libraryResource(db, partProfilesResource),
      libraryResource(db, instructionProfilesResource),
      libraryResource(db, stylesResource),
      libraryResource(db, styleMarkersResource),
    ]) {
      await app.register(plugin);
    }
    await app.register(stockRoutes(deps));
    await app.register(styleCompositionRoutes(deps));
    await app.register(importRoutes(deps));
    await app.register(jasPricingRoutes(deps));
    await app.register(skuMapRoutes(deps));
  };
