import type { HubDb } from "@hub/db";
import type { HubConfig } from "../config";
import type { BillingAdapter } from "./adapter";
import { builtinGateway } from "./builtin";
import { ledgerBackedAdapter } from "./ledger-adapter";
import { stripeGateway, stripeSdk } from "./stripe";

export type { BillingAdapter, BillingClient } from "./adapter";

export const builtinBilling = (db: HubDb): BillingAdapter => ledgerBackedAdapter(db, builtinGateway());

export const stripeBilling = (db: HubDb, settings: { secretKey: string; apiBase: string | null }): BillingAdapter =>
  ledgerBackedAdapter(db, stripeGateway(stripeSdk(settings)));

/** STRIPE_SECRET_KEY set: the Stripe adapter (STRIPE_API_BASE for a stand-in); else the built-in ledger. */
export const billingAdapterFor = (db: HubDb, config: HubConfig): BillingAdapter =>
  config.stripeSecretKey
    ? stripeBilling(db, { secretKey: config.stripeSecretKey, apiBase: config.stripeApiBase })
    : builtinBilling(db);
