import { describe, expect, it } from "vitest";
import { countPlan, countReach, type OrdersStats } from "./search-plan";

/** The bench's million orders. */
const million: OrdersStats = { rows: 1_000_000 };

describe("the broad search's count plan", () => {
  it("scans when the search alone is common enough to stop early", () => {
    // tee-100-xl: 1.6 % of the orders; 251 matches within about 16,000 orders read.
    expect(countPlan(0.016, million, 250, "scan")).toBe("scan");
  });

  it("walks the window's index, unless the search's matches are fewer than the walk reads", () => {
    // maya patel (5.5 %): about 4,600 orders walked, against 55,000 matches.
    expect(countPlan(0.055, million, 250, "walk")).toBe("walk");
    // tee-100-xl (1.6 %): about 16,000 walked at a heap read each, against 16,000 matches in the index.
    expect(countPlan(0.016, million, 250, "walk")).toBe("bitmap");
  });

  it("reads at most four times the orders the share says it needs", () => {
    expect(countReach(0.25, 250)).toBe(4016);
    expect(countReach(0, 250)).toBe(1004);
  });

  it("stops early without a share, and takes the bitmap on an empty table", () => {
    expect(countPlan(0, million, 250, "walk")).toBe("walk");
    expect(countPlan(0, million, 250, "scan")).toBe("scan");
    expect(countPlan(0.016, { rows: 0 }, 250, "walk")).toBe("bitmap");
  });
});
