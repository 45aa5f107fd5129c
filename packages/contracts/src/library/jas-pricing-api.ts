import { type Access, declareApi } from "../common/operation";
import { ZPriceListPageSchema, ZPriceListQuerySchema } from "./jas-pricing";

/** JAS Pricing: the card; client users see their own client's list, facility users their clients', admins any. */
const PRICING: Access = { signedIn: true, types: ["icreate", "manufacturer", "factory", "client"], card: "jasPricing" };

/** JAS Pricing (/jasPricing, issue 18): a client's price list as a page, a CSV and a PDF price sheet. */
export const jasPricingApi = declareApi("jasPricing", {
  list: {
    method: "GET",
    path: "/library/jasPricing",
    access: PRICING,
    query: ZPriceListQuerySchema,
    responses: { 200: ZPriceListPageSchema },
  },
  exportCsv: {
    method: "GET",
    path: "/library/jasPricing/export.csv",
    access: PRICING,
    query: ZPriceListQuerySchema,
    file: "text/csv",
  },
  sheetPdf: {
    method: "GET",
    path: "/library/jasPricing/sheet.pdf",
    access: PRICING,
    query: ZPriceListQuerySchema,
    file: "application/pdf",
  },
});
