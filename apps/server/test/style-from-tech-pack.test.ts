import {
  QC_MEASURE_MESSAGES,
  STYLE_SOURCE_MESSAGES,
  type TOrder,
  type TPackStyle,
  type TProduct,
  type TQcPoints,
  type TStyleSource,
  type TStyleSourceAnswer,
  USER_TYPES,
} from "@hub/contracts";
import { schema } from "@hub/db";
import { asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { applyUnitAction } from "../src/modules/floor/state";
import { newKey, SHIP_TO } from "./helpers/orders-fixture";
import { type TechPackFixture, techPackFixture } from "./helpers/tech-pack-fixture";
import { createTestApp, type TestApp } from "./helpers/test-app";

/**
 * Issue 19, from an approved tech pack to the floor: the facility a version was sent to makes its
 * library style from it in one action (options and attributes from sizes and colourways, fabrics and
 * parts from the BOM, instructions from the construction steps, offered to the brand's client), the
 * brand's client orders it, and a later approved version marks it out of date with the changes.
 */

let t: TestApp;
let f: TechPackFixture;
let product: TProduct;
let v1: number;
let demoFactoryId: number;
let fiona: string;
let orderId: number;

const stp = (id: number, rest = "") => `/api/productDev/stps/${id}${rest}`;

const put = async (stpId: number, tab: string, body: object) => {
  const version = (await f.call("designer", "GET", stp(stpId, `/tabs/${tab}`))).json<{ version: number }>().version;
  const res = await f.call("designer", "PUT", stp(stpId, `/tabs/${tab}`), { version, ...body });
  expect(res.statusCode, `${tab}: ${res.body}`).toBe(200);
};

const approve = async (stpId: number) => {
  const submitted = await f.call("designer", "POST", stp(stpId, "/approval/submit"), {});
  expect(submitted.statusCode, submitted.body).toBe(200);
  const approved = await f.call("designer", "POST", stp(stpId, "/approval/approve"), {});
  expect(approved.statusCode, approved.body).toBe(200);
};
const send = async (stpId: number) => {
  const sent = await f.call("designer", "POST", stp(stpId, "/approval/send"), { factoryId: demoFactoryId });
  expect(sent.statusCode, sent.body).toBe(200);
};

/** A user of a second facility that works for nobody here. */
const facilityUser = async (userName: string, factoryId: number) => {
  const [like] = await t.db.select().from(schema.identityUsers).where(eq(schema.identityUsers.username, "factory"));
  await t.db.insert(schema.identityUsers).values({
    username: userName,
    email: `${userName}@demo.hub.test`,
    emailVerified: true,
    firstName: userName,
    lastName: "Test",
    passwordHash: like?.passwordHash ?? "",
    status: "CONFIRMED",
  });
  await t.db.insert(schema.users).values({
    userName,
    email: `${userName}@demo.hub.test`,
    firstName: userName,
    lastName: "Test",
    typeId: USER_TYPES.find((u) => u.name === "factory")?.id ?? 0,
    userFactoryId: factoryId,
  });
  return t.signIn(userName);
};
const as = (token: string, method: "GET" | "POST", url: string, payload?: unknown) =>
  t.request({ method, url, token, ...(payload === undefined ? {} : { payload: payload as object }) });

const fabricRow = (placement: string, quantity: string) => ({
  itemId: f.ids.jersey,
  placement,
  quantity,
  unit: "m",
  costCents: 800,
  cells: { BLK: { variantId: f.ids.jerseyBlack, note: "" }, WHT: { variantId: f.ids.jerseyWhite, note: "" } },
});

const allColours = { BLK: { variantId: null, note: "" }, WHT: { variantId: null, note: "" } };

beforeAll(async () => {
  t = await createTestApp();
  f = await techPackFixture(t, "SF");
  const [demo] = await t.db.select().from(schema.factories).where(eq(schema.factories.name, "Hub Demo Factory"));
  demoFactoryId = demo?.factoryId ?? 0;
  const [other] = await t.db.insert(schema.factories).values({ name: "Second Mill" }).returning();
  fiona = await facilityUser("fiona", other?.factoryId ?? 0);
  const res = await f.call("designer", "POST", "/api/productDev/products", {
    code: "SF-TEE-1",
    name: "Floor tee",
    season: "SS27",
    category: "Tops",
    fit: "Regular",
    pomTemplateId: f.ids.template,
  });
  expect(res.statusCode, res.body).toBe(201);
  ({ product, stpId: v1 } = res.json<{ product: TProduct; stpId: number }>());
  await put(v1, "colorways", {
    colorways: [
      { key: "BLK", name: "Black", colorIds: [f.ids.black] },
      { key: "WHT", name: "White", colorIds: [f.ids.white] },
    ],
  });
  await put(v1, "fabrics", {
    rows: [fabricRow("Body", "1.25"), { ...fabricRow("Neck rib", "0.1"), itemId: f.ids.rib, cells: allColours }],
  });
  await put(v1, "labels", {
    rows: [
      { itemId: f.ids.label, placement: "Back neck", quantity: "1", unit: "pc", costCents: 25, cells: allColours },
    ],
  });
  await put(v1, "constructionDetails", {
    steps: [
      { title: "Join shoulders", description: "Overlock 4-thread", imageFileId: null, callouts: [] },
      { title: "Attach neck rib", description: "", imageFileId: null, callouts: [] },
    ],
  });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe("making a style from a version", () => {
  test("a version not sent to the facility is a 404 to it; the brand cannot make a style", async () => {
    expect((await f.call("factory", "POST", stp(v1, "/style"), {})).statusCode).toBe(404);
    expect((await f.call("factory", "GET", stp(v1, "/style"))).statusCode).toBe(404);
    // The brand's designer and client are not facility users: refused before anything is read.
    expect((await f.call("designer", "POST", stp(v1, "/style"), {})).statusCode).toBe(403);
    expect((await f.call("client", "POST", stp(v1, "/style"), {})).statusCode).toBe(403);
    expect((await f.call(null, "POST", stp(v1, "/style"), {})).statusCode).toBe(401);
    const teamView = (await f.call("designer", "GET", stp(v1, "/style"))).json<TPackStyle>();
    expect(teamView).toMatchObject({ canMake: false, style: null, reason: STYLE_SOURCE_MESSAGES.onlyFacility });
  });

  test("the facility makes it from the approved version sent to it: options, attributes, fabrics, parts, steps", async () => {
    await approve(v1);
    await send(v1);
    // Another facility still does not see the version.
    expect((await as(fiona, "POST", stp(v1, "/style"), {})).statusCode).toBe(404);
    expect((await as(fiona, "GET", stp(v1, "/style"))).statusCode).toBe(404);

    const before = (await f.call("factory", "GET", stp(v1, "/style"))).json<TPackStyle>();
    expect(before).toMatchObject({ canMake: true, style: null, code: "SF-TEE-1" });
    const bad = await f.call("factory", "POST", stp(v1, "/style"), { basePriceCents: -5 });
    expect(bad.statusCode).toBe(400);
    const made = await f.call("factory", "POST", stp(v1, "/style"), { basePriceCents: 1800 });
    expect(made.statusCode, made.body).toBe(201);
    const source = made.json<TStyleSource>();
    expect(source).toMatchObject({
      style: { code: "SF-TEE-1", name: "Floor tee" },
      productId: product.id,
      from: { stpId: v1, version: 1 },
      outOfDate: null,
      changes: [],
    });
    const styleId = source.styleId;

    const [style] = await t.db.select().from(schema.styles).where(eq(schema.styles.id, styleId));
    expect(style).toMatchObject({
      factoryId: demoFactoryId,
      category: "Tops",
      basePriceCents: 1800,
      offeredToAll: false,
    });
    const comp = await f.call("factory", "GET", `/api/library/styles/${styleId}/composition`);
    expect(comp.statusCode, comp.body).toBe(200);
    // Options and their attributes by name.
    const attrs = await t.db
      .select({ option: schema.options.name, attribute: schema.attributes.name })
      .from(schema.styleOptionAttributes)
      .innerJoin(schema.options, eq(schema.options.id, schema.styleOptionAttributes.optionId))
      .innerJoin(schema.attributes, eq(schema.attributes.id, schema.styleOptionAttributes.attributeId))
      .where(eq(schema.styleOptionAttributes.styleId, styleId))
      .orderBy(asc(schema.styleOptionAttributes.optionId), asc(schema.styleOptionAttributes.sortOrder));
    const byOption = (name: string) => attrs.filter((a) => a.option === name).map((a) => a.attribute);
    expect(byOption("Size")).toEqual(["XS", "S", "M", "L", "XL", "2XL", "3XL"]);
    expect(byOption("Colour")).toEqual(["Black", "White"]);
    const fabrics = await t.db
      .select({
        name: schema.fabrics.fabricName,
        consumption: schema.styleFabrics.consumption,
        placement: schema.styleFabrics.placement,
      })
      .from(schema.styleFabrics)
      .innerJoin(schema.fabrics, eq(schema.fabrics.id, schema.styleFabrics.fabricId))
      .where(eq(schema.styleFabrics.styleId, styleId))
      .orderBy(asc(schema.styleFabrics.id));
    expect(fabrics).toEqual([
      { name: "Cotton jersey 180 gsm", consumption: 1.25, placement: "Body" },
      { name: "1x1 rib", consumption: 0.1, placement: "Neck rib" },
    ]);
    const parts = await t.db
      .select({ name: schema.parts.name, quantity: schema.styleParts.quantity })
      .from(schema.styleParts)
      .innerJoin(schema.parts, eq(schema.parts.id, schema.styleParts.partId))
      .where(eq(schema.styleParts.styleId, styleId));
    expect(parts).toEqual([{ name: "Woven main label", quantity: 1 }]);
    const steps = await t.db
      .select({
        step: schema.styleInstructions.step,
        name: schema.instructions.name,
        note: schema.styleInstructions.note,
      })
      .from(schema.styleInstructions)
      .innerJoin(schema.instructions, eq(schema.instructions.id, schema.styleInstructions.instructionId))
      .where(eq(schema.styleInstructions.styleId, styleId))
      .orderBy(asc(schema.styleInstructions.step));
    expect(steps).toEqual([
      { step: 1, name: "Join shoulders", note: "Overlock 4-thread" },
      { step: 2, name: "Attach neck rib", note: null },
    ]);
    // The style page reads its source; the tech pack screen links to the style.
    const read = await f.call("factory", "GET", `/api/library/styles/${styleId}/source`);
    expect(read.json<TStyleSourceAnswer>().source?.from.version).toBe(1);
    const after = (await f.call("factory", "GET", stp(v1, "/style"))).json<TPackStyle>();
    expect(after).toMatchObject({ canMake: false, style: { id: styleId, code: "SF-TEE-1" } });
    // Another facility's user: the style is not theirs.
    expect((await as(fiona, "GET", `/api/library/styles/${styleId}/source`)).statusCode).toBe(404);
  });

  test("making it again is a 409 naming the style, and writes nothing", async () => {
    const count = async () => (await t.db.select().from(schema.styles)).length;
    const n = await count();
    const again = await f.call("factory", "POST", stp(v1, "/style"), { basePriceCents: 0 });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(STYLE_SOURCE_MESSAGES.alreadyMade("SF-TEE-1", 1));
    expect(await count()).toBe(n);
  });

  test("the brand's client orders it; another client does not see it", async () => {
    const [src] = await t.db
      .select()
      .from(schema.libStyleSources)
      .where(eq(schema.libStyleSources.productId, product.id));
    const styleId = src?.styleId ?? 0;
    const attrs = await t.db
      .select({ id: schema.attributes.id, name: schema.attributes.name })
      .from(schema.styleOptionAttributes)
      .innerJoin(schema.attributes, eq(schema.attributes.id, schema.styleOptionAttributes.attributeId))
      .where(eq(schema.styleOptionAttributes.styleId, styleId));
    const id = (name: string) => attrs.find((a) => a.name === name)?.id ?? 0;
    const order = await t.request({
      method: "POST",
      url: "/api/orders",
      token: f.tokens.client,
      headers: { "idempotency-key": newKey() },
      payload: { shipTo: SHIP_TO, lines: [{ styleId, attributeIds: [id("M"), id("Black")], quantity: 2 }] },
    });
    expect(order.statusCode, order.body).toBe(201);
    orderId = order.json<TOrder>().id;
    expect(order.json<TOrder>().totalCents).toBeGreaterThanOrEqual(3600);
    const other = await t.request({
      method: "POST",
      url: "/api/orders",
      token: f.tokens.client2,
      headers: { "idempotency-key": newKey() },
      payload: { shipTo: SHIP_TO, lines: [{ styleId, attributeIds: [id("M"), id("Black")], quantity: 1 }] },
    });
    expect(other.statusCode).toBeGreaterThanOrEqual(400);
    expect(other.statusCode).toBeLessThan(500);
  });

  test("a later approved version marks the style out of date with its changes; the facility marks it reviewed", async () => {
    const nv = await f.call("designer", "POST", `/api/productDev/products/${product.id}/versions`, {});
    expect(nv.statusCode, nv.body).toBe(201);
    const v2 = nv.json<{ stpId: number }>().stpId;
    await put(v2, "fabrics", { rows: [fabricRow("Body", "1.4")] });
    const [src] = await t.db
      .select()
      .from(schema.libStyleSources)
      .where(eq(schema.libStyleSources.productId, product.id));
    const styleId = src?.styleId ?? 0;
    // Not yet approved: still up to date.
    let read = (await f.call("factory", "GET", `/api/library/styles/${styleId}/source`)).json<TStyleSourceAnswer>();
    expect(read.source?.outOfDate).toBeNull();
    expect((await f.call("factory", "POST", `/api/library/styles/${styleId}/source/upToDate`)).statusCode).toBe(409);
    await approve(v2);
    read = (await f.call("factory", "GET", `/api/library/styles/${styleId}/source`)).json<TStyleSourceAnswer>();
    expect(read.source?.outOfDate).toEqual({ stpId: v2, version: 2 });
    const fabricsTab = read.source?.changes.find((c) => c.tab === "fabrics");
    expect(fabricsTab?.rows.map((r) => r.change).sort()).toEqual(["changed", "removed"]);
    // Another facility cannot mark it; the designer has no library editing.
    expect((await as(fiona, "POST", `/api/library/styles/${styleId}/source/upToDate`)).statusCode).toBe(404);
    expect((await f.call("designer", "POST", `/api/library/styles/${styleId}/source/upToDate`)).statusCode).toBe(403);
    const reviewed = await f.call("factory", "POST", `/api/library/styles/${styleId}/source/upToDate`);
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json<TStyleSource>()).toMatchObject({
      from: { stpId: v2, version: 2 },
      outOfDate: null,
      changes: [],
    });
  });
});

describe("QC measures what the designer marked critical", () => {
  const points = (barcode: string, token = f.tokens.factory) =>
    t.request({ method: "GET", url: `/api/floor/qc/units/barcode/${barcode}/points`, token });
  const inspect = (barcode: string, body: object) =>
    f.call("factory", "POST", `/api/floor/qc/units/barcode/${barcode}`, body);
  const unitRow = async (id: number) =>
    (await t.db.select().from(schema.floorUnits).where(eq(schema.floorUnits.id, id)))[0];
  const inspections = (unitId: number) =>
    t.db.select().from(schema.floorQcInspections).where(eq(schema.floorQcInspections.unitId, unitId));
  let units: (typeof schema.floorUnits.$inferSelect)[];

  beforeAll(async () => {
    const rel = await f.call("factory", "POST", `/api/orders/${orderId}/release`);
    expect(rel.statusCode, rel.body).toBe(200);
    units = await t.db
      .select()
      .from(schema.floorUnits)
      .where(eq(schema.floorUnits.orderId, orderId))
      .orderBy(asc(schema.floorUnits.id));
    expect(units).toHaveLength(2);
    const who = { actor: "QC Test", userId: null, stationId: null };
    await t.db.transaction(async (tx) => {
      for (const unit of units) {
        let status = unit.status;
        for (const action of ["mark_cut", "mark_sewn"] as const)
          status = await applyUnitAction(tx, { ...unit, status }, action, who);
      }
    });
  });

  test("the unit shows its critical points for its size with target and tolerance; others are refused", async () => {
    const unit = units[0];
    if (!unit) throw new Error("no unit");
    const res = await points(unit.barcode);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TQcPoints>()).toMatchObject({
      size: "M",
      unit: "cm",
      source: { productCode: "SF-TEE-1", version: 2 },
      // Only the critical chest (A), not the body length (B); M is the base size: 52 ±1.
      points: [{ code: "A", target: 52, tolPlus: 1, tolMinus: 1 }],
    });
    expect((await points(unit.barcode, fiona)).statusCode).toBe(404);
    expect((await points(unit.barcode, f.tokens.client)).statusCode).toBe(403);
    expect(
      (await t.request({ method: "GET", url: `/api/floor/qc/units/barcode/${unit.barcode}/points` })).statusCode,
    ).toBe(401);
  });

  test("a pass without every critical measurement, or with an unknown one, is a 400 that writes nothing", async () => {
    const unit = units[0];
    if (!unit) throw new Error("no unit");
    const missing = await inspect(unit.barcode, { passed: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toBe(QC_MEASURE_MESSAGES.missing(["A"]));
    const unknown = await inspect(unit.barcode, { passed: true, measurements: [{ code: "ZZ", value: 3 }] });
    expect(unknown.statusCode).toBe(400);
    const negative = await inspect(unit.barcode, { passed: true, measurements: [{ code: "A", value: -1 }] });
    expect(negative.statusCode).toBe(400);
    expect((await unitRow(unit.id))?.status).toBe("sewn");
    expect(await inspections(unit.id)).toHaveLength(0);
  });

  test("within tolerance passes; the measurements are kept with the unit and in the order's history", async () => {
    const unit = units[0];
    if (!unit) throw new Error("no unit");
    const res = await inspect(unit.barcode, { passed: true, measurements: [{ code: "a", value: 52.75 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await unitRow(unit.id))?.status).toBe("inspected");
    const [row] = await inspections(unit.id);
    expect(row?.passed).toBe(true);
    expect(row?.measurements).toEqual([
      {
        code: "A",
        description: "Chest width 2 cm below armhole",
        size: "M",
        unit: "cm",
        target: 52,
        tolPlus: 1,
        tolMinus: 1,
        measured: 52.75,
        withinTolerance: true,
      },
    ]);
    const history = await f.call("client", "GET", `/api/orders/${orderId}/history`);
    expect(history.statusCode).toBe(200);
    const reasons = history.json<{ items: { reason: string | null }[] }>().items.map((i) => i.reason ?? "");
    expect(reasons.some((r) => r.includes(`QC ${unit.barcode} passed`) && r.includes("A 52.75 cm"))).toBe(true);
  });

  test("one measurement out of tolerance fails the unit with the reason Measurement", async () => {
    const unit = units[1];
    if (!unit) throw new Error("no unit");
    const res = await inspect(unit.barcode, { passed: true, measurements: [{ code: "A", value: 53.5 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ message: string }>().message).toContain("Measurement");
    const after = await unitRow(unit.id);
    expect(after?.status).toBe("failed");
    const [row] = await inspections(unit.id);
    expect(row?.passed).toBe(false);
    const [reason] = await t.db
      .select()
      .from(schema.floorQcReasons)
      .where(eq(schema.floorQcReasons.id, row?.reasonId ?? 0));
    expect(reason?.code).toBe("MEAS");
    expect(row?.measurements?.[0]).toMatchObject({ code: "A", measured: 53.5, withinTolerance: false });
    const [event] = await t.db
      .select()
      .from(schema.floorUnitEvents)
      .where(eq(schema.floorUnitEvents.unitId, unit.id))
      .orderBy(desc(schema.floorUnitEvents.id))
      .limit(1);
    expect(event?.reason).toContain("Measurement");
    expect(event?.reason).toContain("A 53.5 cm (target 52 +1/−1) out of tolerance");
  });
});
