import { type Access, declareApi } from "../common/operation";
import { ZMarginPageSchema, ZMarginQuerySchema } from "./margin";

/**
 * The margin report: a facility's users (the orders placed with its facilities) and internal admins
 * (every order); never a client or a designer, whatever cards they hold.
 */
const MARGINS: Access = { signedIn: true, types: ["icreate", "manufacturer", "factory"], card: "marginReport" };

/** The margin report (/marginReport, issue 22): quoted, actual, revenue and margin by style, client or month. */
export const marginApi = declareApi("margin", {
  report: {
    method: "GET",
    path: "/reports/margin",
    access: MARGINS,
    query: ZMarginQuerySchema,
    responses: { 200: ZMarginPageSchema },
  },
  exportCsv: {
    method: "GET",
    path: "/reports/margin/export.csv",
    access: MARGINS,
    query: ZMarginQuerySchema,
    file: "text/csv",
  },
});
