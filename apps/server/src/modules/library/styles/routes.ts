import {
  LIBRARY_EDITOR_TYPES,
  ZApplyProfileRequestSchema,
  ZCustomProductPriceRequestSchema,
  ZCustomProductPriceSchema,
  ZIdParamsSchema,
  ZProductDetailsQuerySchema,
  ZProductDetailsSchema,
  ZProductPriceRequestSchema,
  ZProductPriceSchema,
  ZStyleCompositionRequestSchema,
  ZStyleCompositionSchema,
} from "@hub/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Access, principalOf } from "../../../platform/access";
import type { ModuleDeps } from "../../../platform/deps";
import { errorResponses, forbidden } from "../../../platform/errors";
import type { Principal } from "../../../platform/principal";
import { applyProfile, readComposition, replaceComposition } from "./composition";
import { getCustomProductPrice, getProductDetails, getProductPrice } from "./pricing";

const errors = errorResponses();

const read: Access = { signedIn: true, card: "styles" };
const write: Access = { signedIn: true, card: "styles", types: LIBRARY_EDITOR_TYPES };

/**
 * API-key principals carry no cards (they act as their client), so the buyer-facing pricing calls
 * declare only `signedIn` and check the styles card here for people signed in with a token.
 */
const buyer = (p: Principal): Principal => {
  if (!p.apiKey && !p.cards.has("styles")) throw forbidden();
  return p;
};

/** The library's style composition, pricing and product details routes (issue 4). */
export const styleCompositionRoutes =
  ({ db }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ["library"];
    app.get(
      "/library/styles/:id/composition",
      {
        config: { access: read },
        schema: { tags, params: ZIdParamsSchema, response: { 200: ZStyleCompositionSchema, ...errors } },
      },
      async (request) => readComposition(db, principalOf(request), request.params.id),
    );
    app.put(
      "/library/styles/:id/composition",
      {
        config: { access: write },
        schema: {
          tags,
          params: ZIdParamsSchema,
          body: ZStyleCompositionRequestSchema,
          response: { 200: ZStyleCompositionSchema, ...errors },
        },
      },
      async (request) => replaceComposition(db, principalOf(request), request.params.id, request.body),
    );
    app.post(
      "/library/styles/:id/applyProfile",
      {
        config: { access: write },
        schema: {
          tags,
          params: ZIdParamsSchema,
          body: ZApplyProfileRequestSchema,
          response: { 200: ZStyleCompositionSchema, ...errors },
        },
      },
      async (request) => applyProfile(db, principalOf(request), request.params.id, request.body),
    );

    const pricingTags = ["pricing"];
    app.post(
      "/getProductPrice",
      {
        config: { access: { signedIn: true }, apiKey: true },
        schema: {
          tags: pricingTags,
          description:
            "A style's unit and total price for a quantity and one attribute per option (spec 7). Accepts client API keys.",
          body: ZProductPriceRequestSchema,
          response: { 200: ZProductPriceSchema, ...errors },
        },
      },
      async (request) => getProductPrice(db, buyer(principalOf(request)), request.body),
    );
    app.post(
      "/getCustomProductPrice",
      {
        config: { access: write },
        schema: {
          tags: pricingTags,
          description:
            "Cost build-up of a variant from its bill of materials and labour, priced at a margin (facility and internal users).",
          body: ZCustomProductPriceRequestSchema,
          response: { 200: ZCustomProductPriceSchema, ...errors },
        },
      },
      async (request) => getCustomProductPrice(db, principalOf(request), request.body),
    );
    app.get(
      "/getProductDetails",
      {
        config: { access: { signedIn: true }, apiKey: true },
        schema: {
          tags: pricingTags,
          description:
            "A style as a buyer sees it: options, offered attributes with upcharges, price table, stock. Accepts client API keys.",
          querystring: ZProductDetailsQuerySchema,
          response: { 200: ZProductDetailsSchema, ...errors },
        },
      },
      async (request) => getProductDetails(db, buyer(principalOf(request)), request.query.styleId),
    );
  };
