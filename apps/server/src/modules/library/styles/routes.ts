import { styleWorkspaceApi as api, pricingApi } from "@hub/contracts/library/api";
import type { HubDb } from "@hub/db";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../../platform/access";
import type { ModuleDeps } from "../../../platform/deps";
import { forbidden } from "../../../platform/errors";
import { register } from "../../../platform/operations";
import type { Principal } from "../../../platform/principal";
import { replaceComposition } from "./composition";
import { applyProfile } from "./composition-profiles";
import { readComposition } from "./composition-read";
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

/**
 * API-key principals carry no cards (they act as their client), so the buyer-facing pricing calls
 * declare only `signedIn` and check the styles card here for people signed in with a token.
 */
const buyer = (p: Principal): Principal => {
  if (!p.apiKey && !p.cards.has("styles")) throw forbidden();
  return p;
};

type OnStyleRequest = FastifyRequest & { params: { id: number } };

/** A handler that reads the style named by the path (`:id`) for the caller. */
const readStyle =
  <T>(db: HubDb, read: (db: HubDb, p: Principal, styleId: number) => Promise<T>) =>
  async (request: OnStyleRequest) =>
    read(db, principalOf(request), request.params.id);

/** A handler that writes the request's body to the style named by the path (`:id`) for the caller. */
const writeStyle =
  <B, T>(db: HubDb, write: (db: HubDb, p: Principal, styleId: number, body: B) => Promise<T>) =>
  async (request: OnStyleRequest & { body: B }) =>
    write(db, principalOf(request), request.params.id, request.body);

/** The library's style composition, pricing and product details handlers (issue 4); declared in `styleWorkspaceApi` and `pricingApi`. */
export const styleCompositionRoutes =
  ({ db }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, api.composition, readStyle(db, readComposition));
    register(app, api.replaceComposition, writeStyle(db, replaceComposition));
    register(app, api.applyProfile, writeStyle(db, applyProfile));

    // The style workspace's tabs (see tabs.ts).
    register(app, api.detailsTab, readStyle(db, readDetailsTab));
    register(app, api.saveDetailsTab, writeStyle(db, saveDetailsTab));
    register(app, api.pricingTab, readStyle(db, readPricingTab));
    register(app, api.savePricingTab, writeStyle(db, savePricingTab));
    register(app, api.optionsTab, readStyle(db, readOptionsTab));
    register(app, api.saveOptionsTab, writeStyle(db, saveOptionsTab));
    register(app, api.materialsTab, readStyle(db, readMaterialsTab));
    register(app, api.saveMaterialsTab, writeStyle(db, saveMaterialsTab));
    register(app, api.stepsTab, readStyle(db, readStepsTab));
    register(app, api.saveStepsTab, writeStyle(db, saveStepsTab));

    register(app, pricingApi.getProductPrice, async (request) =>
      getProductPrice(db, buyer(principalOf(request)), request.body),
    );
    register(app, pricingApi.getCustomProductPrice, async (request) =>
      getCustomProductPrice(db, principalOf(request), request.body),
    );
    register(app, pricingApi.getProductDetails, async (request) =>
      getProductDetails(db, buyer(principalOf(request)), request.query.styleId),
    );
  };
