import type { TOrder } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, sql } from "drizzle-orm";
import { notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { hasShippingPlatform } from "../integrations/integrations.service";
import { toListItem } from "./list.service";
import { platformOf } from "./platform-order";
import { type ItemRow, iso, type OrderDeps, type OrderRow, o, oi, shipToOf } from "./rows";
import { orderScope } from "./scope";

/** Reading one order: the row a caller may see and its detail. The list is list.service.ts. */

const toItem = (r: ItemRow) => ({
  id: r.id,
  lineNumber: r.lineNumber,
  styleId: r.styleId,
  styleCode: r.styleCode,
  styleName: r.styleName,
  sku: r.sku,
  options: r.options,
  quantity: r.quantity,
  unitPriceCents: r.unitPriceCents,
  upchargeCents: r.upchargeCents,
  lineTotalCents: r.lineTotalCents,
  status: r.status as TOrder["items"][number]["status"],
});

/** The order row a caller may see; 404 otherwise (another tenant's order is not found). */
export const orderRowFor = async (db: HubDb | HubTx, p: Principal, id: number): Promise<OrderRow> => {
  const [row] = await db
    .select()
    .from(o)
    .where(and(eq(o.id, id), orderScope(p)));
  if (!row) throw notFound("That order");
  return row;
};

/** The PO file's name, for the order page's download (the file is the order's client's). */
const poFileNameOf = async (db: HubDb, row: OrderRow): Promise<string | null> => {
  if (row.poFileId === null) return null;
  const f = schema.storedFiles;
  const [file] = await db
    .select({ fileName: f.fileName })
    .from(f)
    .where(and(eq(f.id, row.poFileId), eq(f.clientId, row.clientId)));
  return file?.fileName ?? null;
};

/** Parts of an order's detail its caller already holds (placing, which has just written them): not read again. */
export type KnownDetail = {
  items?: ItemRow[];
  ledger?: Awaited<ReturnType<OrderDeps["billing"]["ledger"]>>;
  hasPaymentMethod?: boolean;
};

/** The client's default payment method and shipping platform, in one query. */
const clientFlagsOf = async (db: HubDb, clientId: number) => {
  const pm = schema.paymentMethods;
  const [flags] = await db
    .select({
      hasPaymentMethod: sql<boolean>`exists (select 1 from ${pm} where ${pm.clientId} = ${clientId} and ${pm.isDefault})`,
      shippingPlatform: hasShippingPlatform(clientId).mapWith(Boolean),
    })
    .from(sql`(select 1) as one`);
  return { hasPaymentMethod: Boolean(flags?.hasPaymentMethod), shippingPlatform: Boolean(flags?.shippingPlatform) };
};

export const detailOf = async (deps: OrderDeps, row: OrderRow, known: KnownDetail = {}): Promise<TOrder> => {
  const [items, ledger, flags, poFileName] = await Promise.all([
    known.items ?? deps.db.select().from(oi).where(eq(oi.orderId, row.id)).orderBy(asc(oi.lineNumber)),
    known.ledger ?? deps.billing.ledger(row.clientId, row.orderNumber),
    // Placing knows the card; a just-placed order's platform state says whether it is to be sent.
    known.hasPaymentMethod === undefined
      ? clientFlagsOf(deps.db, row.clientId)
      : { hasPaymentMethod: known.hasPaymentMethod, shippingPlatform: row.platformPush !== null },
    poFileNameOf(deps.db, row),
  ]);
  const hasPaymentMethod = flags.hasPaymentMethod;
  return {
    ...toListItem(row),
    factoryId: row.factoryId,
    addressId: row.addressId,
    shipTo: shipToOf(row),
    poFileId: row.poFileId,
    poFileName,
    notes: row.notes,
    customerEmail: row.customerEmail,
    couponCode: row.couponCode,
    paymentMessage: row.paymentMessage,
    chargedCents: row.chargedCents,
    refundedCents: row.refundedCents,
    updatedAt: iso(row.updatedAt),
    hasPaymentMethod,
    dueDate: row.dueDate,
    shippingPlatform: platformOf(row, flags.shippingPlatform),
    items: items.map(toItem),
    ledger: ledger.map((e) => ({
      id: e.id,
      kind: e.kind,
      amountCents: e.amountCents,
      status: e.status,
      failureMessage: e.failureMessage,
      createdAt: e.createdAt,
    })),
  };
};

export const getOrder = async (deps: OrderDeps, p: Principal, id: number): Promise<TOrder> =>
  detailOf(deps, await orderRowFor(deps.db, p, id));
