import { describe, expect, it } from "vitest";
import { countByBitmap, type OrdersStats } from "./search-plan";

/** The bench's million orders, with their statuses' shares as `pg_stats` gave them. */
const million: OrdersStats = {
  rows: 1_000_000,
  statusShare: new Map([
    ["completed", 0.6],
    ["in_production", 0.2],
    ["placed", 0.147],
    ["cancelled", 0.05],
  ]),
};

describe("the broad search's count plan", () => {
  it("scans when the search alone is common enough to stop early", () => {
    // tee-100-xl: 1.6 % of the orders; 251 matches within about 16,000 orders read.
    expect(countByBitmap(0.016, million, 250)).toBe(false);
  });

  it("takes the bitmap when a rare status makes the scan pass most orders by", () => {
    // With `placed` (14.7 %), the scan reads about 105,000 orders for 251 matches.
    expect(countByBitmap(0.016, million, 250, "placed")).toBe(true);
    // maya patel (5.5 %) with `placed`: the scan still stops sooner than the bitmap reads 55,000.
    expect(countByBitmap(0.055, million, 250, "placed")).toBe(false);
  });

  it("counts a status the statistics do not know as every order's, and no share as no bitmap", () => {
    expect(countByBitmap(0.016, million, 250, "partially_shipped")).toBe(false);
    expect(countByBitmap(0, million, 250, "placed")).toBe(false);
    expect(countByBitmap(0.016, { rows: 0, statusShare: new Map() }, 250, "placed")).toBe(true);
  });
});
