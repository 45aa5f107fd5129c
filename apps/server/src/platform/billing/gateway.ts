/**
 * What differs between billing providers: the calls to the provider itself. The ledger-backed
 * adapter (ledger-adapter.ts) does the bookkeeping in our tables around these calls.
 */
export type StoredMethod = { kind: "card" | "bank_account"; externalId: string };

export type AttachedMethod = { externalId: string; brand: string | null; last4: string | null };

export type ChargeOutcome =
  | { ok: true; externalId: string }
  | { ok: false; externalId: string | null; message: string };

/** A movement of the provider's balance (Stripe's balance transaction, the fields the Hub reads). */
export type BalanceTransaction = {
  id: string;
  created: number;
  type: string;
  amount: number;
  fee: number;
  net: number;
  currency: string;
  source: string | null;
  description: string | null;
};

export type BillingGateway = {
  readonly kind: "builtin" | "stripe";
  createCustomer: (client: { clientId: number; clientName: string }) => Promise<string>;
  attachCard: (
    customerId: string,
    input: { brand?: string | undefined; last4?: string | undefined; token?: string | undefined },
  ) => Promise<AttachedMethod>;
  attachBankAccount: (
    customerId: string,
    input: { last4?: string | undefined; token?: string | undefined },
  ) => Promise<AttachedMethod>;
  detach: (customerId: string, method: StoredMethod) => Promise<void>;
  setDefault: (customerId: string, method: StoredMethod) => Promise<void>;
  charge: (
    customerId: string,
    method: StoredMethod,
    request: { amountCents: number; orderId: string; clientId: number; idempotencyKey: string },
  ) => Promise<ChargeOutcome>;
  refund: (
    chargeExternalId: string,
    request: { amountCents: number; idempotencyKey: string },
  ) => Promise<ChargeOutcome>;
  /**
   * The provider's own record of money moved between two moments (Unix seconds, both included):
   * Stripe's balance transactions. Absent: the ledger is the provider's record (built-in).
   */
  balanceTransactions?: (range: { gte: number; lte: number }) => Promise<BalanceTransaction[]>;
  /** null: this provider has no hosted portal. */
  portal: (customerId: string, returnUrl: string) => Promise<string | null>;
};
