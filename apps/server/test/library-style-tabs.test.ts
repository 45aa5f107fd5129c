import type {
  TErrorResponse,
  TStyleComposition,
  TStyleDetailsTab,
  TStyleMaterialsTab,
  TStyleOptionsTab,
  TStylePricingTab,
  TStyleStepsTab,
} from "@hub/contracts";
import { schema } from "@hub/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bumpTabVersion, readTabVersion } from "../src/platform/tab-versions";
import { createTestApp, type DemoUser, signInDemoUsers, type TestApp } from "./helpers/test-app";

/**
 * The style workspace's tabs (/api/library/styles/:id/tabs/{details|pricing|options|materials|steps}):
 * each tab read with its version and saved on its own; a save with a stale version is a 409 naming
 * who changed the tab, and writes nothing; of two saves from the same version exactly one wins.
 * With DATABASE_URL set this file runs on PostgreSQL, where the saves really race.
 */

let t: TestApp;
let tokens: Record<DemoUser, string>;

type Method = "GET" | "POST" | "PUT";
const call = (who: DemoUser | null, method: Method, url: string, payload?: unknown) =>
  t.request({
    method,
    url,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    ...(who ? { token: tokens[who] } : {}),
  });
const create = async (key: string, body: Record<string, unknown>): Promise<number> => {
  const res = await call("factory", "POST", `/api/library/${key}`, body);
  expect(res.statusCode, `${key}: ${res.body}`).toBe(201);
  return res.json<{ id: number }>().id;
};
const tab = (id: number, name: string, who: DemoUser = "factory") =>
  call(who, "GET", `/api/library/styles/${id}/tabs/${name}`);
const save = (id: number, name: string, body: Record<string, unknown>, who: DemoUser = "factory") =>
  call(who, "PUT", `/api/library/styles/${id}/tabs/${name}`, body);
const compositionOf = async (id: number) =>
  (await call("factory", "GET", `/api/library/styles/${id}/composition`)).json<TStyleComposition>();

const lib = {} as { size: number; s: number; m: number; jersey: number; label: number; machine: number; hem: number };
let styleNo = 0;
const newStyle = () =>
  create("styles", {
    code: `TAB-${++styleNo}`,
    name: `Tab style ${styleNo}`,
    category: "Tees",
    description: null,
    basePriceCents: 1500,
    offeredToAll: true,
    clientIds: [],
    imageUrl: null,
  });

beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInDemoUsers(t);
  lib.size = await create("options", { code: "TT-SIZE", name: "Size", sortOrder: 1, attributeIds: [] });
  lib.s = await create("attributes", { code: "TT-S", name: "S", hexColor: null, sortOrder: 0, optionIds: [lib.size] });
  lib.m = await create("attributes", { code: "TT-M", name: "M", hexColor: null, sortOrder: 1, optionIds: [lib.size] });
  lib.jersey = await create("fabrics", {
    fabricCode: "TT-JERSEY",
    fabricName: "Jersey",
    fabricType: "Jersey",
    supplier: null,
    color: null,
    costCents: 500,
    unit: "yd",
    widthInches: 60,
    weightGsm: 180,
  });
  lib.label = await create("parts", {
    partCode: "TT-LABEL",
    name: "Label",
    category: "Labels",
    supplier: null,
    costCents: 10,
    unit: "each",
  });
  lib.machine = await create("machines", {
    code: "TT-CS",
    name: "Coverstitch",
    machineType: "Coverstitch",
    make: null,
  });
  lib.hem = await create("instructions", {
    code: "TT-HEM",
    name: "Hem",
    description: null,
    machineId: lib.machine,
    standardMinutes: 1,
  });
});
afterAll(async () => {
  await t?.close();
});

describe("GET/PUT /api/library/styles/:id/tabs/:tab", () => {
  test("each tab reads its own rows at version 0, saves only them and moves its version on", async () => {
    const id = await newStyle();
    for (const name of ["details", "pricing", "options", "materials", "steps"]) {
      const res = await tab(id, name);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({ version: 0, savedAt: null, savedBy: null });
    }

    const pricing = await save(id, "pricing", { version: 0, priceTiers: [{ minQuantity: 12, unitPriceCents: 1290 }] });
    expect(pricing.statusCode, pricing.body).toBe(200);
    const p = pricing.json<TStylePricingTab>();
    expect(p).toMatchObject({ styleId: id, version: 1, basePriceCents: 1500, savedBy: "factory" });
    expect(p.priceTiers).toEqual([{ minQuantity: 12, unitPriceCents: 1290 }]);
    expect(p.savedAt).not.toBeNull();
    expect((await tab(id, "pricing")).json<TStylePricingTab>().version).toBe(1);

    const options = await save(id, "options", {
      version: 0,
      options: [
        {
          optionId: lib.size,
          attributes: [
            { attributeId: lib.s, upchargeCents: 0 },
            { attributeId: lib.m, upchargeCents: 150 },
          ],
        },
      ],
    });
    expect(options.statusCode, options.body).toBe(200);
    const o = options.json<TStyleOptionsTab>();
    expect(o.version).toBe(1);
    expect(o.options[0]?.attributes.map((a) => [a.name, a.upchargeCents])).toEqual([
      ["S", 0],
      ["M", 150],
    ]);

    const materials = await save(id, "materials", {
      version: 0,
      fabrics: [{ fabricId: lib.jersey, attributeId: lib.m, placement: "Body", consumption: 1.2 }],
      parts: [{ partId: lib.label, attributeId: null, quantity: 1 }],
    });
    expect(materials.statusCode, materials.body).toBe(200);
    const m = materials.json<TStyleMaterialsTab>();
    expect(m.version).toBe(1);
    expect(m.fabrics.map((f) => [f.code, f.attributeName, f.consumption])).toEqual([["TT-JERSEY", "M", 1.2]]);
    expect(m.parts.map((x) => x.code)).toEqual(["TT-LABEL"]);
    expect(m.offeredAttributes).toEqual([
      { attributeId: lib.s, name: "S" },
      { attributeId: lib.m, name: "M" },
    ]);

    const steps = await save(id, "steps", { version: 0, instructions: [{ instructionId: lib.hem, machineId: null }] });
    expect(steps.statusCode, steps.body).toBe(200);
    expect(steps.json<TStyleStepsTab>().instructions.map((x) => [x.step, x.code, x.machineName])).toEqual([
      [1, "TT-HEM", "Coverstitch"],
    ]);

    // A second pricing save replaces only the tiers: every other tab's rows are as saved.
    const again = await save(id, "pricing", { version: 1, priceTiers: [] });
    expect(again.json<TStylePricingTab>()).toMatchObject({ version: 2, priceTiers: [] });
    const whole = await compositionOf(id);
    expect(whole.priceTiers).toEqual([]);
    expect(whole.options[0]?.attributes).toHaveLength(2);
    expect(whole.fabrics).toHaveLength(1);
    expect(whole.parts).toHaveLength(1);
    expect(whole.instructions).toHaveLength(1);

    const audit = await t.db
      .select({ action: schema.auditLog.action })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.subject, `styles:${id}`));
    expect(audit.map((a) => a.action)).toContain("library.styles.tab.pricing");
  });

  test("the details tab saves the style's fields with its version", async () => {
    const id = await newStyle();
    const before = (await tab(id, "details")).json<TStyleDetailsTab>();
    expect(before).toMatchObject({ id, code: `TAB-${styleNo}`, basePriceCents: 1500, version: 0 });
    const body = {
      version: 0,
      code: before.code,
      name: "Renamed",
      category: "Tees",
      description: null,
      basePriceCents: 2690,
      offeredToAll: true,
      clientIds: [],
      imageUrl: null,
    };
    const saved = await save(id, "details", body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<TStyleDetailsTab>()).toMatchObject({ name: "Renamed", basePriceCents: 2690, version: 1 });
    // The pricing tab shows the new base price.
    expect((await tab(id, "pricing")).json<TStylePricingTab>().basePriceCents).toBe(2690);

    const stale = await save(id, "details", { ...body, name: "Overwritten" });
    expect(stale.statusCode).toBe(409);
    expect((await tab(id, "details")).json<TStyleDetailsTab>().name).toBe("Renamed");
  });

  test("a save with a stale version is a 409 that names who saved the tab, and writes nothing", async () => {
    const id = await newStyle();
    expect(
      (await save(id, "pricing", { version: 0, priceTiers: [{ minQuantity: 10, unitPriceCents: 1400 }] })).statusCode,
    ).toBe(200);
    const auditBefore = await t.db
      .select({ id: schema.auditLog.id })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.subject, `styles:${id}`));

    // An internal admin still holding version 0 tries to save over the factory user's tiers.
    const stale = await save(
      id,
      "pricing",
      { version: 0, priceTiers: [{ minQuantity: 5, unitPriceCents: 1 }] },
      "admin",
    );
    expect(stale.statusCode).toBe(409);
    const body = stale.json<TErrorResponse>();
    expect(body.error).toBe("CONFLICT");
    expect(body.message).toMatch(
      /^Pricing was changed by factory on \d{4}-\d\d-\d\d at \d\d:\d\d UTC since you opened it\./,
    );
    expect(body.fields).toEqual({ version: expect.any(String) });

    const after = (await tab(id, "pricing")).json<TStylePricingTab>();
    expect(after.version).toBe(1);
    expect(after.priceTiers).toEqual([{ minQuantity: 10, unitPriceCents: 1400 }]);
    const auditAfter = await t.db
      .select({ id: schema.auditLog.id })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.subject, `styles:${id}`));
    expect(auditAfter).toHaveLength(auditBefore.length);

    // A version from the future is stale too.
    expect((await save(id, "pricing", { version: 7, priceTiers: [] })).statusCode).toBe(409);
  });

  test("a whole-composition PUT moves every composition tab on, so open tabs cannot save over it", async () => {
    const id = await newStyle();
    const res = await call("factory", "PUT", `/api/library/styles/${id}/composition`, {
      priceTiers: [],
      options: [],
      fabrics: [],
      parts: [],
      instructions: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const name of ["pricing", "options", "materials", "steps"])
      expect((await tab(id, name)).json<{ version: number }>().version, name).toBe(1);
    expect((await tab(id, "details")).json<{ version: number }>().version).toBe(0);
    expect((await save(id, "steps", { version: 0, instructions: [] })).statusCode).toBe(409);
  });

  test("importing price tiers moves the Pricing tab on, so a tab opened before cannot save over them", async () => {
    const id = await newStyle();
    const code = `TAB-${styleNo}`;
    // The factory type has no Import Csv card by default; this facility user is granted it.
    const [factoryUser] = await t.db.select().from(schema.users).where(eq(schema.users.userName, "factory"));
    await t.db.insert(schema.cardGrants).values({ routeName: "importCsv", userId: factoryUser?.userId ?? 0 });
    const validated = await t.request({
      method: "POST",
      url: "/api/library/import/validate?resource=stylePriceTiers&fileName=tiers.csv",
      token: tokens.factory,
      payload: `styleCode,minQuantity,unitPrice\n${code},25,12.00`,
      headers: { "content-type": "text/csv" },
    });
    expect(validated.statusCode, validated.body).toBe(200);
    const applied = await call(
      "factory",
      "POST",
      `/api/library/import/${validated.json<{ importId: string }>().importId}/apply`,
    );
    expect(applied.statusCode, applied.body).toBe(200);
    const pricing = (await tab(id, "pricing")).json<TStylePricingTab>();
    expect(pricing).toMatchObject({
      version: 1,
      savedBy: "a CSV import",
      priceTiers: [{ minQuantity: 25, unitPriceCents: 1200 }],
    });
    const stale = await save(id, "pricing", { version: 0, priceTiers: [] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<TErrorResponse>().message).toContain("changed by a CSV import");
  });

  test("a tab refuses rows that break another tab, naming that tab; nothing is written", async () => {
    const id = await newStyle();
    await save(id, "options", {
      version: 0,
      options: [{ optionId: lib.size, attributes: [{ attributeId: lib.m, upchargeCents: 0 }] }],
    });
    await save(id, "materials", {
      version: 0,
      fabrics: [{ fabricId: lib.jersey, attributeId: lib.m, placement: null, consumption: 1 }],
      parts: [],
    });
    // Dropping M from the options would orphan the fabric tied to M.
    const res = await save(id, "options", { version: 1, options: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json<TErrorResponse>().message).toContain("on the Materials tab");
    expect((await tab(id, "options")).json<TStyleOptionsTab>()).toMatchObject({ version: 1 });
    expect((await tab(id, "options")).json<TStyleOptionsTab>().options).toHaveLength(1);

    // A field of the tab's own rows comes back as a field error.
    const own = await save(id, "materials", {
      version: 1,
      fabrics: [{ fabricId: lib.jersey, attributeId: lib.s, placement: null, consumption: 1 }],
      parts: [],
    });
    expect(own.statusCode).toBe(400);
    expect(own.json<TErrorResponse>().fields).toEqual({
      "fabrics.0.attributeId": "Choose one of the style's attributes",
    });
    expect((await tab(id, "materials")).json<TStyleMaterialsTab>().version).toBe(1);
  });

  test("client users read tabs of styles offered to them but cannot save; others get 404", async () => {
    const id = await newStyle();
    expect((await tab(id, "pricing", "client")).statusCode).toBe(200);
    expect((await save(id, "pricing", { version: 0, priceTiers: [] }, "client")).statusCode).toBe(403);
    expect((await tab(999_999, "pricing")).statusCode).toBe(404);
    expect((await save(999_999, "pricing", { version: 0, priceTiers: [] })).statusCode).toBe(404);
    expect((await call(null, "GET", `/api/library/styles/${id}/tabs/pricing`)).statusCode).toBe(401);
    expect((await save(id, "pricing", { priceTiers: [] })).statusCode).toBe(400);
  });
});

describe("concurrent saves", () => {
  test("two saves of the same tab from the same version: exactly one wins, the other is a 409", async () => {
    const id = await newStyle();
    for (const version of [0, 1]) {
      const [a, b] = await Promise.all([
        save(id, "pricing", { version, priceTiers: [{ minQuantity: 10 + version, unitPriceCents: 100 }] }),
        save(id, "pricing", { version, priceTiers: [{ minQuantity: 20 + version, unitPriceCents: 200 }] }, "admin"),
      ]);
      expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toEqual([200, 409]);
      const winner = a.statusCode === 200 ? a : b;
      const now = (await tab(id, "pricing")).json<TStylePricingTab>();
      expect(now.version).toBe(version + 1);
      expect(now.priceTiers).toEqual(winner.json<TStylePricingTab>().priceTiers);
    }
  });

  test("bumpTabVersion: a save that overlaps an open one waits for it and then loses", async () => {
    for (const expected of [0, 1]) {
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let firstBumped = () => {};
      const bumped = new Promise<void>((resolve) => {
        firstBumped = resolve;
      });
      const first = t.db.transaction(async (tx) => {
        await bumpTabVersion(tx, "test", 1, "race", expected, "first", "Race");
        firstBumped();
        await gate;
      });
      await bumped;
      const second = t.db.transaction((tx) => bumpTabVersion(tx, "test", 1, "race", expected, "second", "Race"));
      setTimeout(release, 150);
      const [a, b] = await Promise.allSettled([first, second]);
      expect(a.status).toBe("fulfilled");
      expect(b.status).toBe("rejected");
      if (b.status === "rejected") expect(String(b.reason)).toContain("Race was changed by first");
      expect(await readTabVersion(t.db, "test", 1, "race")).toMatchObject({ version: expected + 1, savedBy: "first" });
    }
    const rows = await t.db
      .select()
      .from(schema.recordTabVersions)
      .where(and(eq(schema.recordTabVersions.kind, "test"), eq(schema.recordTabVersions.recordId, 1)));
    expect(rows).toHaveLength(1);
  });
});
