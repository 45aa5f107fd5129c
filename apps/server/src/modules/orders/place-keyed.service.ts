import type { TOrder, TPortalOrderRequest, TWebOrderRequest } from "@hub/contracts";
import { forbidden } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { placeOrder } from "./place.service";
import type { OrderDeps } from "./rows";

/** Orders a client's systems place with its API key: a store's (web) and a storefront's (portal). */

/**
 * A portal order as the web order it is placed as: its reference is the external id, the end customer
 * the ship-to's name and phone (the email is kept beside it: `customerEmail`).
 */
export const portalOrderBody = (b: TPortalOrderRequest): TWebOrderRequest => ({
  externalOrderId: b.portalOrderRef,
  shipTo: { ...b.shipTo, name: b.customer.name, phone: b.customer.phone },
  poNumber: undefined,
  requestedShipDate: b.requestedShipDate,
  notes: b.notes,
  lines: b.lines,
  couponCode: b.couponCode,
});

/**
 * POST /orders/web and /orders/portal: a client's store (web) or storefront (portal) places an order
 * with the client's API key (a person's session is refused), through the one placing path.
 */
export const placeKeyedOrder = (
  deps: OrderDeps,
  p: Principal,
  input: { source: "web"; body: TWebOrderRequest } | { source: "portal"; body: TPortalOrderRequest },
): Promise<{ order: TOrder; created: boolean }> => {
  if (!p.apiKey)
    throw forbidden(
      input.source === "web"
        ? "Web orders come from a client's store with its API key."
        : "Portal orders come from a client's storefront with its API key.",
    );
  return placeOrder(
    deps,
    p,
    input.source === "portal"
      ? { source: "portal", body: portalOrderBody(input.body), customerEmail: input.body.customer.email }
      : input,
  );
};
