import { type Access, declareApi } from "../common/operation";
import { ZChargeReportQuerySchema, ZChargeReportSchema } from "./documents";

/** The order charge report: the Order Charge Report card; the service scopes by tenant. */
const CHARGES: Access = {
  signedIn: true,
  types: ["icreate", "manufacturer", "factory", "client"],
  card: "orderChargeReport",
};

/** The order charge report (/orderChargeReport, issue 10): charges and refunds of orders, with totals. */
export const orderChargesApi = declareApi("orderCharges", {
  list: {
    method: "GET",
    path: "/orders/charges",
    access: CHARGES,
    query: ZChargeReportQuerySchema,
    responses: { 200: ZChargeReportSchema },
  },
  exportCsv: {
    method: "GET",
    path: "/orders/charges/export.csv",
    access: CHARGES,
    query: ZChargeReportQuerySchema,
    file: "text/csv",
  },
});
