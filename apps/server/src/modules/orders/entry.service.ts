import type { TEntryOptions, TLookupItem, TProductDetails } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { Principal } from "../../platform/principal";
import { styles } from "../library/styles/composition-read";
import { getProductDetails } from "../library/styles/pricing";
import { clientView, orderClientFor } from "./scope";

/**
 * What the order entry screen offers for the client an order is for, read as that client: an
 * internal admin or a facility user orders for a client whose address book, offered styles and
 * upcharges are not its own (the library and address routes answer the caller's own).
 */

/**
 * GET /orders/entry/options: the client, the addresses the caller may ship to (its own "My
 * addresses", then the client's shared book: `shippableAddress` in orders.service accepts the same)
 * and whether placing will charge it.
 */
export const entryOptions = async (db: HubDb, p: Principal, clientId: number | undefined): Promise<TEntryOptions> => {
  const client = await orderClientFor(db, p, clientId);
  const a = schema.addresses;
  const shared = and(eq(a.clientId, client.clientId), isNull(a.userId));
  const rows = await db
    .select()
    .from(a)
    .where(and(p.userId > 0 ? or(shared, eq(a.userId, p.userId)) : shared, eq(a.active, true)))
    .orderBy(sql`${a.userId} is null`, desc(a.isDefault), asc(a.label), asc(a.id));
  const pm = schema.paymentMethods;
  const [method] = await db
    .select({ id: pm.id })
    .from(pm)
    .where(and(eq(pm.clientId, client.clientId), eq(pm.isDefault, true)))
    .limit(1);
  return {
    clientId: client.clientId,
    clientName: client.clientName,
    addresses: rows.map((r) => ({
      id: r.id,
      label: r.label,
      isDefault: r.isDefault,
      owner: r.userId !== null ? ("me" as const) : ("client" as const),
      name: r.name,
      company: r.company,
      line1: r.line1,
      line2: r.line2,
      city: r.city,
      region: r.region,
      postalCode: r.postalCode,
      country: r.country,
      phone: r.phone,
    })),
    hasPaymentMethod: method !== undefined,
  };
};

/** GET /orders/entry/styles: the styles offered to the client (not archived), by code or name. */
export const entryStyles = async (
  db: HubDb,
  p: Principal,
  q: { clientId?: number | undefined; searchString?: string | undefined; size: number },
): Promise<TLookupItem[]> => {
  const client = await orderClientFor(db, p, q.clientId);
  return styles.lookup(db, clientView(client.clientId), { searchString: q.searchString, size: q.size });
};

/** GET /orders/entry/styles/:styleId: the style as the client sees it; another client's style is a 404. */
export const entryStyleDetails = async (
  db: HubDb,
  p: Principal,
  styleId: number,
  clientId: number | undefined,
): Promise<TProductDetails> => {
  const client = await orderClientFor(db, p, clientId);
  return getProductDetails(db, clientView(client.clientId), styleId);
};
