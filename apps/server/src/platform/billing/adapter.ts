import type { TLedgerEntry, TPaymentMethod } from "@hub/contracts";

/** The client a billing call is about. */
export type BillingClient = { clientId: number; clientName: string };

/** A card or bank account to put on file: what a person typed, or the provider's token (Stripe). */
export type NewPaymentMethod = {
  label: string;
  brand?: string | undefined;
  last4?: string | undefined;
  token?: string | undefined;
};

export type MoneyRequest = {
  clientId: number;
  orderId: string;
  amountCents: number;
  actorUserId: number | null;
  /** The caller's Idempotency-Key: a repeat with the same key answers the first entry and moves no money. */
  idempotencyKey?: string | undefined;
};

/** A charge's or refund's ledger entry, and whether it answers an earlier request with the same key. */
export type MoneyOutcome = { entry: TLedgerEntry; replayed: boolean };

/**
 * Billing behind one interface (issue 3). The built-in adapter keeps everything as rows in our
 * database; the Stripe adapter talks to Stripe through its SDK and keeps the same rows as the Hub's
 * record. Either way no card data is stored: only a label, brand and last 4 digits.
 */
/** One row of the provider's report: a charge, a refund (negative) or a failed attempt. */
export type ProviderTransaction = {
  id: string;
  createdAt: string;
  kind: "charge" | "refund" | "failure";
  amountCents: number;
  feeCents: number | null;
  netCents: number | null;
  currency: string;
  source: string | null;
  reference: string | null;
  failureMessage: string | null;
};

export type BillingAdapter = {
  readonly kind: "builtin" | "stripe";
  /** The provider's customer for the client, created once. */
  ensureCustomer: (client: BillingClient) => Promise<string>;
  listPaymentMethods: (clientId: number) => Promise<TPaymentMethod[]>;
  addCard: (client: BillingClient, input: NewPaymentMethod) => Promise<TPaymentMethod>;
  addBankAccount: (client: BillingClient, input: NewPaymentMethod) => Promise<TPaymentMethod>;
  /** Removes a method of the client; false when the client has no such method. */
  removePaymentMethod: (client: BillingClient, id: number) => Promise<TPaymentMethod | null>;
  /** Makes a method of the client its default; null when the client has no such method. */
  setDefault: (client: BillingClient, id: number) => Promise<TPaymentMethod | null>;
  /** Charges the client's default method; the outcome (succeeded or failed) is always in the ledger. */
  charge: (client: BillingClient, request: MoneyRequest) => Promise<MoneyOutcome>;
  /** Refunds part or all of what was charged for the order, never more than the net charged. */
  refund: (client: BillingClient, request: MoneyRequest) => Promise<MoneyOutcome>;
  /** A hosted billing-portal address (Stripe only). */
  createPortalSession: (client: BillingClient, returnUrl: string) => Promise<string>;
  ledger: (clientId: number, orderId?: string) => Promise<TLedgerEntry[]>;
  /** What the provider moved between two moments, with the failures the ledger kept (transactions.ts). */
  transactions: (range: { from: Date; to: Date }) => Promise<ProviderTransaction[]>;
};
