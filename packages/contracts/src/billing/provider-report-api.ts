import { type Access, declareApi } from "../common/operation";
import { ZProviderTxnPageSchema, ZProviderTxnQuerySchema } from "./provider-report";

/** The provider's account is the Hub's, not a client's: internal admins with the Stripe Reports card. */
const REPORTS: Access = { signedIn: true, types: ["icreate"], card: "stripeReports" };

/** Stripe Reports (/stripeReports, issue 18): the billing provider's charges, refunds and failures. */
export const providerReportApi = declareApi("stripeReports", {
  transactions: {
    method: "GET",
    path: "/stripeReports/transactions",
    access: REPORTS,
    query: ZProviderTxnQuerySchema,
    responses: { 200: ZProviderTxnPageSchema },
  },
});
