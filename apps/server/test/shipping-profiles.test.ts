import { inflateSync } from "node:zlib";
import { IDEMPOTENCY_HEADER, type TOrder, type TPackOrder, type TShippingProfile } from "@hub/contracts";
import { schema } from "@hub/db";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { followOrder } from "../src/modules/floor/follow";
import { releaseOrder } from "../src/modules/floor/release";
import { applyUnitAction } from "../src/modules/floor/state";
import { newKey, type OrderFixture, orderFixture, SHIP_TO } from "./helpers/orders-fixture";
import { type TechPackFixture, techPackFixture } from "./helpers/tech-pack-fixture";
import { createTestApp, type TestApp } from "./helpers/test-app";

/**
 * Issue 19, shipping profiles: a team resource (spec 7's findAll, findById, create, update?id,
 * delete?id, archive) with its validation and access; the packaging tab's choice (saved with the
 * tab, refused on a frozen version, a used profile not deleted); and pack-out's suggested box and
 * weight for an order whose style links to the approved version (lib_style_sources).
 */

let t: TestApp;
let f: TechPackFixture;
let o: OrderFixture;
let productId: number;
let stpId: number;
const items = { box: 0, bag: 0, tissue: 0 };

const BASE = "/api/productDev/shippingProfiles";

/** Whether a PDF draws a text (its page streams inflated; a TJ's hex runs joined), as products-version-compare reads it. */
const pdfDraws = (bytes: Buffer, text: string): boolean => {
  const raw = bytes.toString("latin1");
  const hex = Buffer.from(text, "latin1").toString("hex");
  const re = /(?<!end)stream\r?\n/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const start = m.index + m[0].length;
    try {
      const body = inflateSync(Buffer.from(raw.slice(start, raw.indexOf("endstream", start)), "latin1")).toString(
        "latin1",
      );
      if (
        body
          .replace(/>\s*-?[\d.]+\s*</g, "")
          .toLowerCase()
          .includes(hex)
      )
        return true;
    } catch {}
  }
  return false;
};
type Page = { items: TShippingProfile[]; total: number };

const shippingItem = async (code: string, name: string) => {
  const li = schema.pdLibraryItems;
  const [row] = await t.db
    .insert(li)
    .values({ teamId: f.teamId, kind: "shipping", code, name, unit: "pc", costCents: 0 })
    .returning({ id: li.id });
  if (!row) throw new Error("item not inserted");
  return row.id;
};

const profile = (extra: Record<string, unknown> = {}) => ({
  name: "SP Tee box",
  boxItemId: items.box,
  boxLength: 40,
  boxWidth: 30,
  boxHeight: 10,
  dimensionUnit: "cm",
  foldMethod: "flat fold",
  polybag: true,
  polybagItemId: items.bag,
  insertItemIds: [items.tissue],
  unitsPerBox: 2,
  boxTareGrams: 100,
  weights: [
    { size: "OM", grams: 200 },
    { size: "OXL", grams: 250 },
  ],
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  f = await techPackFixture(t, "SP");
  o = await orderFixture(t);
  items.box = await shippingItem("SP-BOX", "Mailer box 40x30");
  items.bag = await shippingItem("SP-BAG", "Recycled polybag");
  items.tissue = await shippingItem("SP-TIS", "Tissue sheet");
  const res = await f.call("designer", "POST", "/api/productDev/products", { code: "SP-TEE-1", name: "Shipping tee" });
  expect(res.statusCode, res.body).toBe(201);
  ({ stpId } = res.json<{ stpId: number }>());
  productId = res.json<{ product: { id: number } }>().product.id;
}, 180_000);
afterAll(async () => {
  await t?.close();
});

let made: TShippingProfile;

describe("shipping profiles as a team resource", () => {
  test("a designer creates one with weights per size; findAll finds it, findById reads it", async () => {
    const res = await f.call("designer", "POST", `${BASE}/create`, profile());
    expect(res.statusCode, res.body).toBe(201);
    made = res.json<TShippingProfile>();
    expect(made).toMatchObject({
      name: "SP Tee box",
      boxItemName: "Mailer box 40x30",
      boxLength: 40,
      polybag: true,
      polybagItemId: items.bag,
      insertItemIds: [items.tissue],
      unitsPerBox: 2,
      weights: [
        { size: "OM", grams: 200 },
        { size: "OXL", grams: 250 },
      ],
      productCount: 0,
    });
    const list = await f.call("designer", "GET", `${BASE}/findAll?searchString=tee%20box&sort=name,asc`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<Page>().items.map((p) => p.id)).toEqual([made.id]);
    const one = await f.call("designer", "GET", `${BASE}/findById?id=${made.id}`);
    expect(one.json<TShippingProfile>().foldMethod).toBe("flat fold");
    const csv = await f.call("designer", "GET", `${BASE}/export.csv?searchString=tee%20box`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain("OM:200 OXL:250");
  });

  test("bad input is refused with a message under its field and writes nothing", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ boxItemId: null, boxLength: null, boxWidth: null, boxHeight: null }, "boxItemId", "Choose a box"],
      [{ boxWidth: null }, "boxWidth", "Enter the length, width and height, or none of them"],
      [
        {
          weights: [
            { size: "M", grams: 200 },
            { size: "m", grams: 210 },
          ],
        },
        "weights.1.size",
        "Each size can have one weight",
      ],
      [{ unitsPerBox: 0 }, "unitsPerBox", "At least 1 unit per box"],
      [{ foldMethod: "crumpled" }, "foldMethod", "Choose a fold method"],
      [{ polybag: false }, "polybagItemId", "A polybag item needs the polybag switched on"],
      [{ boxItemId: f.ids.jersey }, "boxItemId", "That item is not in your team's Shipping Library"],
      [{ insertItemIds: [items.tissue, f.ids.label] }, "insertItemIds.1", "not in your team's Shipping Library"],
    ];
    for (const [extra, field, message] of cases) {
      const res = await f.call("designer", "POST", `${BASE}/create`, profile({ name: "SP bad", ...extra }));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json<{ fields: Record<string, string> }>().fields[field], res.body).toContain(message);
    }
    const twice = await f.call("designer", "POST", `${BASE}/create`, profile({ name: "sp TEE box" }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toContain("already exists");
    const none = await f.call("designer", "GET", `${BASE}/findAll?searchString=SP%20bad`);
    expect(none.json<Page>().total).toBe(0);
  });

  test("update and archive", async () => {
    const res = await f.call("designer", "PUT", `${BASE}/update?id=${made.id}`, profile({ boxTareGrams: 120 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TShippingProfile>().boxTareGrams).toBe(120);
    const archived = await f.call("designer", "POST", `${BASE}/${made.id}/archive`, { archived: true });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json<TShippingProfile>().archived).toBe(true);
    const back = await f.call("designer", "POST", `${BASE}/${made.id}/archive`, { archived: false });
    expect(back.json<TShippingProfile>().archived).toBe(false);
    // Back to the tare the pack-out test counts on.
    await f.call("designer", "PUT", `${BASE}/update?id=${made.id}`, profile());
  });

  test("access: another brand 404s, a facility and the anonymous are refused", async () => {
    // Bluebird's client user has the card (client users' default) but is no member of Northwind's team.
    const theirs = await f.call("client2", "GET", `${BASE}/findAll`);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json<Page>().items.map((p) => p.id)).not.toContain(made.id);
    expect(theirs.body).not.toContain("SP Tee box");
    expect((await f.call("client2", "GET", `${BASE}/findById?id=${made.id}`)).statusCode).toBe(404);
    const foreignWrite = await f.call("client2", "PUT", `${BASE}/update?id=${made.id}`, profile({ name: "Mine" }));
    expect(foreignWrite.statusCode).toBe(404);
    expect((await f.call("client2", "DELETE", `${BASE}/delete?id=${made.id}`)).statusCode).toBe(404);
    expect((await f.call("factory", "GET", `${BASE}/findAll`)).statusCode).toBe(403);
    expect((await f.call("factory", "GET", `${BASE}/findById?id=${made.id}`)).statusCode).toBe(403);
    expect((await f.call(null, "GET", `${BASE}/findAll`)).statusCode).toBe(401);
    expect((await f.call("designer", "GET", `${BASE}/findById?id=${made.id}`)).json().name).toBe("SP Tee box");
  });
});

describe("the packaging tab's shipping profile", () => {
  const tab = () => `/api/productDev/stps/${stpId}/tabs/packaging`;
  type Tab = { version: number; shippingProfileId: number | null; shippingProfiles: { id: number; name: string }[] };

  test("offered, saved with the tab, and counted on the profile", async () => {
    const before = (await f.call("designer", "GET", tab())).json<Tab>();
    expect(before.shippingProfileId).toBeNull();
    expect(before.shippingProfiles.map((p) => p.id)).toContain(made.id);
    const saved = await f.call("designer", "PUT", tab(), {
      version: before.version,
      rows: [],
      shippingProfileId: made.id,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Tab>().shippingProfileId).toBe(made.id);
    expect((await f.call("designer", "GET", tab())).json<Tab>().shippingProfileId).toBe(made.id);
    const p = (await f.call("designer", "GET", `${BASE}/findById?id=${made.id}`)).json<TShippingProfile>();
    expect(p.productCount).toBe(1);
    // The PDF's bill of materials names it.
    const pdf = await f.call("designer", "GET", `/api/productDev/stps/${stpId}/techPack.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdfDraws(pdf.rawPayload, "Shipping profile")).toBe(true);
    expect(pdfDraws(pdf.rawPayload, "SP Tee box")).toBe(true);
  });

  test("another team's or an unknown profile is refused", async () => {
    const current = (await f.call("designer", "GET", tab())).json<Tab>();
    const res = await f.call("designer", "PUT", tab(), {
      version: current.version,
      rows: [],
      shippingProfileId: 999_999,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.shippingProfileId).toContain("not one of your team's");
  });

  test("a profile a version names is not deleted: the refusal names the product", async () => {
    const refused = await f.call("designer", "DELETE", `${BASE}/delete?id=${made.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain("SP-TEE-1");
    // An unused one is.
    const spare = await f.call("designer", "POST", `${BASE}/create`, profile({ name: "SP spare" }));
    const gone = await f.call("designer", "DELETE", `${BASE}/delete?id=${spare.json<TShippingProfile>().id}`);
    expect(gone.statusCode, gone.body).toBeLessThan(300);
  });

  test("an approved version is read-only: its choice cannot change", async () => {
    await t.db.update(schema.pdTechPacks).set({ approvalState: "approved" }).where(eq(schema.pdTechPacks.id, stpId));
    const current = (await f.call("designer", "GET", tab())).json<Tab & { readOnly: boolean }>();
    expect(current.readOnly).toBe(true);
    const res = await f.call("designer", "PUT", tab(), { version: current.version, rows: [], shippingProfileId: null });
    expect(res.statusCode).toBe(409);
    expect((await f.call("designer", "GET", tab())).json<Tab>().shippingProfileId).toBe(made.id);
  });
});

describe("pack-out suggests the box and the weight", () => {
  const who = { actor: "Ship Test", userId: null, stationId: null };
  let order: TOrder;

  const packedOrder = async (lines: { attributeIds: number[]; quantity: number }[]) => {
    const res = await o.place("client", { shipTo: SHIP_TO, lines: lines.map((l) => ({ styleId: o.ids.tee, ...l })) });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json<TOrder>();
    await t.db.transaction((tx) => releaseOrder(tx, placed.id, "Ship Test"));
    const units = await t.db
      .select()
      .from(schema.floorUnits)
      .where(eq(schema.floorUnits.orderId, placed.id))
      .orderBy(asc(schema.floorUnits.id));
    await t.db.transaction(async (tx) => {
      for (const u of units) {
        let status = u.status;
        for (const action of ["mark_cut", "mark_sewn", "mark_inspected"] as const)
          status = await applyUnitAction(tx, { ...u, status }, action, who);
        await followOrder(tx, u.orderId, "Ship Test");
      }
    });
    for (const u of units) {
      const scan = await o.call("factory", "POST", "/api/shipping/pack-scan", { scanId: newKey(), code: u.barcode });
      expect(scan.statusCode, scan.body).toBe(200);
    }
    return placed;
  };
  const packView = async () => {
    const res = await o.call("factory", "GET", `/api/shipping/orders/${order.id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TPackOrder>();
  };

  test("no link from the style to a tech pack: no suggestion, the order packs as before", async () => {
    order = await packedOrder([
      { attributeIds: [o.ids.m, o.ids.black], quantity: 2 },
      { attributeIds: [o.ids.xl, o.ids.white], quantity: 1 },
    ]);
    const view = await packView();
    expect(view.units.filter((u) => u.status === "packed")).toHaveLength(3);
    expect(view.packProfiles).toEqual([]);
    expect(view.suggestion).toBeNull();
  });

  test("linked to the approved version: weight = grams per size + a tare per box, boxes = ceil(units / per box)", async () => {
    await t.db.insert(schema.libStyleSources).values({ styleId: o.ids.tee, productId, techPackId: stpId });
    const view = await packView();
    expect(view.packProfiles).toHaveLength(1);
    expect(view.packProfiles[0]).toMatchObject({
      name: "SP Tee box",
      boxName: "Mailer box 40x30",
      lineNumbers: [1, 2],
      lengthIn: 15.7,
      widthIn: 11.8,
      heightIn: 3.9,
      unitsPerBox: 2,
    });
    // 2 x OM at 200 g + 1 x OXL at 250 g = 650 g; 3 units at 2 a box = 2 boxes, 100 g tare each: 850 g.
    expect(view.suggestion).toMatchObject({
      profileName: "SP Tee box",
      units: 3,
      boxesNeeded: 2,
      weightGrams: 850,
      weightOz: 30,
      unweighed: 0,
      withoutProfile: 0,
    });
  });

  test("units already in a box leave the suggestion", async () => {
    const view = await packView();
    const unit = view.units.find((u) => u.size === "OXL");
    const box = await o.call(
      "factory",
      "POST",
      "/api/shipments",
      {
        orderId: order.id,
        unitIds: [unit?.id],
        provider: "manual",
        carrier: "ups",
        weightOz: 12,
        lengthIn: 10,
        widthIn: 8,
        heightIn: 2,
      },
      { [IDEMPOTENCY_HEADER]: newKey() },
    );
    expect(box.statusCode, box.body).toBe(201);
    expect((await packView()).suggestion).toMatchObject({ units: 2, boxesNeeded: 1, weightGrams: 500 });
  });

  test("a facility still cannot list the team's profiles", async () => {
    expect((await o.call("factory", "GET", `${BASE}/findAll`)).statusCode).toBe(403);
  });
});

describe("the demo", () => {
  test("the demo tee's approved version names the demo profile, and the demo factory's TEE-100 is linked to it", async () => {
    const rows = await t.db.execute(sql`
      select st.code, pr.code as product, sp.name, sp.units_per_box
      from lib_style_sources ss
      join lib_styles st on st.id = ss.style_id
      join pd_products pr on pr.id = ss.product_id
      join pd_tech_pack_parts part on part.tech_pack_id = ss.tech_pack_id and part.tab = 'packaging'
      join pd_shipping_profiles sp on to_jsonb(sp.id) = part.data->'shippingProfileId'
      where st.code = 'TEE-100'`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { code: "TEE-100", product: "NW-SS27-01", name: "Folded tee, export carton", units_per_box: 48 },
    ]);
    const list = await f.call("designer", "GET", `${BASE}/findAll?searchString=export%20carton`);
    expect(list.json<Page>().items[0]?.productCount).toBe(1);
  });
});
