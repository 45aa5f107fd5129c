import { BILLING_MESSAGES } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { eq } from "drizzle-orm";
import type { BillingClient } from "../../platform/billing";
import { badRequest, forbidden, notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";

const clientById = async (db: HubDb, clientId: number): Promise<BillingClient | null> => {
  const [row] = await db
    .select({ clientId: schema.clients.clientId, clientName: schema.clients.clientName })
    .from(schema.clients)
    .where(eq(schema.clients.clientId, clientId));
  return row ?? null;
};

/**
 * The client whose billing a person manages: a client admin its own client; an internal user the
 * session client it chose (a clear 400 when none is chosen). Anyone else: 403.
 */
export const billingClientOf = async (db: HubDb, p: Principal): Promise<BillingClient> => {
  if (p.isInternal) {
    if (p.sessionClientId === null) throw badRequest(BILLING_MESSAGES.chooseClient);
    const client = await clientById(db, p.sessionClientId);
    if (!client) throw badRequest(BILLING_MESSAGES.chooseClient);
    return client;
  }
  if (p.userType !== "client" || !p.isClientAdmin || p.clientId === null)
    throw forbidden("Only a client admin manages the client's billing.");
  const client = await clientById(db, p.clientId);
  if (!client) throw notFound("Your client");
  return client;
};

/** A client named in a request (internal charge and refund); unknown answers 404. */
export const namedClient = async (db: HubDb, clientId: number): Promise<BillingClient> => {
  const client = await clientById(db, clientId);
  if (!client) throw notFound("That client");
  return client;
};
