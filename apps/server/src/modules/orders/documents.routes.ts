import { ordersApi } from "@hub/contracts/orders/api";
import { orderChargesApi } from "@hub/contracts/orders/charges-api";
import { CHARGE_CSV_HEADER } from "@hub/contracts/orders/documents";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/access";
import { sendCsv, toCsv } from "../../platform/csv";
import type { ModuleDeps } from "../../platform/deps";
import { register } from "../../platform/operations";
import { sendPdf } from "../../platform/pdf";
import { chargeReport, exportCharges } from "./charges.service";
import { labelsPdf, packingSlipPdf } from "./documents/documents.service";

/** Order documents (packing slip, line labels) and the order charge report (issue 10). */
export const orderDocumentsRoutes =
  ({ db }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, ordersApi.packingSlip, async (request, reply) =>
      sendPdf(reply, await packingSlipPdf(db, principalOf(request), request.params.id, request.query)),
    );
    register(app, ordersApi.labels, async (request, reply) =>
      sendPdf(reply, await labelsPdf(db, principalOf(request), request.params.id, request.query)),
    );
    register(app, orderChargesApi.list, async (request) => chargeReport(db, principalOf(request), request.query));
    register(app, orderChargesApi.exportCsv, async (request, reply) =>
      sendCsv(
        reply,
        "order-charges.csv",
        toCsv([...CHARGE_CSV_HEADER], await exportCharges(db, principalOf(request), request.query)),
      ),
    );
  };
