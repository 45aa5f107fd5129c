import type { TStyleComposition } from "@hub/contracts";
import { describe, expect, it } from "vitest";
import { HttpError } from "../../../platform/errors";
import { chooseVariant, costOf, priceOf } from "./pricing";

type Fabric = TStyleComposition["fabrics"][number];
type Part = TStyleComposition["parts"][number];
type Step = TStyleComposition["instructions"][number];

const attr = (attributeId: number, code: string, name: string, upchargeCents = 0) => ({
  attributeId,
  code,
  name,
  hexColor: null,
  upchargeCents,
});

/** A tee: base $10.00, tiers from 12 and 100, colour (black free, red +75 ¢) and size (S, M free, XL +150 ¢). */
const tee = (over: Partial<TStyleComposition> = {}): TStyleComposition => ({
  styleId: 7,
  styleCode: "TEE",
  styleName: "Classic tee",
  basePriceCents: 1000,
  labourCentsPerMinute: 30,
  priceTiers: [
    { minQuantity: 12, unitPriceCents: 900 },
    { minQuantity: 100, unitPriceCents: 750 },
  ],
  options: [
    { optionId: 1, code: "COLOR", name: "Colour", attributes: [attr(11, "BLK", "Black"), attr(12, "RED", "Red", 75)] },
    {
      optionId: 2,
      code: "SIZE",
      name: "Size",
      attributes: [attr(21, "S", "S"), attr(22, "M", "M"), attr(23, "XL", "XL", 150)],
    },
  ],
  fabrics: [],
  parts: [],
  instructions: [],
  ...over,
});

const fabric = (over: Partial<Fabric>): Fabric => ({
  fabricId: 1,
  code: "JER",
  name: "Jersey",
  unit: "yd",
  costCents: 500,
  outOfStock: false,
  attributeId: null,
  attributeName: null,
  placement: null,
  consumption: 1,
  ...over,
});
const part = (over: Partial<Part>): Part => ({
  partId: 1,
  code: "LBL",
  name: "Label",
  unit: "pc",
  costCents: 10,
  outOfStock: false,
  attributeId: null,
  attributeName: null,
  quantity: 1,
  ...over,
});
const step = (n: number, standardMinutes: number | null): Step => ({
  step: n,
  instructionId: n,
  code: `S${n}`,
  name: `Step ${n}`,
  machineId: null,
  machineName: null,
  standardMinutes,
});

/** The 400 a function throws, as `{ status, message, fields }`. */
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof HttpError) return { status: err.status, message: err.message, fields: err.fields };
    throw err;
  }
  throw new Error("expected a refusal");
};

describe("chooseVariant", () => {
  it("answers one attribute per option, in the style's option order, whatever order the ids come in", () => {
    expect(chooseVariant(tee(), [23, 12])).toEqual([
      { optionId: 1, optionName: "Colour", ...attr(12, "RED", "Red", 75) },
      { optionId: 2, optionName: "Size", ...attr(23, "XL", "XL", 150) },
    ]);
  });

  it("refuses an attribute the style does not offer, naming it on attributeIds", () => {
    expect(refusal(() => chooseVariant(tee(), [11, 21, 99]))).toEqual({
      status: 400,
      message: "Attribute 99 is not offered for TEE.",
      fields: { attributeIds: "Attribute 99 is not offered for TEE." },
    });
    expect(refusal(() => chooseVariant(tee(), [11, 98, 99])).message).toBe(
      "Attributes 98, 99 are not offered for TEE.",
    );
  });

  it("asks for a missing option, listing its attributes", () => {
    expect(refusal(() => chooseVariant(tee(), [11])).message).toBe("Choose a Size: S, M, XL.");
  });

  it("cuts a long list of attributes short", () => {
    const sizes = Array.from({ length: 10 }, (_, i) => attr(100 + i, `S${i}`, `S${i}`));
    const many = tee({ options: [{ optionId: 2, code: "SIZE", name: "Size", attributes: sizes }] });
    expect(refusal(() => chooseVariant(many, [])).message).toBe("Choose a Size: S0, S1, S2, S3, S4, S5, S6, S7….");
  });

  it("refuses two attributes of one option", () => {
    expect(refusal(() => chooseVariant(tee(), [11, 12, 21])).message).toBe(
      "Choose only one Colour (Black, Red were chosen).",
    );
  });

  it("accepts a repeated id once, and a style without options with no ids", () => {
    expect(chooseVariant(tee(), [11, 11, 21]).map((x) => x.attributeId)).toEqual([11, 21]);
    expect(chooseVariant(tee({ options: [] }), [])).toEqual([]);
  });
});

describe("priceOf", () => {
  it("uses the base price below the first tier", () => {
    expect(priceOf(tee(), 1, [11, 21])).toEqual({
      styleId: 7,
      quantity: 1,
      tierMinQuantity: 1,
      baseUnitPriceCents: 1000,
      upchargeCents: 0,
      unitPriceCents: 1000,
      totalCents: 1000,
      currency: "USD",
    });
    expect(priceOf(tee(), 11, [11, 21]).unitPriceCents).toBe(1000);
  });

  it("uses the highest tier at or below the quantity, from its first piece", () => {
    expect(priceOf(tee(), 12, [11, 21])).toMatchObject({
      tierMinQuantity: 12,
      unitPriceCents: 900,
      totalCents: 10_800,
    });
    expect(priceOf(tee(), 99, [11, 21])).toMatchObject({ tierMinQuantity: 12, unitPriceCents: 900 });
    expect(priceOf(tee(), 100, [11, 21])).toMatchObject({ tierMinQuantity: 100, unitPriceCents: 750 });
    expect(priceOf(tee(), 5000, [11, 21])).toMatchObject({ tierMinQuantity: 100, unitPriceCents: 750 });
  });

  it("finds the tier whatever order the tiers come in", () => {
    const shuffled = tee({
      priceTiers: [
        { minQuantity: 100, unitPriceCents: 750 },
        { minQuantity: 12, unitPriceCents: 900 },
      ],
    });
    expect(priceOf(shuffled, 50, [11, 21])).toMatchObject({ tierMinQuantity: 12, unitPriceCents: 900 });
  });

  it("adds every chosen attribute's upcharge to the tier's unit price", () => {
    expect(priceOf(tee(), 12, [12, 23])).toMatchObject({
      baseUnitPriceCents: 900,
      upchargeCents: 225,
      unitPriceCents: 1125,
      totalCents: 13_500,
    });
  });

  it("prices a style without tiers or options at its base price", () => {
    expect(priceOf(tee({ priceTiers: [], options: [] }), 250, [])).toMatchObject({
      tierMinQuantity: 1,
      upchargeCents: 0,
      unitPriceCents: 1000,
      totalCents: 250_000,
    });
  });

  it("refuses a variant it cannot name", () => {
    expect(refusal(() => priceOf(tee(), 12, [11])).status).toBe(400);
  });
});

describe("costOf", () => {
  it("builds the cost from every-variant materials, the chosen attribute's materials and labour", () => {
    const c = tee({
      fabrics: [
        fabric({ fabricId: 1, consumption: 1.2, costCents: 525, placement: "body" }),
        fabric({ fabricId: 2, code: "RIB", name: "Rib", attributeId: 12, consumption: 0.25, costCents: 800 }),
        fabric({ fabricId: 3, code: "MESH", name: "Mesh", attributeId: 11, consumption: 3, costCents: 999 }),
      ],
      parts: [part({ quantity: 2, costCents: 12 }), part({ partId: 2, code: "ZIP", attributeId: 23, costCents: 80 })],
      instructions: [step(1, 2.5), step(2, 1.25)],
    });
    const cost = costOf(c, 10, [12, 21], 40);
    expect(cost.lines).toEqual([
      {
        kind: "fabric",
        refId: 1,
        code: "JER",
        name: "Jersey (body)",
        quantity: 1.2,
        unit: "yd",
        unitCostCents: 525,
        costCents: 630,
      },
      {
        kind: "fabric",
        refId: 2,
        code: "RIB",
        name: "Rib",
        quantity: 0.25,
        unit: "yd",
        unitCostCents: 800,
        costCents: 200,
      },
      { kind: "part", refId: 1, code: "LBL", name: "Label", quantity: 2, unit: "pc", unitCostCents: 12, costCents: 24 },
      {
        kind: "labour",
        refId: 7,
        code: "LABOUR",
        name: "Sewing, 2 steps",
        quantity: 3.75,
        unit: "min",
        unitCostCents: 30,
        costCents: 113,
      },
    ]);
    expect(cost).toMatchObject({
      fabricCents: 830,
      partCents: 24,
      labourMinutes: 3.75,
      labourCentsPerMinute: 30,
      labourCents: 113,
      unitCostCents: 967,
      // 967 / 0.6 = 1611.67
      unitPriceCents: 1612,
      totalCents: 16_120,
      marginPct: 40,
      quantity: 10,
    });
  });

  it("counts a material without a cost, and labour without a rate or minutes, as zero", () => {
    const c = tee({
      labourCentsPerMinute: null,
      fabrics: [fabric({ costCents: null, consumption: 2 })],
      instructions: [step(1, null)],
    });
    expect(costOf(c, 1, [11, 21], 0)).toMatchObject({
      fabricCents: 0,
      labourCents: 0,
      labourMinutes: 0,
      unitCostCents: 0,
      unitPriceCents: 0,
    });
    expect(costOf(c, 1, [11, 21], 0).lines.at(-1)?.name).toBe("Sewing, 1 step");
  });

  it("sums step minutes without float drift (0.1 + 0.2 minutes is 0.3)", () => {
    const c = tee({ labourCentsPerMinute: 1000, instructions: [step(1, 0.1), step(2, 0.2)] });
    expect(costOf(c, 1, [11, 21], 0)).toMatchObject({ labourMinutes: 0.3, labourCents: 300 });
  });

  it("rounds a half cent up, even where binary floats land just below it", () => {
    // 1.005 yd × 100 ¢ is 100.5 ¢, but 1.005 * 100 is 100.49999999999999 in floating point.
    const fab = costOf(tee({ fabrics: [fabric({ consumption: 1.005, costCents: 100 })] }), 1, [11, 21], 0);
    expect(fab.lines[0]?.costCents).toBe(101);
    // 0.35 pc × 150 ¢ is 52.5 ¢ (0.35 * 150 is 52.49999999999999).
    const prt = costOf(tee({ parts: [part({ quantity: 0.35, costCents: 150 })] }), 1, [11, 21], 0);
    expect(prt.lines[0]?.costCents).toBe(53);
    // 1.005 minutes at 100 ¢ a minute is 100.5 ¢.
    const lab = costOf(tee({ labourCentsPerMinute: 100, instructions: [step(1, 1.005)] }), 1, [11, 21], 0);
    expect(lab.labourCents).toBe(101);
  });

  it("prices at the margin on whole cents, rounded once", () => {
    const c = tee({ fabrics: [fabric({ consumption: 1, costCents: 301 })] });
    // 301 / (1 − 0.0368) = 312.5 exactly: rounded up, not lost to drift.
    expect(costOf(c, 3, [11, 21], 3.68)).toMatchObject({ unitCostCents: 301, unitPriceCents: 313, totalCents: 939 });
    expect(costOf(c, 1, [11, 21], 0).unitPriceCents).toBe(301);
    expect(costOf(c, 1, [11, 21], 90).unitPriceCents).toBe(3010);
  });

  it("answers integer cents everywhere", () => {
    const c = tee({
      fabrics: [fabric({ consumption: 0.3333, costCents: 777 })],
      parts: [part({ quantity: 1.7, costCents: 33 })],
      instructions: [step(1, 0.4567), step(2, 1.1111)],
    });
    const cost = costOf(c, 7, [12, 23], 37.5);
    for (const cents of [
      cost.fabricCents,
      cost.partCents,
      cost.labourCents,
      cost.unitCostCents,
      cost.unitPriceCents,
      cost.totalCents,
      ...cost.lines.map((l) => l.costCents),
    ]) {
      expect(Number.isInteger(cents)).toBe(true);
    }
    expect(cost.labourMinutes).toBe(1.5678);
  });

  it("refuses a variant it cannot name", () => {
    expect(refusal(() => costOf(tee(), 1, [], 40)).message).toBe("Choose a Colour: Black, Red.");
  });
});
