import type { TQuote, TQuoteRequest } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import type { Principal } from "../../platform/principal";
import { priceOrder } from "./place.service";
import { orderClientFor } from "./scope";

/** POST /orders/quote: every line priced live, each problem by index, and the coupon checked (with why not). */
export const quoteOrder = async (db: HubDb, p: Principal, body: TQuoteRequest): Promise<TQuote> => {
  const client = await orderClientFor(db, p, body.clientId);
  const priced = await priceOrder(db, client, body.lines, body.couponCode);
  return {
    clientId: client.clientId,
    lines: priced.lines,
    problems: priced.problems,
    subtotalCents: priced.subtotalCents,
    discountCents: priced.discountCents,
    totalCents: priced.totalCents,
    coupon: priced.coupon
      ? {
          code: priced.coupon.code,
          valid: priced.coupon.reason === null,
          reason: priced.coupon.reason,
          discountCents: priced.discountCents,
        }
      : null,
  };
};
