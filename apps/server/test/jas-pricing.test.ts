import { PRICE_LIST_CSV_HEADER, type TPriceListPage, type TPriceListStyle, type TQuote } from "@hub/contracts";
import { schema } from "@hub/db";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type OrderFixture, orderFixture } from "./helpers/orders-fixture";
import { createTestApp, DEMO_USERS, type DemoUser, hubUser, type TestApp } from "./helpers/test-app";

/**
 * JAS Pricing (GET /api/library/jasPricing, issue 18): a client's price list; every listed price
 * equals what the order quote charges for the same style, attributes and quantity; CSV and PDF; the
 * access matrix (a client sees its own list only; another client's is a 404).
 */

let t: TestApp;
let f: OrderFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await orderFixture(t);
  const factory = await hubUser(t.db, "factory");
  await t.db.insert(schema.cardGrants).values({ routeName: "jasPricing", userId: factory?.userId ?? 0, granted: true });
});
afterAll(async () => {
  await t?.close();
});

const list = async (who: DemoUser, query = "") => {
  const res = await f.call(who, "GET", `/api/library/jasPricing?size=500${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TPriceListPage>();
};
const styleOf = (page: TPriceListPage, code: string) => page.items.find((s) => s.styleCode === code);

/** The list's price of a piece: the break for the quantity plus the chosen attributes' upcharges. */
const listedUnit = (s: TPriceListStyle, attributeIds: number[], quantity: number) => {
  let unit = s.basePriceCents;
  for (const tier of s.priceTiers) if (tier.minQuantity <= quantity) unit = tier.unitPriceCents;
  const upcharge = s.options
    .flatMap((o) => o.attributes)
    .filter((a) => attributeIds.includes(a.attributeId))
    .reduce((n, a) => n + a.upchargeCents, 0);
  return unit + upcharge;
};

describe("JAS pricing", () => {
  test("access: clients their own list, facility users and admins a client's; nobody signed out", async () => {
    const own: Record<DemoUser, number> = { admin: 400, client: 200, client2: 200, factory: 400, designer: 403 };
    for (const who of DEMO_USERS) {
      expect((await f.call(who, "GET", "/api/library/jasPricing")).statusCode, who).toBe(own[who]);
    }
    const northwind: Record<DemoUser, number> = { admin: 200, client: 200, client2: 404, factory: 200, designer: 403 };
    for (const url of ["", "/export.csv", "/sheet.pdf"]) {
      for (const who of DEMO_USERS) {
        const res = await f.call(who, "GET", `/api/library/jasPricing${url}?clientId=${f.northwind}`);
        expect(res.statusCode, `${who} ${url}`).toBe(northwind[who]);
      }
      expect((await f.call(null, "GET", `/api/library/jasPricing${url}?clientId=${f.northwind}`)).statusCode).toBe(401);
    }
  });

  test("a client's list holds the styles offered to it, with breaks and upcharges", async () => {
    const nw = await list("client");
    expect(nw.clientId).toBe(f.northwind);
    expect(styleOf(nw, "ORD-BB")).toBeUndefined();
    const tee = styleOf(nw, "ORD-TEE");
    expect(tee).toMatchObject({
      basePriceCents: 1500,
      priceTiers: [
        { minQuantity: 10, unitPriceCents: 1300 },
        { minQuantity: 50, unitPriceCents: 1150 },
      ],
    });
    expect(tee?.options.flatMap((o) => o.attributes).find((a) => a.code === "OXL")?.upchargeCents).toBe(200);
    expect(styleOf(await list("client2"), "ORD-BB")).toBeDefined();
    expect(styleOf(await list("factory", `&clientId=${f.bluebird}`), "ORD-BB")).toBeDefined();
    expect(styleOf(await list("admin", `&clientId=${f.northwind}`), "ORD-BB")).toBeUndefined();
    const searched = await list("client", "&searchString=ord-tee");
    expect(searched.items.map((s) => s.styleCode)).toEqual(["ORD-TEE"]);
    expect((await f.call("client", "GET", "/api/library/jasPricing?sort=nope,asc")).statusCode).toBe(400);
  });

  test("every listed price equals what the order quote charges for the same style, attributes and quantity", async () => {
    const nw = await list("client");
    const tee = styleOf(nw, "ORD-TEE");
    if (!tee) throw new Error("ORD-TEE missing");
    const cases: [number[], number][] = [
      [[f.ids.m, f.ids.white], 1],
      [[f.ids.xl, f.ids.black], 9],
      [[f.ids.xl, f.ids.white], 10],
      [[f.ids.s, f.ids.black], 49],
      [[f.ids.xl, f.ids.black], 50],
    ];
    for (const [attributeIds, quantity] of cases) {
      const res = await f.call("client", "POST", "/api/orders/quote", {
        lines: [{ styleId: tee.styleId, attributeIds, quantity }],
      });
      expect(res.statusCode, res.body).toBe(200);
      const line = res.json<TQuote>().lines[0];
      if (!line) throw new Error(res.body);
      expect(line.unitPriceCents + line.upchargeCents, `${quantity}`).toBe(listedUnit(tee, attributeIds, quantity));
      expect(line.lineTotalCents).toBe(listedUnit(tee, attributeIds, quantity) * quantity);
    }
  });

  test("the CSV has a row per price and the PDF price sheet renders", async () => {
    const csv = await f.call("client", "GET", "/api/library/jasPricing/export.csv?searchString=ORD-TEE");
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toBe(PRICE_LIST_CSV_HEADER.join(","));
    expect(lines).toContain("ORD-TEE,Tee ORD-TEE,tier,10,,,,1300");
    expect(lines).toContain("ORD-TEE,Tee ORD-TEE,upcharge,,Size,OXL,XL,200");
    const pdf = await f.call("client", "GET", "/api/library/jasPricing/sheet.pdf");
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });
});
