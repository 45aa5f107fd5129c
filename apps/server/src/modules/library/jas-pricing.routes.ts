import { jasPricingApi as api } from "@hub/contracts/library/jas-pricing-api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/access";
import { sendCsv, toCsv } from "../../platform/csv";
import type { ModuleDeps } from "../../platform/deps";
import { register } from "../../platform/operations";
import { sendPdf } from "../../platform/pdf";
import { exportPriceList, listPriceList, PRICE_LIST_CSV_HEADER, priceSheetPdf } from "./jas-pricing.service";

/** JAS Pricing's handlers (issue 18); who may call them and what they answer is in `jasPricingApi`. */
export const jasPricingRoutes =
  ({ db }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, api.list, async (request) => listPriceList(db, principalOf(request), request.query));
    register(app, api.exportCsv, async (request, reply) => {
      const { fileName, rows } = await exportPriceList(db, principalOf(request), request.query);
      return sendCsv(reply, fileName, toCsv([...PRICE_LIST_CSV_HEADER], rows));
    });
    register(app, api.sheetPdf, async (request, reply) =>
      sendPdf(reply, await priceSheetPdf(db, principalOf(request), request.query)),
    );
  };
