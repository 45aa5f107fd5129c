import type { TErrorResponse, TPage, TSkuDecodeResult, TSkuMapDetail } from "@hub/contracts";
import { schema } from "@hub/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type DemoUser, signInDemoUsers, type TestApp } from "./helpers/test-app";

/** Sku maps (issue 4): the resource, its rules, and the decoder with its reasons. */

let t: TestApp;
let tokens: Record<DemoUser, string>;
const ids: Record<string, number> = {};

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (who: DemoUser | null, method: Method, url: string, payload?: unknown) =>
  t.request({
    method,
    url,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    ...(who ? { token: tokens[who] } : {}),
  });

const byCode = async (table: typeof schema.styles | typeof schema.options | typeof schema.attributes, code: string) =>
  (await t.db.select({ id: table.id }).from(table).where(eq(table.code, code)))[0]?.id ?? 0;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInDemoUsers(t);
  ids.tee = await byCode(schema.styles, "TEE-110");
  ids.hood = await byCode(schema.styles, "HOD-110");
  ids.size = await byCode(schema.options, "SIZE");
  ids.colour = await byCode(schema.options, "COLOR");
  ids.fit = await byCode(schema.options, "FIT");
  expect(Object.values(ids).every((id) => id > 0)).toBe(true);
});
afterAll(async () => {
  await t?.close();
});

const map = (over: Record<string, unknown> = {}) => ({
  name: `Store tees ${Math.random().toString(36).slice(2, 7)}`,
  styleId: ids.tee,
  styleToken: "T110",
  styleStart: 1,
  segments: [
    { optionId: ids.colour, startPosition: 6, length: 3 },
    { optionId: ids.size, startPosition: 10, length: null },
  ],
  ...over,
});
const decode = async (sku: string, who: DemoUser = "factory") =>
  (await call(who, "POST", "/api/library/skuMaps/decode", { sku })).json<TSkuDecodeResult>();

describe("sku maps", () => {
  test("create, read, list, update and delete a map", async () => {
    const res = await call("factory", "POST", "/api/library/skuMaps", map({ name: "Tee store A" }));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<TSkuMapDetail>();
    expect(created.segments.map((s) => [s.optionName, s.startPosition, s.length])).toEqual([
      ["Colour", 6, 3],
      ["Size", 10, null],
    ]);
    const list = (await call("admin", "GET", "/api/library/skuMaps?searchString=tee%20store%20a")).json<
      TPage<{ id: number; styleCode: string; segmentCount: number }>
    >();
    expect(list.items).toEqual([expect.objectContaining({ id: created.id, styleCode: "TEE-110", segmentCount: 2 })]);
    const updated = await call(
      "factory",
      "PUT",
      `/api/library/skuMaps/${created.id}`,
      map({ name: "Tee store A", segments: [{ optionId: ids.size, startPosition: 6, length: null }] }),
    );
    expect(updated.json<TSkuMapDetail>().segments).toHaveLength(1);
    expect((await call("factory", "DELETE", `/api/library/skuMaps/${created.id}`)).statusCode).toBe(200);
    const left = await t.db.select().from(schema.skuMapSegments).where(eq(schema.skuMapSegments.skuMapId, created.id));
    expect(left).toEqual([]);
  });

  test("segments must name options the style offers and must not overlap; nothing is written", async () => {
    const before = (await call("factory", "GET", "/api/library/skuMaps")).json<TPage<unknown>>().total;
    const notOffered = await call(
      "factory",
      "POST",
      "/api/library/skuMaps",
      map({ styleId: ids.hood, segments: [{ optionId: ids.fit, startPosition: 6, length: 3 }] }),
    );
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json<TErrorResponse>().fields?.["segments.0.optionId"]).toBe(
      "The style does not offer this option",
    );
    const overlap = await call(
      "factory",
      "POST",
      "/api/library/skuMaps",
      map({
        segments: [
          { optionId: ids.colour, startPosition: 6, length: 3 },
          { optionId: ids.size, startPosition: 7, length: 2 },
        ],
      }),
    );
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json<TErrorResponse>().fields?.["segments.1.startPosition"]).toBe("Overlaps another segment");
    const onToken = await call(
      "factory",
      "POST",
      "/api/library/skuMaps",
      map({ segments: [{ optionId: ids.colour, startPosition: 3, length: 3 }] }),
    );
    expect(onToken.json<TErrorResponse>().fields?.["segments.0.startPosition"]).toBe("Overlaps the style token");
    const none = await call("factory", "POST", "/api/library/skuMaps", map({ segments: [] }));
    expect(none.json<TErrorResponse>().fields?.segments).toBe("Add at least one segment");
    expect((await call("factory", "GET", "/api/library/skuMaps")).json<TPage<unknown>>().total).toBe(before);
  });

  test("the decoder finds the seeded maps' styles and options, in any case", async () => {
    const dashed = await decode("TEE100-BLK-REG-M");
    expect(dashed.matched).toBe(true);
    if (!dashed.matched) return;
    expect(dashed.style.code).toBe("TEE-100");
    expect(dashed.choices.map((c) => [c.optionName, c.attributeName])).toEqual([
      ["Colour", "Black"],
      ["Fit", "Regular"],
      ["Size", "Medium"],
    ]);
    const fixed = await decode("hod100nvyslmxl");
    expect(fixed.matched && fixed.choices.map((c) => c.attributeCode)).toEqual(["NVY", "SLM", "XL"]);
  });

  test("each reason a SKU does not decode", async () => {
    expect(await decode("XYZ-1")).toEqual({
      matched: false,
      sku: "XYZ-1",
      reasons: ['No sku map has a style token at its position in "XYZ-1".'],
    });
    const colour = await decode("TEE100-PNK-REG-M");
    expect(colour.matched).toBe(false);
    if (!colour.matched) {
      expect(colour.reasons).toEqual([
        'Sku map "Classic Crew Tee (dashed)": Colour at position 8 reads "PNK", which is not a colour TEE-100 offers (BLK, WHT, HGR, NVY, FOR, BUR, SND, OLV).',
      ]);
    }
    const short = await decode("TEE100-BLK-REG");
    expect(!short.matched && short.reasons[0]).toBe(
      'Sku map "Classic Crew Tee (dashed)": Size at position 16 is past the end of the SKU.',
    );
  });

  test("the tester decodes with a map that is not saved yet", async () => {
    const res = await call("factory", "POST", "/api/library/skuMaps/decodeWith", { sku: "T110-WHT-2XL", map: map() });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json<TSkuDecodeResult>();
    expect(out.matched && out.skuMapId).toBeNull();
    expect(out.matched && out.choices.map((c) => c.attributeCode)).toEqual(["WHT", "2XL"]);
    const bad = await call("factory", "POST", "/api/library/skuMaps/decodeWith", {
      sku: "T110-WHT-2XL",
      map: map({ styleToken: "" }),
    });
    expect(bad.statusCode).toBe(400);
  });

  test("access: client and designer users have no sku maps; another facility's maps stay out of sight", async () => {
    for (const who of ["client", "designer"] as const) {
      expect((await call(who, "GET", "/api/library/skuMaps")).statusCode).toBe(403);
      expect((await call(who, "POST", "/api/library/skuMaps/decode", { sku: "TEE100-BLK-M" })).statusCode).toBe(403);
    }
    const [other] = await t.db.insert(schema.factories).values({ name: "Sku Other Mill" }).returning();
    const otherId = other?.factoryId ?? 0;
    const [style] = await t.db
      .insert(schema.styles)
      .values({ factoryId: otherId, code: "OTH-1", name: "Other tee", category: "Tees" })
      .returning();
    const [option] = await t.db
      .insert(schema.options)
      .values({ factoryId: otherId, code: "SZ", name: "Size" })
      .returning();
    await t.db.insert(schema.styleOptions).values({ styleId: style?.id ?? 0, optionId: option?.id ?? 0 });
    const res = await call("admin", "POST", "/api/library/skuMaps", {
      factoryId: otherId,
      name: "Other map",
      styleId: style?.id,
      styleToken: "ZZQ",
      styleStart: 1,
      segments: [{ optionId: option?.id, startPosition: 5, length: null }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<TSkuMapDetail>().id;
    expect((await call("factory", "GET", `/api/library/skuMaps/${id}`)).statusCode).toBe(404);
    expect((await decode("ZZQ-M")).matched).toBe(false);
    // the internal admin sees every facility's maps: this one is found, and says what is missing
    const adminView = await decode("ZZQ-M", "admin");
    expect(!adminView.matched && adminView.reasons[0]).toBe(
      'Sku map "Other map": Size at position 5 reads "M", which is not a size OTH-1 offers (none).',
    );
    const rows = await t.db
      .select()
      .from(schema.skuMaps)
      .where(and(eq(schema.skuMaps.id, id), eq(schema.skuMaps.factoryId, otherId)));
    expect(rows).toHaveLength(1);
  });
});
