import { randomUUID } from "node:crypto";
import type { BillingGateway } from "./gateway";

/**
 * The built-in provider: needs no outside service. Customers and methods get local ids; charges and
 * refunds always succeed and exist only as ledger rows (no money moves).
 */
export const builtinGateway = (): BillingGateway => ({
  kind: "builtin",
  createCustomer: async (client) => `cus_local_${client.clientId}`,
  attachCard: async (_customer, input) => ({
    externalId: `pm_local_${randomUUID()}`,
    brand: input.brand ?? null,
    last4: input.last4 ?? null,
  }),
  attachBankAccount: async (_customer, input) => ({
    externalId: `ba_local_${randomUUID()}`,
    brand: null,
    last4: input.last4 ?? null,
  }),
  detach: async () => {},
  setDefault: async () => {},
  charge: async () => ({ ok: true, externalId: `ch_local_${randomUUID()}` }),
  refund: async () => ({ ok: true, externalId: `re_local_${randomUUID()}` }),
  portal: async () => null,
});
