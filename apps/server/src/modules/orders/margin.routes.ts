import { MARGIN_CSV_HEADER } from "@hub/contracts";
import { marginApi as api } from "@hub/contracts/orders/margin-api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/access";
import { sendCsv, toCsv } from "../../platform/csv";
import type { ModuleDeps } from "../../platform/deps";
import { register } from "../../platform/operations";
import { exportMarginReport, marginReport } from "./margin.service";

/** The margin report's handlers (issue 22); who may call them and what they answer is in `marginApi`. */
export const marginRoutes =
  ({ db }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, api.report, async (request) => marginReport(db, principalOf(request), request.query));
    register(app, api.exportCsv, async (request, reply) =>
      sendCsv(
        reply,
        `margin-by-${request.query.groupBy}.csv`,
        toCsv([...MARGIN_CSV_HEADER], await exportMarginReport(db, principalOf(request), request.query)),
      ),
    );
  };
