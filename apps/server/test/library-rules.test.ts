import type { TErrorResponse, TFabricDetail, TLookupItem, TMachineDetail, TPage } from "@hub/contracts";
import { schema } from "@hub/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type DemoUser, demoClientIds, signInDemoUsers, type TestApp } from "./helpers/test-app";
import { multipart, PDF, PNG } from "./stand-ins/uploads";

/**
 * The library's rules beyond one resource: referential integrity (refuse or archive), facility
 * scoping, styles offered to chosen clients, stock actions with who and when, instruction images.
 */

let t: TestApp;
let tokens: Record<DemoUser, string>;
let demoFactory: number;
let otherFactory: number;
let northwind: number;

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (who: DemoUser | null, method: Method, url: string, payload?: unknown) =>
  t.request({
    method,
    url,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    ...(who ? { token: tokens[who] } : {}),
  });
let seq = 0;
const uid = () => `${Date.now().toString(36).slice(-4)}${(seq++).toString(36)}`.toUpperCase();

const fabric = (u: string, over: Record<string, unknown> = {}) => ({
  fabricCode: `F-${u}`,
  fabricName: `Jersey ${u}`,
  fabricType: "Jersey",
  supplier: null,
  color: null,
  costCents: 400,
  unit: "yd",
  widthInches: 60,
  weightGsm: 160,
  ...over,
});
const style = (u: string, over: Record<string, unknown> = {}) => ({
  code: `S-${u}`,
  name: `Tee ${u}`,
  category: "Tees",
  description: null,
  basePriceCents: 1200,
  offeredToAll: true,
  clientIds: [],
  imageUrl: null,
  ...over,
});
const created = async (who: DemoUser, key: string, body: Record<string, unknown>) => {
  const res = await call(who, "POST", `/api/library/${key}`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number } & Record<string, unknown>>();
};

beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInDemoUsers(t);
  ({ northwind } = await demoClientIds(t.db));
  demoFactory =
    (await t.db.select().from(schema.factories).where(eq(schema.factories.name, "Hub Demo Factory")))[0]?.factoryId ??
    0;
  const [other] = await t.db.insert(schema.factories).values({ name: "Other Mill", kind: "factory" }).returning();
  otherFactory = other?.factoryId ?? 0;
  expect(demoFactory > 0 && otherFactory > 0).toBe(true);
});
afterAll(async () => {
  await t?.close();
});

describe("referential integrity", () => {
  test("a fabric used by a style cannot be deleted: the refusal names the style; archiving hides it instead", async () => {
    const u = uid();
    const f = await created("factory", "fabrics", fabric(u));
    const s = await created("factory", "styles", style(u));
    await t.db.insert(schema.styleFabrics).values({ styleId: s.id, fabricId: f.id, consumption: 1.2 });

    const refused = await call("factory", "DELETE", `/api/library/fabrics/${f.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<TErrorResponse>().message).toBe(
      `This fabric is used by style S-${u}. Archive it instead, or take it off that style first.`,
    );
    const detail = (await call("factory", "GET", `/api/library/fabrics/${f.id}`)).json<TFabricDetail>();
    expect(detail.usedBy.map((x) => x.code)).toEqual([`S-${u}`]);

    const archived = await call("factory", "POST", `/api/library/fabrics/${f.id}/archive`, { archived: true });
    expect(archived.statusCode).toBe(200);
    expect(archived.json<TFabricDetail>().archived).toBe(true);
    const list = (await call("factory", "GET", `/api/library/fabrics?searchString=F-${u}`)).json<
      TPage<{ id: number }>
    >();
    expect(list.total).toBe(0);
    const only = (await call("factory", "GET", `/api/library/fabrics?searchString=F-${u}&archived=only`)).json<
      TPage<{ id: number }>
    >();
    expect(only.items.map((x) => x.id)).toEqual([f.id]);
    const lookup = (await call("factory", "GET", `/api/library/fabrics/lookup?searchString=F-${u}`)).json<
      TLookupItem[]
    >();
    expect(lookup).toEqual([]);
    // the style still reads its archived fabric by id
    const byId = (await call("factory", "GET", `/api/library/fabrics/lookup?ids=${f.id}`)).json<TLookupItem[]>();
    expect(byId[0]?.archived).toBe(true);

    const restored = await call("factory", "POST", `/api/library/fabrics/${f.id}/archive`, { archived: false });
    expect(restored.json<TFabricDetail>().archived).toBe(false);
  });

  test("an option offered by a style, and an attribute in use, refuse deletion too", async () => {
    const u = uid();
    const attr = await created("admin", "attributes", {
      code: `A${u}`,
      name: `Attr ${u}`,
      hexColor: null,
      sortOrder: 0,
      optionIds: [],
    });
    const opt = await created("admin", "options", {
      code: `O${u}`,
      name: `Opt ${u}`,
      sortOrder: 0,
      attributeIds: [attr.id],
    });
    const s = await created("admin", "styles", style(u));
    await t.db.insert(schema.styleOptions).values({ styleId: s.id, optionId: opt.id });
    await t.db.insert(schema.styleOptionAttributes).values({ styleId: s.id, optionId: opt.id, attributeId: attr.id });
    expect((await call("admin", "DELETE", `/api/library/options/${opt.id}`)).json<TErrorResponse>().message).toMatch(
      /used by style S-/,
    );
    expect(
      (await call("admin", "DELETE", `/api/library/attributes/${attr.id}`)).json<TErrorResponse>().message,
    ).toMatch(/used by style S-/);
    // the option lists its attribute, the attribute names its option
    expect(
      (await call("admin", "GET", `/api/library/options/${opt.id}`)).json<{ attributeIds: number[] }>().attributeIds,
    ).toEqual([attr.id]);
    expect(
      (await call("admin", "GET", `/api/library/attributes/${attr.id}`)).json<{ optionNames: string }>().optionNames,
    ).toBe(`Opt ${u}`);
  });

  test("a referenced id from another facility is refused and nothing is written", async () => {
    const u = uid();
    const foreign = await created("admin", "machines", {
      factoryId: otherFactory,
      code: `M${u}`,
      name: "Other overlock",
      machineType: "Overlock",
      make: null,
    });
    const res = await call("factory", "POST", "/api/library/instructions", {
      code: `I${u}`,
      name: "Join",
      description: null,
      machineId: foreign.id,
      standardMinutes: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<TErrorResponse>().fields?.machineId).toBe("Unknown machine");
    const list = (await call("admin", "GET", `/api/library/instructions?searchString=I${u}`)).json<TPage<unknown>>();
    expect(list.total).toBe(0);
  });
});

describe("facility scoping", () => {
  test("a facility user neither sees nor changes another facility's rows; internal admins see both", async () => {
    const u = uid();
    const theirs = await created("admin", "fabrics", fabric(u, { factoryId: otherFactory }));
    expect(theirs.factoryId).toBe(otherFactory);
    const ours = await created("factory", "fabrics", fabric(`${u}B`));
    expect(ours.factoryId).toBe(demoFactory);

    expect((await call("factory", "GET", `/api/library/fabrics/${theirs.id}`)).statusCode).toBe(404);
    expect((await call("factory", "PUT", `/api/library/fabrics/${theirs.id}`, fabric(u))).statusCode).toBe(404);
    expect((await call("factory", "DELETE", `/api/library/fabrics/${theirs.id}`)).statusCode).toBe(404);
    expect((await call("factory", "POST", `/api/library/fabrics/${theirs.id}/outOfStock`)).statusCode).toBe(404);
    const factoryList = (await call("factory", "GET", `/api/library/fabrics?searchString=F-${u}`)).json<
      TPage<{ id: number }>
    >();
    expect(factoryList.items.map((x) => x.id)).toEqual([ours.id]);
    const adminList = (await call("admin", "GET", `/api/library/fabrics?searchString=F-${u}`)).json<
      TPage<{ id: number }>
    >();
    expect(adminList.items.map((x) => x.id).sort()).toEqual([theirs.id, ours.id].sort());

    // the same code may exist in two facilities, not twice in one
    expect((await call("admin", "POST", "/api/library/fabrics", fabric(u))).statusCode).toBe(201);
    expect((await call("factory", "POST", "/api/library/fabrics", fabric(u))).statusCode).toBe(409);
    // a facility user cannot write into another facility
    const into = await call("factory", "POST", "/api/library/fabrics", fabric(`${u}C`, { factoryId: otherFactory }));
    expect(into.statusCode).toBe(400);
    expect(into.json<TErrorResponse>().fields?.factoryId).toBeTruthy();
  });

  test("client users see only styles offered to them, read-only", async () => {
    const u = uid();
    const all = await created("factory", "styles", style(`${u}A`));
    const mine = await created("factory", "styles", style(`${u}N`, { offeredToAll: false, clientIds: [northwind] }));
    const nobody = await created("factory", "styles", style(`${u}X`, { offeredToAll: false, clientIds: [] }));
    const archived = await created("factory", "styles", style(`${u}Z`));
    await call("factory", "POST", `/api/library/styles/${archived.id}/archive`, { archived: true });

    const seen = async (who: DemoUser) =>
      (await call(who, "GET", `/api/library/styles?searchString=S-${u}&archived=all`))
        .json<TPage<{ id: number }>>()
        .items.map((x) => x.id)
        .sort();
    expect(await seen("client")).toEqual([all.id, mine.id].sort());
    expect(await seen("client2")).toEqual([all.id]);
    expect(await seen("factory")).toEqual([all.id, mine.id, nobody.id, archived.id].sort());
    expect((await call("client2", "GET", `/api/library/styles/${mine.id}`)).statusCode).toBe(404);
    expect((await call("client", "GET", `/api/library/styles/${mine.id}`)).statusCode).toBe(200);
    expect((await call("client", "PUT", `/api/library/styles/${mine.id}`, style(`${u}N`))).statusCode).toBe(403);
    expect((await call("client", "DELETE", `/api/library/styles/${mine.id}`)).statusCode).toBe(403);
    expect((await call("client", "GET", "/api/library/styleMarkers")).statusCode).toBe(403);
    // a style can be offered only to clients the facility serves
    const [stranger] = await t.db
      .insert(schema.clients)
      .values({ clientName: "Stranger", siteName: `stranger-${u.toLowerCase()}`, factoryId: otherFactory })
      .returning();
    const bad = await call(
      "factory",
      "POST",
      "/api/library/styles",
      style(`${u}Q`, { offeredToAll: false, clientIds: [stranger?.clientId] }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json<TErrorResponse>().fields?.clientIds).toBeTruthy();
  });
});

describe("stock actions and images", () => {
  test("out of stock and back in stock record who and when, and are audited", async () => {
    const f = await created("factory", "fabrics", fabric(uid()));
    const out = await call("factory", "POST", `/api/library/fabrics/${f.id}/outOfStock`);
    expect(out.statusCode).toBe(200);
    expect(out.json<TFabricDetail>()).toMatchObject({ outOfStock: true, stockChangedByName: "Fatima Floor" });
    expect(out.json<TFabricDetail>().stockChangedAt).not.toBeNull();
    const back = await call("admin", "POST", `/api/library/fabrics/${f.id}/backInStock`);
    expect(back.json<TFabricDetail>()).toMatchObject({ outOfStock: false, stockChangedByName: "Ada Admin" });
    const part = await created("factory", "parts", {
      partCode: `P${uid()}`,
      name: "Zip",
      category: "Zips",
      supplier: null,
      costCents: 50,
      unit: "each",
    });
    expect(
      (await call("factory", "POST", `/api/library/parts/${part.id}/outOfStock`)).json<{ outOfStock: boolean }>()
        .outOfStock,
    ).toBe(true);
    expect((await call("client", "POST", `/api/library/parts/${part.id}/outOfStock`)).statusCode).toBe(403);
    const audit = await t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.subject, `fabrics:${f.id}`));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(["library.fabrics.outOfStock", "library.fabrics.backInStock"]),
    );
  });

  test("a machine lists the instructions it serves; fabric types are suggested from what exists", async () => {
    const u = uid();
    const m = await created("factory", "machines", {
      code: `M${u}`,
      name: "Overlock 4-thread",
      machineType: "Overlock",
      make: "Juki",
    });
    await created("factory", "instructions", {
      code: `I${u}`,
      name: "Join shoulders",
      description: null,
      machineId: m.id,
      standardMinutes: 0.35,
    });
    const detail = (await call("factory", "GET", `/api/library/machines/${m.id}`)).json<TMachineDetail>();
    expect(detail.instructionCount).toBe(1);
    expect(detail.instructions.map((i) => i.code)).toEqual([`I${u}`]);
    await created("factory", "fabrics", fabric(u, { fabricType: "Waffle knit" }));
    const types = (await call("factory", "GET", "/api/library/fabricTypes")).json<string[]>();
    expect(types).toContain("Waffle knit");
  });

  test("instruction images: PNG uploads and downloads; a PDF named .png is refused", async () => {
    const u = uid();
    const ins = await created("factory", "instructions", {
      code: `I${u}`,
      name: "Attach hood",
      description: null,
      machineId: null,
      standardMinutes: null,
    });
    const img = await created("factory", "instructionImages", {
      instructionId: ins.id,
      caption: "Hood seam",
      sortOrder: 0,
    });
    const fake = multipart("hood.png", PDF, "image/png");
    const refused = await t.request({
      method: "PUT",
      url: `/api/library/instructionImages/${img.id}/file`,
      token: tokens.factory,
      payload: fake.payload,
      headers: fake.headers,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<TErrorResponse>().message).toBe("That file is not the image its name says.");
    const good = multipart("hood.png", PNG, "image/png");
    const up = await t.request({
      method: "PUT",
      url: `/api/library/instructionImages/${img.id}/file`,
      token: tokens.factory,
      payload: good.payload,
      headers: good.headers,
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json<{ fileName: string; sizeBytes: number }>()).toMatchObject({
      fileName: "hood.png",
      sizeBytes: PNG.length,
    });
    const down = await call("admin", "GET", `/api/library/instructionImages/${img.id}/file`);
    expect(down.statusCode).toBe(200);
    expect(down.headers["content-type"]).toBe("image/png");
    expect(down.rawPayload.equals(PNG)).toBe(true);
    expect((await call("client", "GET", `/api/library/instructionImages/${img.id}/file`)).statusCode).toBe(403);
    const instruction = (await call("factory", "GET", `/api/library/instructions/${ins.id}`)).json<{
      images: { caption: string; hasFile: boolean }[];
    }>();
    expect(instruction.images).toEqual([{ id: img.id, caption: "Hood seam", hasFile: true }]);
  });
});

describe("the demo library", () => {
  const styleId = async (code: string) =>
    (await t.db.select().from(schema.styles).where(eq(schema.styles.code, code)))[0]?.id ?? 0;
  const attributeId = async (code: string) =>
    (await t.db.select().from(schema.attributes).where(eq(schema.attributes.code, code)))[0]?.id ?? 0;

  test("three dozen styles with real fabrics, trims, steps and markers; seeding again writes nothing", async () => {
    const page = (await call("factory", "GET", "/api/library/styles?size=100")).json<
      TPage<{ code: string; optionCount: number }>
    >();
    expect(page.total).toBeGreaterThanOrEqual(36);
    expect(page.items.find((s) => s.code === "TEE-100")?.optionCount).toBe(3);
    const fabrics = (await call("factory", "GET", "/api/library/fabrics?searchString=French%20Terry")).json<
      TPage<{ fabricName: string }>
    >();
    expect(fabrics.items.map((f) => f.fabricName)).toContain("Cotton French Terry 280 gsm");
    const machines = (await call("factory", "GET", "/api/library/machines?searchString=coverstitch")).json<
      TPage<{ instructionCount: number }>
    >();
    expect(machines.items[0]?.instructionCount).toBeGreaterThan(0);
    const before = await t.db.select({ id: schema.styles.id }).from(schema.styles);
    const { seedDemoData } = await import("@hub/db");
    const { hashPassword } = await import("../src/modules/identity/password");
    await seedDemoData(t.db, hashPassword);
    expect(await t.db.select({ id: schema.styles.id }).from(schema.styles)).toHaveLength(before.length);
  });

  test("a seeded tee prices over its quantity breaks, with the 2XL upcharge; Northwind's own style is hidden from Bluebird", async () => {
    const tee = await styleId("TEE-100");
    const choice = [await attributeId("M"), await attributeId("BLK"), await attributeId("REG")];
    const price = async (quantity: number, attributeIds = choice) =>
      (await call("client2", "POST", "/api/getProductPrice", { styleId: tee, quantity, attributeIds })).json<{
        unitPriceCents: number;
        totalCents: number;
      }>();
    expect((await price(11)).unitPriceCents).toBe(1150);
    expect((await price(12)).unitPriceCents).toBe(1060);
    expect((await price(48)).unitPriceCents).toBe(980);
    expect((await price(144)).totalCents).toBe(144 * 895);
    const xxl = [await attributeId("2XL"), await attributeId("BLK"), await attributeId("REG")];
    expect((await price(1, xxl)).unitPriceCents).toBe(1350);

    const own = await styleId("TEE-170");
    expect((await call("client", "GET", `/api/library/styles/${own}`)).statusCode).toBe(200);
    expect((await call("client2", "GET", `/api/library/styles/${own}`)).statusCode).toBe(404);
  });
});
