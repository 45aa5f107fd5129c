import { inflateSync } from "node:zlib";
import { COMPARE_MESSAGES, type TProduct, type TTechPackHeader, type TVersionCompare } from "@hub/contracts";
import { schema } from "@hub/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type TechPackFixture, techPackFixture } from "./helpers/tech-pack-fixture";
import { createTestApp, type TestApp } from "./helpers/test-app";

/**
 * Issue 19, version compare: two versions of one product compared tab by tab, rows matched by what
 * names them (a BOM row by its item, a colourway by its key), and the facility's acknowledgement:
 * a version it acknowledged is where the next one it is sent opens its changes from.
 */

let t: TestApp;
let f: TechPackFixture;
let product: TProduct;
let v1: number;
let v2: number;
let demoFactoryId: number;

const stp = (id: number, rest = "") => `/api/productDev/stps/${id}${rest}`;

/** Whether a PDF draws a text: its page streams inflated, the text as the standard fonts write it (hex runs of a TJ). */
const pdfDraws = (bytes: Buffer, text: string): boolean => {
  const raw = bytes.toString("latin1");
  const hex = Buffer.from(text, "latin1").toString("hex");
  const re = /(?<!end)stream\r?\n/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const start = m.index + m[0].length;
    const chunk = Buffer.from(raw.slice(start, raw.indexOf("endstream", start)), "latin1");
    let body: string;
    try {
      body = inflateSync(chunk).toString("latin1");
    } catch {
      continue;
    }
    // A TJ array splits a text into hex runs with spacing between them: join the runs.
    if (
      body
        .replace(/>\s*-?[\d.]+\s*</g, "")
        .toLowerCase()
        .includes(hex)
    )
      return true;
  }
  return false;
};

const put = async (stpId: number, tab: string, body: object) => {
  const version = (await f.call("designer", "GET", stp(stpId, `/tabs/${tab}`))).json<{ version: number }>().version;
  const res = await f.call("designer", "PUT", stp(stpId, `/tabs/${tab}`), { version, ...body });
  expect(res.statusCode, `${tab}: ${res.body}`).toBe(200);
};

const fabric = (placement: string, quantity: string) => ({
  itemId: f.ids.jersey,
  placement,
  quantity,
  unit: "m",
  costCents: 800,
  cells: { BLK: { variantId: f.ids.jerseyBlack, note: "" }, WHT: { variantId: f.ids.jerseyWhite, note: "" } },
});

const approveAndSend = async (stpId: number) => {
  expect((await f.call("designer", "POST", stp(stpId, "/approval/submit"), {})).statusCode).toBe(200);
  const approved = await f.call("designer", "POST", stp(stpId, "/approval/approve"), {});
  expect(approved.statusCode, approved.body).toBe(200);
  const sent = await f.call("designer", "POST", stp(stpId, "/approval/send"), { factoryId: demoFactoryId });
  expect(sent.statusCode, sent.body).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp();
  f = await techPackFixture(t, "VC");
  const [demo] = await t.db.select().from(schema.factories).where(eq(schema.factories.name, "Hub Demo Factory"));
  demoFactoryId = demo?.factoryId ?? 0;
  const res = await f.call("designer", "POST", "/api/productDev/products", {
    code: "VC-TEE-1",
    name: "Compare tee",
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
  await put(v1, "fabrics", { rows: [fabric("Body", "1.25"), fabric("Rib", "0.2")] });
  await approveAndSend(v1);
  // Version 2: the body takes more fabric, the rib row goes, a pocket row comes; White is renamed.
  const nv = await f.call("designer", "POST", `/api/productDev/products/${product.id}/versions`, {});
  expect(nv.statusCode, nv.body).toBe(201);
  v2 = nv.json<{ stpId: number }>().stpId;
  await put(v2, "colorways", {
    colorways: [
      { key: "BLK", name: "Black", colorIds: [f.ids.black] },
      { key: "WHT", name: "Optic white", colorIds: [f.ids.white] },
    ],
  });
  // Rows are matched by their item (the jersey twice: its first and second row), so the reordering
  // below is not a change by itself.
  await put(v2, "fabrics", { rows: [fabric("Pocket", "0.1"), fabric("Body", "1.4")] });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe("comparing two versions", () => {
  test("the team sees, tab by tab, what was added, changed and removed, with who changed it", async () => {
    const res = await f.call("designer", "GET", stp(v2, `/compare?from=${v1}`));
    expect(res.statusCode, res.body).toBe(200);
    const diff = res.json<TVersionCompare>();
    expect(diff.from.version).toBe(1);
    expect(diff.to.version).toBe(2);
    const tabs = new Map(diff.tabs.map((x) => [x.tab, x]));
    // Only tabs with a difference.
    expect([...tabs.keys()].sort()).toEqual(["colorways", "fabrics"]);
    const colorways = tabs.get("colorways");
    expect(colorways?.rows).toEqual([
      {
        list: "colorways",
        key: "WHT",
        label: "WHT",
        change: "changed",
        fields: [{ field: "name", old: "White", new: "Optic white" }],
      },
    ]);
    expect(colorways?.lastChangedBy).toBe("designer");
    expect(colorways?.lastChangedAt).toBeTruthy();
    const fabrics = tabs.get("fabrics");
    // The jersey's first row (Body → Pocket, 1.25 → 0.1) and second (Rib → Body, 0.2 → 1.4), labelled by the item.
    expect(fabrics?.rows.map((r) => [r.change, r.label.includes("#2") ? "second" : "first"])).toEqual([
      ["changed", "first"],
      ["changed", "second"],
    ]);
    const first = fabrics?.rows[0];
    expect(first?.fields).toContainEqual({ field: "quantity", old: "1.25", new: "0.1" });
    expect(first?.fields).toContainEqual({ field: "placement", old: "Body", new: "Pocket" });
    expect(first?.label).not.toMatch(/^item /);
  });

  test("a row only one side has is added or removed, with every field of it", async () => {
    await put(v2, "fabrics", { rows: [fabric("Body", "1.4")] });
    const diff = (await f.call("designer", "GET", stp(v2, `/compare?from=${v1}`))).json<TVersionCompare>();
    const rows = diff.tabs.find((x) => x.tab === "fabrics")?.rows ?? [];
    const removed = rows.find((r) => r.change === "removed");
    expect(removed?.label).toContain("#2");
    expect(removed?.fields).toContainEqual({ field: "placement", old: "Rib", new: null });
    // And the other way round: from 2 to 1 the same row is added.
    const back = (await f.call("designer", "GET", stp(v1, `/compare?from=${v2}`))).json<TVersionCompare>();
    const added = back.tabs.find((x) => x.tab === "fabrics")?.rows.find((r) => r.change === "added");
    expect(added?.fields).toContainEqual({ field: "placement", old: null, new: "Rib" });
  });

  test("versions of two products, or one the caller cannot read, are refused", async () => {
    const other = await f.call("designer", "POST", "/api/productDev/products", {
      code: "VC-TEE-2",
      name: "Another tee",
      pomTemplateId: f.ids.template,
    });
    expect(other.statusCode, other.body).toBe(201);
    const otherStp = other.json<{ stpId: number }>().stpId;
    const mixed = await f.call("designer", "GET", stp(v2, `/compare?from=${otherStp}`));
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe(COMPARE_MESSAGES.otherProduct);
    // The facility reads only versions sent to it: version 2 is not (yet).
    expect((await f.call("factory", "GET", stp(v2, `/compare?from=${v1}`))).statusCode).toBe(404);
    // Another brand's user never sees either.
    expect((await f.call("client2", "GET", stp(v2, `/compare?from=${v1}`))).statusCode).toBe(404);
    // A missing or bad `from` is a 400 naming it.
    const bad = await f.call("designer", "GET", stp(v2, "/compare?from=abc"));
    expect(bad.statusCode).toBe(400);
  });
});

describe("the facility acknowledges what it builds", () => {
  test("only a facility the version was sent to acknowledges it; the first acknowledgement is kept", async () => {
    expect((await f.call("designer", "POST", stp(v1, "/acknowledge"))).statusCode).toBe(403);
    const ack = await f.call("factory", "POST", stp(v1, "/acknowledge"));
    expect(ack.statusCode, ack.body).toBe(200);
    expect(ack.json().acknowledgedBy).toBe("factory");
    const again = await f.call("factory", "POST", stp(v1, "/acknowledge"));
    expect(again.json().acknowledgedAt).toBe(ack.json().acknowledgedAt);
    // The brand sees it on the send.
    const header = (await f.call("designer", "GET", stp(v1))).json<TTechPackHeader>();
    expect(header.version.sends[0]?.acknowledgedBy).toBe("factory");
    expect(header.changesSince).toBeNull();
  });

  test("the brand's event log heard the approval, the send and the first acknowledgement, once each (issue 20)", async () => {
    const events = (await f.call("client", "GET", "/api/events?after=0")).json<{
      items: { type: string; data: Record<string, unknown> }[];
    }>().items;
    const ofV1 = events.filter((e) => e.data.stpId === v1);
    expect(ofV1.map((e) => e.type)).toEqual(["product.approved", "techpack.sent", "techpack.acknowledged"]);
    expect(ofV1[1]?.data).toMatchObject({ version: 1, factoryId: demoFactoryId, sentBy: "designer" });
    expect(ofV1[2]?.data).toMatchObject({ version: 1, factoryId: demoFactoryId, acknowledgedBy: "factory" });
    // The team's people find the approval and the send under the bell (issue 20, Messages).
    const titles = (await f.call("designer", "GET", "/api/messages?size=100"))
      .json<{ items: { title: string }[] }>()
      .items.map((x) => x.title);
    const code = ofV1[0]?.data.code as string;
    expect(titles).toContain(`${code} version 1 was approved`);
    expect(titles.some((x) => x.startsWith(`${code} version 1 was sent to `))).toBe(true);
    // Bluebird, another client, hears none of it.
    const theirs = (await f.call("client2", "GET", "/api/events?after=0")).json<{ items: { type: string }[] }>().items;
    expect(theirs.filter((e) => e.type.startsWith("techpack.") || e.type === "product.approved")).toEqual([]);
  });

  test("the next version sent opens, for the facility, on the changes since the version it acknowledged", async () => {
    await approveAndSend(v2);
    const header = (await f.call("factory", "GET", stp(v2))).json<TTechPackHeader>();
    expect(header.viewer).toBe("facility");
    expect(header.changesSince).toEqual({ stpId: v1, version: 1 });
    const diff = await f.call("factory", "GET", stp(v2, `/compare?from=${v1}`));
    expect(diff.statusCode, diff.body).toBe(200);
    expect(diff.json<TVersionCompare>().tabs.map((x) => x.tab)).toContain("fabrics");
  });
});

describe("the PDF", () => {
  test("a later version's PDF has a page of the changes since the version the factory has", async () => {
    const v2pdf = await f.call("designer", "GET", stp(v2, "/techPack.pdf"));
    expect(v2pdf.statusCode).toBe(200);
    expect(pdfDraws(v2pdf.rawPayload, "Changes since v1")).toBe(true);
    const factoryPdf = await f.call("factory", "GET", stp(v2, "/techPack.pdf"));
    expect(pdfDraws(factoryPdf.rawPayload, "Changes since v1")).toBe(true);
    // The first version has nothing before it.
    const v1pdf = await f.call("designer", "GET", stp(v1, "/techPack.pdf"));
    expect(pdfDraws(v1pdf.rawPayload, "Changes since")).toBe(false);
  });
});
