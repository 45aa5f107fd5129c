import { type Access, declareApi } from "../common/operation";
import {
  ZAddBankAccountRequestSchema,
  ZAddCardRequestSchema,
  ZChargeRequestSchema,
  ZLedgerEntrySchema,
  ZLedgerListSchema,
  ZLedgerQuerySchema,
  ZPaymentMethodIdParamsSchema,
  ZPaymentMethodListSchema,
  ZPaymentMethodSchema,
  ZPortalSessionRequestSchema,
  ZPortalSessionResponseSchema,
  ZRefundRequestSchema,
  ZRemovePaymentMethodResponseSchema,
  ZSetDefaultPaymentMethodSchema,
} from "./billing";

/**
 * Who may call what:
 * - payment methods and the portal: client admins for their own client, internal users for their
 *   session client (400 until one is chosen); everyone else 403;
 * - charge, refund and the ledger: internal (icreate) users, for the client named in the request.
 */
const MANAGE: Access = { signedIn: true, types: ["icreate", "client"] };
const INTERNAL: Access = { signedIn: true, types: ["icreate"] };

const errors = [402, 409] as const;

/** The billing area's operations (issue 3). */
export const billingApi = declareApi("billing", {
  paymentMethods: {
    method: "GET",
    path: "/billing/paymentMethods",
    access: MANAGE,
    responses: { 200: ZPaymentMethodListSchema },
    errors,
  },
  addCard: {
    method: "POST",
    path: "/billing/cards",
    access: MANAGE,
    body: ZAddCardRequestSchema,
    responses: { 201: ZPaymentMethodSchema },
    errors,
  },
  addBankAccount: {
    method: "POST",
    path: "/billing/bankAccounts",
    access: MANAGE,
    body: ZAddBankAccountRequestSchema,
    responses: { 201: ZPaymentMethodSchema },
    errors,
  },
  removePaymentMethod: {
    method: "DELETE",
    path: "/billing/paymentMethods/:id",
    access: MANAGE,
    params: ZPaymentMethodIdParamsSchema,
    responses: { 200: ZRemovePaymentMethodResponseSchema },
    errors,
  },
  setDefault: {
    method: "PUT",
    path: "/billing/defaultPaymentMethod",
    access: MANAGE,
    body: ZSetDefaultPaymentMethodSchema,
    responses: { 200: ZPaymentMethodSchema },
    errors,
  },
  /** With an Idempotency-Key: a retried charge answers the first one's entry. */
  charge: {
    method: "POST",
    path: "/chargeStripeCustomer",
    access: INTERNAL,
    body: ZChargeRequestSchema,
    responses: { 201: ZLedgerEntrySchema },
    errors,
  },
  /** With an Idempotency-Key: a retried refund answers the first one's entry. */
  refund: {
    method: "POST",
    path: "/refundStripeCustomer",
    access: INTERNAL,
    body: ZRefundRequestSchema,
    responses: { 201: ZLedgerEntrySchema },
    errors,
  },
  ledger: {
    method: "GET",
    path: "/billing/ledger",
    access: INTERNAL,
    query: ZLedgerQuerySchema,
    responses: { 200: ZLedgerListSchema },
    errors,
  },
  portalSession: {
    method: "POST",
    path: "/billing/portalSession",
    access: MANAGE,
    body: ZPortalSessionRequestSchema.optional(),
    responses: { 200: ZPortalSessionResponseSchema },
    errors,
  },
});
