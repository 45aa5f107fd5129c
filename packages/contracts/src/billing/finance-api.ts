import { type Access, declareApi } from "../common/operation";
import {
  ZFinanceClientPageSchema,
  ZFinanceClientQuerySchema,
  ZFinanceQuerySchema,
  ZFinanceSummarySchema,
} from "./finance";

/** Financials: the Financials card; the service scopes by tenant (a facility its clients', a client its own). */
const FINANCIALS: Access = {
  signedIn: true,
  types: ["icreate", "manufacturer", "factory", "client"],
  card: "financials",
};

/** Financials (/financials, issue 18): charged, refunded and outstanding, by month and by client. */
export const financeApi = declareApi("finance", {
  summary: {
    method: "GET",
    path: "/financials/summary",
    access: FINANCIALS,
    query: ZFinanceQuerySchema,
    responses: { 200: ZFinanceSummarySchema },
  },
  clients: {
    method: "GET",
    path: "/financials/clients",
    access: FINANCIALS,
    query: ZFinanceClientQuerySchema,
    responses: { 200: ZFinanceClientPageSchema },
  },
  exportCsv: {
    method: "GET",
    path: "/financials/clients/export.csv",
    access: FINANCIALS,
    query: ZFinanceClientQuerySchema,
    file: "text/csv",
  },
});
