import { FINANCE_CSV_HEADER } from "@hub/contracts";
import { financeApi as api } from "@hub/contracts/billing/finance-api";
import { providerReportApi } from "@hub/contracts/billing/provider-report-api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/access";
import { sendCsv, toCsv } from "../../platform/csv";
import type { ModuleDeps } from "../../platform/deps";
import { register } from "../../platform/operations";
import { exportFinanceClients, financeClients, financeSummary } from "./finance.service";
import { providerTransactionsPage } from "./provider-report.service";

/** Financials' and Stripe Reports' handlers (issue 18); who may call them and what they answer is in `financeApi` and `providerReportApi`. */
export const financeRoutes =
  ({ db, billing }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, api.summary, async (request) => financeSummary(db, principalOf(request), request.query));
    register(app, providerReportApi.transactions, async (request) => providerTransactionsPage(billing, request.query));
    register(app, api.clients, async (request) => financeClients(db, principalOf(request), request.query));
    register(app, api.exportCsv, async (request, reply) =>
      sendCsv(
        reply,
        "financials.csv",
        toCsv([...FINANCE_CSV_HEADER], await exportFinanceClients(db, principalOf(request), request.query)),
      ),
    );
  };
