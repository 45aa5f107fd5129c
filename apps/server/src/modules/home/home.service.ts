import {
  ORDER_LATE_RULE,
  type PO_STATUSES,
  PRODUCT_STATUS_LABELS,
  PRODUCT_STATUSES,
  type THomeKind,
  type THomeSummary,
  type THomeTile,
  UNIT_OPEN_STATUSES,
  UNIT_STATUS_LABELS,
} from "@hub/contracts";
import type { Access } from "@hub/contracts/common/operation";
import { dashboardsApi } from "@hub/contracts/dashboards/api";
import { cuttingApi } from "@hub/contracts/floor/api";
import { inventoryApi, purchaseOrdersApi } from "@hub/contracts/inventory/api";
import { ordersApi } from "@hub/contracts/orders/api";
import { openOrdersApi } from "@hub/contracts/orders/open-orders-api";
import { productsApi } from "@hub/contracts/products/api";
import { returnsApi } from "@hub/contracts/returns/api";
import type { HubDb } from "@hub/db";
import { principalMay } from "../../platform/access";
import type { Principal } from "../../platform/principal";
import { firstPassYield } from "../dashboards/quality.service";
import { listPullQueue } from "../floor/cutting.service";
import { listPurchaseOrders } from "../inventory/purchase-orders.service";
import { listStock } from "../inventory/stock.service";
import { listFloorUnits } from "../orders/floor-units.service";
import { listOpenOrders } from "../orders/open-orders.service";
import { listOrders } from "../orders/orders.service";
import { listProducts } from "../products/products.service";
import { listReturns } from "../returns/returns.service";

/**
 * The home page (issue 18): what needs attention today. Every number is the `total` of the very
 * list its link opens, read by that list's own service with the link's filters (a page of one row),
 * so the number and the list cannot disagree, and each list's scope (tenant, team) applies as it
 * does there. A number is shown only when the caller may open its list (the operation's access).
 */

/** A number: where it links (web route and URL filters), the list operation behind it, and its count. */
type TileSpec = Omit<THomeTile, "count" | "capped"> & {
  access: Access;
  count: () => Promise<{ total: number; totalCapped?: boolean }>;
};

const ONE = { page: "0", size: "1" };

/** Today and the Monday of this week, UTC. */
export const homeDates = (now = new Date()) => {
  const today = now.toISOString().slice(0, 10);
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return { today, weekStart: monday.toISOString().slice(0, 10) };
};

const kindOf = (p: Principal): THomeKind => {
  if (p.isInternal) return "admin";
  if (p.isFacility) return "facility";
  if (p.userType === "client") return "client";
  return "designer";
};

/** A client's orders and returns (an internal admin's: every client's, or the session client's). */
const orderTiles = (db: HubDb, p: Principal, weekStart: string): TileSpec[] => {
  const orders = (key: string, label: string, query: Record<string, string>): TileSpec => ({
    key,
    group: "Orders",
    label,
    path: "/orders",
    query,
    access: ordersApi.list.access,
    count: () => listOrders(db, p, ordersApi.list.query.parse({ ...query, ...ONE })),
  });
  const returns = (status: string, label: string): TileSpec => ({
    key: `returns.${status}`,
    group: "Returns",
    label,
    path: "/returns",
    query: { status },
    access: returnsApi.list.access,
    count: () => listReturns(db, p, returnsApi.list.query.parse({ status, ...ONE })),
  });
  return [
    orders("orders.inProduction", "In production", { status: "in_production" }),
    orders("orders.shippedThisWeek", "Shipped this week", { shippedFrom: weekStart }),
    orders("orders.late", "Late", { attention: "late" }),
    orders("orders.awaitingPayment", "Awaiting payment", { attention: "awaitingPayment" }),
    returns("requested", "Returns requested"),
    returns("received", "Returns received, to refund or remake"),
  ];
};

/** A facility's floor and materials (an internal admin's: every facility's). */
const facilityTiles = (db: HubDb, p: Principal): TileSpec[] => {
  const open = (key: string, label: string, query: Record<string, string>): TileSpec => ({
    key,
    group: "Floor",
    label,
    path: "/openOrders",
    query,
    access: openOrdersApi.list.access,
    count: () => listOpenOrders(db, p, openOrdersApi.list.query.parse({ ...query, ...ONE })),
  });
  const pos = (status: (typeof PO_STATUSES)[number], label: string): TileSpec => ({
    key: `inventory.po.${status}`,
    group: "Inventory",
    label,
    path: "/inventoryOnOrder",
    query: { status },
    access: purchaseOrdersApi.listPurchaseOrders.access,
    count: () => listPurchaseOrders(db, p, purchaseOrdersApi.listPurchaseOrders.query.parse({ status, ...ONE })),
  });
  return [
    open("floor.late", "Late orders", { flag: "late" }),
    open("floor.atRisk", "Orders at risk", { flag: "atRisk" }),
    // Units by state: each the total of the floor's units list in that state.
    ...UNIT_OPEN_STATUSES.map(
      (state): TileSpec => ({
        key: `floor.units.${state}`,
        group: "Units",
        label: `Units ${UNIT_STATUS_LABELS[state].toLowerCase()}`,
        path: "/openOrders/units",
        query: { state },
        access: openOrdersApi.floorUnits.access,
        count: () => listFloorUnits(db, p, openOrdersApi.floorUnits.query.parse({ state, ...ONE })),
      }),
    ),
    {
      key: "floor.pull",
      group: "Floor",
      label: "Units waiting to be pulled",
      path: "/pullOrder",
      query: { pulled: "unpulled" },
      access: cuttingApi.pullQueue.access,
      count: () => listPullQueue(db, p, cuttingApi.pullQueue.query.parse({ pulled: "unpulled", ...ONE })),
    },
    pos("open", "Purchase orders open"),
    pos("partially_received", "Purchase orders partly received"),
    {
      key: "inventory.below",
      group: "Inventory",
      label: "Materials below their reorder threshold",
      path: "/inventory",
      query: { below: "true" },
      access: inventoryApi.list.access,
      count: () => listStock(db, p, inventoryApi.list.query.parse({ belowThreshold: "true", ...ONE })),
    },
  ];
};

/** A design team's products by status, approvals waiting and versions sent (the products list's team scope). */
const productTiles = (db: HubDb, p: Principal): TileSpec[] => {
  const products = (key: string, label: string, query: Record<string, string>): TileSpec => ({
    key,
    group: "Products",
    label,
    path: "/productDev/products",
    query,
    access: productsApi.list.access,
    count: () => listProducts(db, p, productsApi.list.query.parse({ ...query, ...ONE })),
  });
  return [
    ...PRODUCT_STATUSES.filter((s) => s !== "dropped").map((status) =>
      products(`products.${status}`, PRODUCT_STATUS_LABELS[status], { status }),
    ),
    products("products.awaitingApproval", "Awaiting approval", { pack: "awaitingApproval" }),
    products("products.sent", "Sent to the factory", { pack: "sent" }),
  ];
};

/**
 * Today's QC first-pass yield, read by Quality History's own service for a range of today alone
 * (the same figure its page shows for that day); a facility's and an internal admin's, when they
 * may open Quality History. The link opens it on the last seven days.
 */
const firstPassToday = async (db: HubDb, p: Principal, kind: THomeKind, today: string) => {
  if (kind !== "facility" && kind !== "admin") return null;
  if (!principalMay(p, dashboardsApi.qualityHistory.access)) return null;
  const f = await firstPassYield(db, p, { range: "custom", from: today, to: today });
  return {
    firstInspected: f.firstInspected,
    firstPassUnits: f.firstPassUnits,
    yieldPct: f.firstPassYieldPct,
    path: "/qs-dashboards/qualityHistory",
    query: { range: "7d" },
  };
};

/** What the caller's home page shows: the numbers of its kind that it may open. */
export const homeSummary = async (db: HubDb, p: Principal, now = new Date()): Promise<THomeSummary> => {
  const { today, weekStart } = homeDates(now);
  const kind = kindOf(p);
  const specs =
    kind === "client"
      ? orderTiles(db, p, weekStart)
      : kind === "facility"
        ? facilityTiles(db, p)
        : kind === "designer"
          ? productTiles(db, p)
          : [...orderTiles(db, p, weekStart), ...facilityTiles(db, p), ...productTiles(db, p)];
  const allowed = specs.filter((s) => principalMay(p, s.access));
  const tiles: THomeTile[] = [];
  // One list at a time: a handful of small counts, and the pool stays free for the pages around.
  for (const { access: _a, count, ...tile } of allowed) {
    const page = await count();
    tiles.push({ ...tile, count: page.total, capped: page.totalCapped ?? false });
  }
  const firstPass = await firstPassToday(db, p, kind, today);
  return { kind, today, weekStart, lateRule: ORDER_LATE_RULE, tiles, firstPass };
};
