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
  ZStyleDetailsRequestSchema,
  ZStyleDetailsTabSchema,
  ZStyleMaterialsRequestSchema,
  ZStyleMaterialsTabSchema,
  ZStyleOptionsRequestSchema,
  ZStyleOptionsTabSchema,
  ZStylePricingRequestSchema,
  ZStylePricingTabSchema,
  ZStyleStepsRequestSchema,
  ZStyleStepsTabSchema,
} from "@hub/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Access, principalOf } from "../../../platform/access";
import type { ModuleDeps } from "../../../platform/deps";
import { errorResponses, forbidden } from "../../../platform/errors";
import type { Principal } from "../../../platform/principal";
import { applyProfile, readComposition, replaceComposition } from "./composition";
import { getCustomProductPrice, getProductDetails, getProductPrice } from "./pricing";
import {
  readDetailsTab,
  readMaterialsTab,
  readOptionsTab,
  readPricingTab,
  readStepsTab,
  saveDetailsTab,
  saveMaterialsTab,
  saveOptionsTab,
  savePricingTab,
  saveStepsTab,
} from "./tabs";

const errors = errorResponses();
/** A tab's save also answers 409: the tab was saved by someone else since it was loaded. */
const saveErrors = errorResponses(409);

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

    // The style workspace's tabs: GET answers the tab's data with its version, PUT saves only the
    // tab (409 when the version it sends is stale). See tabs.ts.
    app.get(
      "/library/styles/:id/tabs/details",
      {
        config: { access: read },
        schema: { tags, params: ZIdParamsSchema, response: { 200: ZStyleDetailsTabSchema, ...errors } },
      },
      async (request) => readDetailsTab(db, principalOf(request), request.params.id),
    );
    app.put(
      "/library/styles/:id/tabs/details",
      {
        config: { access: write },
        schema: {
          tags,
          params: ZIdParamsSchema,
          body: ZStyleDetailsRequestSchema,
          response: { 200: ZStyleDetailsTabSchema, ...saveErrors },
        },
      },
      async (request) => saveDetailsTab(db, principalOf(request), request.params.id, request.body),
    );
    app.get(
      "/library/styles/:id/tabs/pricing",
      {
        config: { access: read },
        schema: { tags, params: ZIdParamsSchema, response: { 200: ZStylePricingTabSchema, ...errors } },
      },
      async (request) => readPricingTab(db, principalOf(request), request.params.id),
    );
    app.put(
      "/library/styles/:id/tabs/pricing",
      {
        config: { access: write },
        schema: {
          tags,
          params: ZIdParamsSchema,
          body: ZStylePricingRequestSchema,
          response: { 200: ZStylePricingTabSchema, ...saveErrors },
        },
      },
      async (request) => savePricingTab(db, principalOf(request), request.params.id, request.body),
    );
    app.get(
      "/library/styles/:id/tabs/options",
      {
        config: { access: read },
        schema: { tags, params: ZIdParamsSchema, response: { 200: ZStyleOptionsTabSchema, ...errors } },
      },
      async (request) => readOptionsTab(db, principalOf(request), request.params.id),
    );
    app.put(
      "/library/styles/:id/tabs/options",
      {
        config: { access: write },
        schema: {
          tags,
          params: ZIdParamsSchema,
          body: ZStyleOptionsRequestSchema,
          response: { 200: ZStyleOptionsTabSchema, ...saveErrors },
        },
      },
      async (request) => saveOptionsTab(db, principalOf(request), request.params.id, request.body),
    );
    app.get(
      "/library/styles/:id/tabs/materials",
      {
        config: { access: read },
        schema: { tags, params: ZIdParamsSchema, response: { 200: ZStyleMaterialsTabSchema, ...errors } },
      },
      async (request) => readMaterialsTab(db, principalOf(request), request.params.id),
    );
    app.put(
      "/library/styles/:id/tabs/materials",
      {
        config: { access: write },
        schema: {
          tags,
          params: ZIdParamsSchema,
          body: ZStyleMaterialsRequestSchema,
          response: { 200: ZStyleMaterialsTabSchema, ...saveErrors },
        },
      },
      async (request) => saveMaterialsTab(db, principalOf(request), request.params.id, request.body),
    );
    app.get(
      "/library/styles/:id/tabs/steps",
      {
        config: { access: read },
        schema: { tags, params: ZIdParamsSchema, response: { 200: ZStyleStepsTabSchema, ...errors } },
      },
      async (request) => readStepsTab(db, principalOf(request), request.params.id),
    );
    app.put(
      "/library/styles/:id/tabs/steps",
      {
        config: { access: write },
        schema: {
          tags,
          params: ZIdParamsSchema,
          body: ZStyleStepsRequestSchema,
          response: { 200: ZStyleStepsTabSchema, ...saveErrors },
        },
      },
      async (request) => saveStepsTab(db, principalOf(request), request.params.id, request.body),
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
