import type {
  TApiKeyCreated,
  TCustomProductPrice,
  TErrorResponse,
  TProductDetails,
  TProductPrice,
} from "@hub/contracts";
import { schema } from "@hub/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type DemoUser, demoClientIds, signInDemoUsers, type TestApp } from "./helpers/test-app";

/**
 * Pricing of a style (spec 7): getProductPrice over the quantity tiers with upcharges and option
 * choices checked, getCustomProductPrice's cost build-up checked against hand-computed cents, and
 * getProductDetails as a buyer sees it; client users price only styles offered to them and never
 * see costs.
 */

let t: TestApp;
let tokens: Record<DemoUser, string>;

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (who: DemoUser | null, method: Method, url: string, payload?: unknown) =>
  t.request({
    method,
    url,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    ...(who ? { token: tokens[who] } : {}),
  });
const create = async (who: DemoUser, key: string, body: Record<string, unknown>): Promise<number> => {
  const res = await call(who, "POST", `/api/library/${key}`, body);
  expect(res.statusCode, `${key}: ${res.body}`).toBe(201);
  return res.json<{ id: number }>().id;
};

const ids = {} as Record<
  | "size"
  | "colour"
  | "s"
  | "m"
  | "xl"
  | "black"
  | "white"
  | "jersey"
  | "rib"
  | "label"
  | "zip"
  | "tee"
  | "bluebirdOnly",
  number
>;

const style = (code: string, extra: Record<string, unknown> = {}) =>
  create("factory", "styles", {
    code,
    name: `Tee ${code}`,
    category: "Tees",
    description: "A classic tee",
    basePriceCents: 1500,
    offeredToAll: true,
    clientIds: [],
    imageUrl: "https://example.com/tee.png",
    ...extra,
  });

beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInDemoUsers(t);
  const { bluebird } = await demoClientIds(t.db);
  const overlock = await create("factory", "machines", {
    code: "OL",
    name: "Overlock",
    machineType: "Overlock",
    make: null,
  });
  ids.size = await create("factory", "options", { code: "T-SIZE", name: "Size", sortOrder: 1, attributeIds: [] });
  ids.colour = await create("factory", "options", { code: "T-COLOUR", name: "Colour", sortOrder: 2, attributeIds: [] });
  const attr = (code: string, name: string, optionId: number) =>
    create("factory", "attributes", { code: `T-${code}`, name, hexColor: null, sortOrder: 0, optionIds: [optionId] });
  ids.s = await attr("S", "S", ids.size);
  ids.m = await attr("M", "M", ids.size);
  ids.xl = await attr("XL", "XL", ids.size);
  ids.black = await attr("BLK", "Black", ids.colour);
  ids.white = await attr("WHT", "White", ids.colour);
  const fabric = (code: string, costCents: number) =>
    create("factory", "fabrics", {
      fabricCode: code,
      fabricName: `Fabric ${code}`,
      fabricType: "Jersey",
      supplier: null,
      color: null,
      costCents,
      unit: "yd",
      widthInches: 60,
      weightGsm: 180,
    });
  ids.jersey = await fabric("JERSEY", 525);
  ids.rib = await fabric("RIB", 300);
  const part = (code: string, costCents: number) =>
    create("factory", "parts", {
      partCode: code,
      name: `Part ${code}`,
      category: null,
      supplier: null,
      costCents,
      unit: "each",
    });
  ids.label = await part("LABEL", 12);
  ids.zip = await part("ZIP", 80);
  const step = (code: string, standardMinutes: number) =>
    create("factory", "instructions", {
      code,
      name: `Step ${code}`,
      description: null,
      machineId: overlock,
      standardMinutes,
    });
  const join = await step("JOIN", 0.5);
  const hem = await step("HEM", 1.25);

  // The demo facility's sewing minute costs 40 ¢ here, so the labour line is hand-checkable.
  await t.db
    .update(schema.factories)
    .set({ labourCentsPerMinute: 40 })
    .where(eq(schema.factories.name, "Hub Demo Factory"));

  ids.tee = await style("PRICE-TEE");
  const composition = {
    priceTiers: [
      { minQuantity: 10, unitPriceCents: 1300 },
      { minQuantity: 50, unitPriceCents: 1150 },
      { minQuantity: 100, unitPriceCents: 1000 },
    ],
    options: [
      {
        optionId: ids.size,
        attributes: [
          { attributeId: ids.s, upchargeCents: 0 },
          { attributeId: ids.m, upchargeCents: 0 },
          { attributeId: ids.xl, upchargeCents: 200 },
        ],
      },
      {
        optionId: ids.colour,
        attributes: [
          { attributeId: ids.black, upchargeCents: 50 },
          { attributeId: ids.white, upchargeCents: 0 },
        ],
      },
    ],
    fabrics: [
      { fabricId: ids.jersey, attributeId: null, placement: "Body", consumption: 1.2 },
      { fabricId: ids.rib, attributeId: ids.black, placement: "Neck", consumption: 0.15 },
    ],
    parts: [
      { partId: ids.label, attributeId: null, quantity: 2 },
      { partId: ids.zip, attributeId: ids.xl, quantity: 1 },
    ],
    instructions: [
      { instructionId: join, machineId: null },
      { instructionId: hem, machineId: null },
    ],
  };
  const saved = await call("factory", "PUT", `/api/library/styles/${ids.tee}/composition`, composition);
  expect(saved.statusCode, saved.body).toBe(200);
  ids.bluebirdOnly = await style("PRICE-BB", { offeredToAll: false, clientIds: [bluebird] });
});
afterAll(async () => {
  await t?.close();
});

const price = (who: DemoUser, body: Record<string, unknown>) => call(who, "POST", "/api/getProductPrice", body);

describe("POST /api/getProductPrice", () => {
  test("the unit price follows the tiers: base below the first break, each break from its quantity on", async () => {
    const cases: [number, number, number][] = [
      // quantity, tier, unit price of the tier
      [1, 1, 1500],
      [9, 1, 1500],
      [10, 10, 1300],
      [11, 10, 1300],
      [49, 10, 1300],
      [50, 50, 1150],
      [99, 50, 1150],
      [100, 100, 1000],
      [5000, 100, 1000],
    ];
    for (const [quantity, tier, unit] of cases) {
      const res = await price("factory", { styleId: ids.tee, quantity, attributeIds: [ids.m, ids.white] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<TProductPrice>(), `quantity ${quantity}`).toEqual({
        styleId: ids.tee,
        quantity,
        tierMinQuantity: tier,
        baseUnitPriceCents: unit,
        upchargeCents: 0,
        unitPriceCents: unit,
        totalCents: unit * quantity,
        currency: "USD",
      });
    }
  });

  test("the chosen attributes' upcharges add to every piece", async () => {
    const res = await price("client", { styleId: ids.tee, quantity: 50, attributeIds: [ids.black, ids.xl] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TProductPrice>()).toMatchObject({
      baseUnitPriceCents: 1150,
      upchargeCents: 250,
      unitPriceCents: 1400,
      totalCents: 70_000,
    });
  });

  test("every option needs exactly one offered attribute", async () => {
    const missing = await price("factory", { styleId: ids.tee, quantity: 1, attributeIds: [ids.s] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<TErrorResponse>().message).toBe("Choose a Colour: Black, White.");
    expect(missing.json<TErrorResponse>().fields?.attributeIds).toBe("Choose a Colour: Black, White.");

    const none = await price("factory", { styleId: ids.tee, quantity: 1, attributeIds: [] });
    expect(none.json<TErrorResponse>().message).toBe("Choose a Size: S, M, XL.");

    const twice = await price("factory", { styleId: ids.tee, quantity: 1, attributeIds: [ids.s, ids.m, ids.white] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json<TErrorResponse>().message).toMatch(/^Choose only one Size/);

    const stray = await price("factory", { styleId: ids.tee, quantity: 1, attributeIds: [ids.s, ids.white, 999999] });
    expect(stray.statusCode).toBe(400);
    expect(stray.json<TErrorResponse>().message).toMatch(/not offered for PRICE-TEE/);

    const zero = await price("factory", { styleId: ids.tee, quantity: 0, attributeIds: [ids.s, ids.white] });
    expect(zero.statusCode).toBe(400);
    expect(zero.json<TErrorResponse>().fields?.quantity).toBeTruthy();
    const fraction = await price("factory", { styleId: ids.tee, quantity: 1.5, attributeIds: [ids.s, ids.white] });
    expect(fraction.statusCode).toBe(400);
  });

  test("a style with no options prices on quantity alone", async () => {
    const plain = await style("PRICE-PLAIN");
    const res = await price("admin", { styleId: plain, quantity: 3, attributeIds: [] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TProductPrice>()).toMatchObject({ tierMinQuantity: 1, unitPriceCents: 1500, totalCents: 4500 });
  });

  test("client users price only the styles offered to them; others answer 404; an API key acts as its client", async () => {
    expect((await price("client", { styleId: ids.bluebirdOnly, quantity: 1, attributeIds: [] })).statusCode).toBe(404);
    expect((await price("client2", { styleId: ids.bluebirdOnly, quantity: 1, attributeIds: [] })).statusCode).toBe(200);
    expect((await price("client", { styleId: 999999, quantity: 1, attributeIds: [] })).statusCode).toBe(404);
    expect(
      (await price("designer", { styleId: ids.tee, quantity: 1, attributeIds: [ids.s, ids.white] })).statusCode,
    ).toBe(403);
    expect(
      (await call(null, "POST", "/api/getProductPrice", { styleId: ids.tee, quantity: 1, attributeIds: [] }))
        .statusCode,
    ).toBe(401);

    const created = await call("client", "POST", "/api/apiKeys", { mode: "test", name: "pricing" });
    expect(created.statusCode, created.body).toBe(201);
    const key = created.json<TApiKeyCreated>().key;
    const withKey = (styleId: number) =>
      t.request({
        method: "POST",
        url: "/api/getProductPrice",
        headers: { "x-api-key": key },
        payload: { styleId, quantity: 10, attributeIds: [ids.s, ids.white] },
      });
    const ok = await withKey(ids.tee);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<TProductPrice>().unitPriceCents).toBe(1300);
    expect((await withKey(ids.bluebirdOnly)).statusCode).toBe(404);
    const details = await t.request({
      method: "GET",
      url: `/api/getProductDetails?styleId=${ids.tee}`,
      headers: { "x-api-key": key },
    });
    expect(details.statusCode, details.body).toBe(200);
    const custom = await t.request({
      method: "POST",
      url: "/api/getCustomProductPrice",
      headers: { "x-api-key": key },
      payload: { styleId: ids.tee, quantity: 1, attributeIds: [ids.s, ids.white] },
    });
    expect(custom.statusCode).toBe(403);
  });
});

describe("POST /api/getCustomProductPrice", () => {
  const custom = (who: DemoUser, body: Record<string, unknown>) =>
    call(who, "POST", "/api/getCustomProductPrice", body);

  test("S / Black at the default 40 % margin: fabrics, parts and labour by hand", async () => {
    const res = await custom("factory", { styleId: ids.tee, quantity: 10, attributeIds: [ids.s, ids.black] });
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json<TCustomProductPrice>();
    // Jersey 1.2 yd × 525 = 630; rib (Black only) 0.15 × 300 = 45; label 2 × 12 = 24; the XL zip does not apply;
    // labour (0.5 + 1.25) min × 40 = 70. Cost 769; price 769 / 0.6 = 1281.67 → 1282.
    expect(c.lines.map((l) => [l.kind, l.code, l.costCents])).toEqual([
      ["fabric", "JERSEY", 630],
      ["fabric", "RIB", 45],
      ["part", "LABEL", 24],
      ["labour", "LABOUR", 70],
    ]);
    expect(c).toMatchObject({
      marginPct: 40,
      fabricCents: 675,
      partCents: 24,
      labourMinutes: 1.75,
      labourCentsPerMinute: 40,
      labourCents: 70,
      unitCostCents: 769,
      unitPriceCents: 1282,
      totalCents: 12_820,
      currency: "USD",
    });
  });

  test("XL / White at 25 %, and at 0 % the price is the cost", async () => {
    const res = await custom("admin", {
      styleId: ids.tee,
      quantity: 3,
      attributeIds: [ids.xl, ids.white],
      marginPct: 25,
    });
    expect(res.statusCode, res.body).toBe(200);
    // 630 + 24 + 80 (zip for XL) + 70 = 804; 804 / 0.75 = 1072.
    expect(res.json<TCustomProductPrice>()).toMatchObject({
      fabricCents: 630,
      partCents: 104,
      unitCostCents: 804,
      unitPriceCents: 1072,
      totalCents: 3216,
    });
    const zero = await custom("factory", {
      styleId: ids.tee,
      quantity: 1,
      attributeIds: [ids.xl, ids.white],
      marginPct: 0,
    });
    expect(zero.json<TCustomProductPrice>().unitPriceCents).toBe(804);
  });

  test("margins outside 0..90 and missing choices are refused; client users may not see costs", async () => {
    const high = await custom("factory", {
      styleId: ids.tee,
      quantity: 1,
      attributeIds: [ids.s, ids.black],
      marginPct: 95,
    });
    expect(high.statusCode).toBe(400);
    expect(high.json<TErrorResponse>().fields?.marginPct).toBeTruthy();
    const missing = await custom("factory", { styleId: ids.tee, quantity: 1, attributeIds: [ids.s] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<TErrorResponse>().message).toMatch(/^Choose a Colour/);
    for (const who of ["client", "client2", "designer"] as const) {
      expect(
        (await custom(who, { styleId: ids.tee, quantity: 1, attributeIds: [ids.s, ids.black] })).statusCode,
        who,
      ).toBe(403);
    }
  });
});

describe("GET /api/getProductDetails", () => {
  test("the style as a buyer sees it: options, upcharges, the price table with its base row, stock", async () => {
    const res = await call("client", "GET", `/api/getProductDetails?styleId=${ids.tee}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<TProductDetails>();
    expect(d).toMatchObject({
      styleId: ids.tee,
      code: "PRICE-TEE",
      category: "Tees",
      description: "A classic tee",
      imageUrl: "https://example.com/tee.png",
      outOfStock: false,
      currency: "USD",
    });
    expect(d.priceTiers).toEqual([
      { minQuantity: 1, unitPriceCents: 1500 },
      { minQuantity: 10, unitPriceCents: 1300 },
      { minQuantity: 50, unitPriceCents: 1150 },
      { minQuantity: 100, unitPriceCents: 1000 },
    ]);
    expect(d.options.map((o) => [o.name, o.attributes.map((a) => `${a.code}+${a.upchargeCents}`)])).toEqual([
      ["Size", ["T-S+0", "T-M+0", "T-XL+200"]],
      ["Colour", ["T-BLK+50", "T-WHT+0"]],
    ]);
    expect(JSON.stringify(d)).not.toMatch(/cost/i);

    // The rib only Black needs runs out: Black is flagged; then the jersey every variant needs: the style is.
    expect((await call("factory", "POST", `/api/library/fabrics/${ids.rib}/outOfStock`)).statusCode).toBe(200);
    const afterRib = (await call("client", "GET", `/api/getProductDetails?styleId=${ids.tee}`)).json<TProductDetails>();
    expect(afterRib.outOfStock).toBe(false);
    expect(afterRib.options[1]?.attributes.map((a) => [a.code, a.outOfStock])).toEqual([
      ["T-BLK", true],
      ["T-WHT", false],
    ]);
    expect((await call("factory", "POST", `/api/library/fabrics/${ids.jersey}/outOfStock`)).statusCode).toBe(200);
    expect(
      (await call("client", "GET", `/api/getProductDetails?styleId=${ids.tee}`)).json<TProductDetails>().outOfStock,
    ).toBe(true);
    await call("factory", "POST", `/api/library/fabrics/${ids.jersey}/backInStock`);
    await call("factory", "POST", `/api/library/fabrics/${ids.rib}/backInStock`);
  });

  test("offered styles only for client users; a bad id is a 400", async () => {
    expect((await call("client", "GET", `/api/getProductDetails?styleId=${ids.bluebirdOnly}`)).statusCode).toBe(404);
    expect((await call("client2", "GET", `/api/getProductDetails?styleId=${ids.bluebirdOnly}`)).statusCode).toBe(200);
    expect((await call("client", "GET", "/api/getProductDetails?styleId=abc")).statusCode).toBe(400);
    expect((await call("designer", "GET", `/api/getProductDetails?styleId=${ids.tee}`)).statusCode).toBe(403);
  });
});
