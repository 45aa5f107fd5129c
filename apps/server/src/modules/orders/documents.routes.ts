import {
  CHARGE_CSV_HEADER,
  ZChargeReportQuerySchema,
  ZChargeReportSchema,
  ZLabelsQuerySchema,
  ZOrderIdParamsSchema,
  ZPackingSlipQuerySchema,
} from "@hub/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Access, principalOf } from "../../platform/access";
import { sendCsv, toCsv } from "../../platform/csv";
import type { ModuleDeps } from "../../platform/deps";
import { errorResponses } from "../../platform/errors";
import { sendPdf } from "../../platform/pdf";
import { chargeReport, exportCharges } from "./charges.service";
import { labelsPdf, packingSlipPdf } from "./documents/documents.service";

const tags = ["orders"];
const errors = errorResponses();

/** An order's documents: whoever may open the order's details (the service scopes by tenant). */
const ORDERS: Access = { signedIn: true, types: ["icreate", "manufacturer", "factory", "client"], card: "orders" };
/** The order charge report: the Order Charge Report card; the service scopes by tenant. */
const CHARGES: Access = {
  signedIn: true,
  types: ["icreate", "manufacturer", "factory", "client"],
  card: "orderChargeReport",
};

/** Order documents (packing slip, line labels) and the order charge report (issue 10). */
export const orderDocumentsRoutes =
  ({ db }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/orders/:id/packing-slip.pdf",
      {
        config: { access: ORDERS },
        schema: { tags, params: ZOrderIdParamsSchema, querystring: ZPackingSlipQuerySchema, response: errors },
      },
      async (request, reply) =>
        sendPdf(reply, await packingSlipPdf(db, principalOf(request), request.params.id, request.query)),
    );

    app.get(
      "/orders/:id/labels.pdf",
      {
        config: { access: ORDERS },
        schema: { tags, params: ZOrderIdParamsSchema, querystring: ZLabelsQuerySchema, response: errors },
      },
      async (request, reply) =>
        sendPdf(reply, await labelsPdf(db, principalOf(request), request.params.id, request.query)),
    );

    app.get(
      "/orders/charges",
      {
        config: { access: CHARGES },
        schema: { tags, querystring: ZChargeReportQuerySchema, response: { 200: ZChargeReportSchema, ...errors } },
      },
      async (request) => chargeReport(db, principalOf(request), request.query),
    );

    app.get(
      "/orders/charges/export.csv",
      { config: { access: CHARGES }, schema: { tags, querystring: ZChargeReportQuerySchema, response: errors } },
      async (request, reply) =>
        sendCsv(
          reply,
          "order-charges.csv",
          toCsv([...CHARGE_CSV_HEADER], await exportCharges(db, principalOf(request), request.query)),
        ),
    );
  };
