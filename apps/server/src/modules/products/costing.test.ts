import { convertMeasure, gradePoint, inchFraction, type TEstimatesData, withinTolerance } from "@hub/contracts";
import { describe, expect, it } from "vitest";
import { bpsOf, type CostingRow, costTechPack, lineCents, priceForMargin } from "./costing";

const SIZES = ["XS", "S", "M", "L", "XL", "2XL", "3XL"];

describe("grading", () => {
  it("fills every size from the base value and the grade rules, both ways", () => {
    const values = gradePoint(50, { XS: 2, S: 2, L: 2.5, XL: 2.5, "2XL": 3, "3XL": 3 }, SIZES, "M");
    expect(values).toEqual({ XS: 46, S: 48, M: 50, L: 52.5, XL: 55, "2XL": 58, "3XL": 61 });
  });

  it("keeps exact hundredths however many grades are added", () => {
    const rules = Object.fromEntries(SIZES.map((s) => [s, 1.27]));
    const values = gradePoint(0.01, rules, SIZES, "XS");
    expect(values["3XL"]).toBe(7.63);
  });

  it("grades a size without a rule by nothing, and answers nothing for an unknown base size", () => {
    expect(gradePoint(40, {}, ["S", "M", "L"], "M")).toEqual({ S: 40, M: 40, L: 40 });
    expect(gradePoint(40, {}, ["S", "M"], "XL")).toEqual({});
  });

  it("converts cm and inches to hundredths and writes inches in eighths", () => {
    expect(convertMeasure(2.54, "cm", "in")).toBe(1);
    expect(convertMeasure(50, "cm", "in")).toBe(19.69);
    expect(convertMeasure(10, "in", "cm")).toBe(25.4);
    expect(convertMeasure(12.5, "cm", "cm")).toBe(12.5);
    expect(inchFraction(28.375)).toBe("28 3/8");
    expect(inchFraction(0.5)).toBe("1/2");
    expect(inchFraction(19.69)).toBe("19 3/4");
    expect(inchFraction(20)).toBe("20");
  });

  it("checks a measurement against the plus and minus tolerances, edges included", () => {
    expect(withinTolerance(51, 50, 1, 0.5)).toBe(true);
    expect(withinTolerance(51.01, 50, 1, 0.5)).toBe(false);
    expect(withinTolerance(49.5, 50, 1, 0.5)).toBe(true);
    expect(withinTolerance(49.49, 50, 1, 0.5)).toBe(false);
  });
});

describe("costing", () => {
  it("multiplies decimal quantities by cents exactly, rounding half up", () => {
    expect(lineCents("1.15", 850)).toBe(978); // 977.5
    expect(lineCents("0.0001", 1)).toBe(0);
    expect(lineCents("3", 199)).toBe(597);
    expect(lineCents("0.3333", 300)).toBe(100); // 99.99
    expect(bpsOf(1000, 1250)).toBe(125);
    expect(priceForMargin(1000, 6000)).toBe(2500);
    expect(priceForMargin(999, 5000)).toBe(1998);
  });

  const row = (over: Partial<CostingRow>): CostingRow => ({
    tab: "fabrics",
    itemCode: "JER-1",
    itemName: "Jersey",
    itemId: 1,
    placement: "Body",
    quantity: "1.25",
    unit: "m",
    costCents: 800,
    cells: {},
    ...over,
  });
  const est: TEstimatesData = {
    labourCents: 450,
    overheadCents: 150,
    freightCents: 80,
    dutyBps: 1000,
    marginBps: 6000,
    setupCents: 10_000,
    quantities: [100, 1000],
  };

  it("costs each colourway from its own variants and builds landed cost, price and quantity breaks", () => {
    const rows = [
      row({ cells: { BLK: { variantId: 11, note: "" }, WHT: { variantId: 12, note: "" } } }),
      row({ tab: "labels", itemCode: "LBL", itemName: "Main label", quantity: "1", costCents: 25, cells: {} }),
    ];
    const variants = new Map<number, number | null>([
      [11, 900],
      [12, null],
    ]);
    const [blk, wht] = costTechPack(
      [
        { key: "BLK", name: "Black" },
        { key: "WHT", name: "White" },
      ],
      rows,
      est,
      variants,
    );
    // Black: 1.25 × 900 = 1125 + 25 = 1150 materials; duty 10% of 1750 = 175; landed 1150+450+150+175+80 = 2005
    expect(blk?.materialsCents).toBe(1150);
    expect(blk?.dutyCents).toBe(175);
    expect(blk?.landedCents).toBe(2005);
    expect(blk?.priceCents).toBe(5013); // 2005 / 0.4 = 5012.5 → 5013
    expect(blk?.marginCents).toBe(5013 - 2005);
    expect(blk?.byQuantity[0]).toEqual({
      quantity: 100,
      unitLandedCents: 2105,
      unitPriceCents: 5263,
      totalPriceCents: 526_300,
    });
    // White's variant has no cost of its own: the row's cost applies.
    expect(wht?.materialsCents).toBe(1025);
  });

  it("answers one column for a tech pack without colourways", () => {
    const out = costTechPack([], [row({})], est, new Map());
    expect(out.map((c) => c.name)).toEqual(["All colourways"]);
    expect(out[0]?.materialsCents).toBe(1000);
  });
});
