import type { TErrorResponse, TStyleComposition, TStyleCompositionRequestInput } from "@hub/contracts";
import { schema } from "@hub/db";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type DemoUser, demoClientIds, signInDemoUsers, type TestApp } from "./helpers/test-app";

/**
 * A style's composition (issue 4): read and replaced as a whole (tiers, options with attribute
 * upcharges, fabrics, parts, ordered steps), every reference checked against the style's own
 * facility, nothing written on a bad request, client users read-only, and profiles applied.
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

/** The library the tests compose styles from, all in the demo facility. */
const lib = {} as {
  overlock: number;
  coverstitch: number;
  size: number;
  colour: number;
  s: number;
  m: number;
  xl: number;
  black: number;
  white: number;
  jersey: number;
  rib: number;
  label: number;
  zip: number;
  joinShoulders: number;
  hem: number;
  otherFabric: number;
  otherStyle: number;
};

const newStyle = async (code: string, extra: Record<string, unknown> = {}) =>
  create("factory", "styles", {
    code,
    name: `Style ${code}`,
    category: "Tees",
    description: null,
    basePriceCents: 1500,
    offeredToAll: true,
    clientIds: [],
    imageUrl: null,
    ...extra,
  });

const composition = (id: number, who: DemoUser = "factory") =>
  call(who, "GET", `/api/library/styles/${id}/composition`);
const put = (id: number, body: TStyleCompositionRequestInput, who: DemoUser = "factory") =>
  call(who, "PUT", `/api/library/styles/${id}/composition`, body);

const full = (): TStyleCompositionRequestInput => ({
  priceTiers: [
    { minQuantity: 12, unitPriceCents: 1300 },
    { minQuantity: 50, unitPriceCents: 1150 },
  ],
  options: [
    {
      optionId: lib.size,
      attributes: [
        { attributeId: lib.s, upchargeCents: 0 },
        { attributeId: lib.m, upchargeCents: 0 },
        { attributeId: lib.xl, upchargeCents: 200 },
      ],
    },
    { optionId: lib.colour, attributes: [{ attributeId: lib.black, upchargeCents: 50 }] },
  ],
  fabrics: [
    { fabricId: lib.jersey, attributeId: null, placement: "Body", consumption: 1.2 },
    { fabricId: lib.rib, attributeId: lib.black, placement: "Neck", consumption: 0.15 },
  ],
  parts: [{ partId: lib.label, attributeId: null, quantity: 2 }],
  instructions: [
    { instructionId: lib.joinShoulders, machineId: null },
    { instructionId: lib.hem, machineId: lib.overlock },
  ],
});

beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInDemoUsers(t);
  lib.overlock = await create("factory", "machines", {
    code: "OL",
    name: "Overlock",
    machineType: "Overlock",
    make: null,
  });
  lib.coverstitch = await create("factory", "machines", {
    code: "CS",
    name: "Coverstitch",
    machineType: "Coverstitch",
    make: null,
  });
  lib.size = await create("factory", "options", { code: "T-SIZE", name: "Size", sortOrder: 1, attributeIds: [] });
  lib.colour = await create("factory", "options", { code: "T-COLOUR", name: "Colour", sortOrder: 2, attributeIds: [] });
  const attr = (code: string, name: string, optionIds: number[], hexColor: string | null = null) =>
    create("factory", "attributes", { code: `T-${code}`, name, hexColor, sortOrder: 0, optionIds });
  lib.s = await attr("S", "S", [lib.size]);
  lib.m = await attr("M", "M", [lib.size]);
  lib.xl = await attr("XL", "XL", [lib.size]);
  lib.black = await attr("BLK", "Black", [lib.colour], "#000000");
  lib.white = await attr("WHT", "White", [lib.colour], "#FFFFFF");
  const fabric = (code: string, costCents: number, factoryId?: number, who: DemoUser = "factory") =>
    create(who, "fabrics", {
      ...(factoryId ? { factoryId } : {}),
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
  lib.jersey = await fabric("JERSEY", 525);
  lib.rib = await fabric("RIB", 300);
  const part = (code: string, costCents: number) =>
    create("factory", "parts", {
      partCode: code,
      name: `Part ${code}`,
      category: "Labels",
      supplier: null,
      costCents,
      unit: "each",
    });
  lib.label = await part("LABEL", 12);
  lib.zip = await part("ZIP", 80);
  const step = (code: string, machineId: number, standardMinutes: number) =>
    create("factory", "instructions", { code, name: `Step ${code}`, description: null, machineId, standardMinutes });
  lib.joinShoulders = await step("JOIN", lib.overlock, 0.5);
  lib.hem = await step("HEM", lib.coverstitch, 1.25);

  // A second facility with its own library, reachable only by the internal admin.
  const [other] = await t.db.insert(schema.factories).values({ name: "Other Mill" }).returning();
  if (!other) throw new Error("no factory");
  lib.otherFabric = await fabric("OTHER-F", 100, other.factoryId, "admin");
  lib.otherStyle = await create("admin", "styles", {
    factoryId: other.factoryId,
    code: "OTHER-TEE",
    name: "Other tee",
    category: "Tees",
    description: null,
    basePriceCents: 900,
    offeredToAll: true,
    clientIds: [],
    imageUrl: null,
  });
});
afterAll(async () => {
  await t?.close();
});

describe("GET/PUT /api/library/styles/:id/composition", () => {
  test("a new style has an empty composition; a PUT replaces it whole and a GET reads it back in order", async () => {
    const id = await newStyle("COMP-1");
    const empty = await composition(id);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json<TStyleComposition>()).toMatchObject({
      styleId: id,
      priceTiers: [],
      options: [],
      fabrics: [],
      parts: [],
      instructions: [],
    });

    const saved = await put(id, full());
    expect(saved.statusCode, saved.body).toBe(200);
    const c = saved.json<TStyleComposition>();
    expect(c.priceTiers).toEqual([
      { minQuantity: 12, unitPriceCents: 1300 },
      { minQuantity: 50, unitPriceCents: 1150 },
    ]);
    expect(c.options.map((o) => o.name)).toEqual(["Size", "Colour"]);
    expect(c.options[0]?.attributes.map((a) => [a.name, a.upchargeCents])).toEqual([
      ["S", 0],
      ["M", 0],
      ["XL", 200],
    ]);
    expect(c.options[1]?.attributes[0]).toMatchObject({ name: "Black", hexColor: "#000000", upchargeCents: 50 });
    expect(c.fabrics).toEqual([
      expect.objectContaining({
        fabricId: lib.jersey,
        attributeId: null,
        placement: "Body",
        consumption: 1.2,
        costCents: 525,
        unit: "yd",
      }),
      expect.objectContaining({ fabricId: lib.rib, attributeId: lib.black, attributeName: "Black", consumption: 0.15 }),
    ]);
    expect(c.parts).toEqual([expect.objectContaining({ partId: lib.label, quantity: 2, costCents: 12 })]);
    // Step 1 runs on the instruction's own machine; step 2's override wins.
    expect(c.instructions.map((s) => [s.step, s.code, s.machineId, s.machineName, s.standardMinutes])).toEqual([
      [1, "JOIN", null, "Overlock", 0.5],
      [2, "HEM", lib.overlock, "Overlock", 1.25],
    ]);
    expect(c.labourCentsPerMinute).toBe(45);

    const again = (await composition(id, "admin")).json<TStyleComposition>();
    expect(again).toEqual(c);

    // A second PUT replaces everything: reordered steps, one option left, no tiers.
    const next = await put(id, {
      priceTiers: [],
      options: [{ optionId: lib.colour, attributes: [{ attributeId: lib.white, upchargeCents: 0 }] }],
      fabrics: [],
      parts: [],
      instructions: [
        { instructionId: lib.hem, machineId: null },
        { instructionId: lib.joinShoulders, machineId: lib.coverstitch },
        { instructionId: lib.hem, machineId: null },
      ],
    });
    expect(next.statusCode, next.body).toBe(200);
    const n = next.json<TStyleComposition>();
    expect(n.priceTiers).toEqual([]);
    expect(n.options.map((o) => o.attributes.map((a) => a.name))).toEqual([["White"]]);
    expect(n.instructions.map((s) => [s.step, s.code, s.machineName])).toEqual([
      [1, "HEM", "Coverstitch"],
      [2, "JOIN", "Coverstitch"],
      [3, "HEM", "Coverstitch"],
    ]);

    const audits = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.subject, `styles:${id}`), eq(schema.auditLog.action, "library.styles.composition")))
      .orderBy(desc(schema.auditLog.id));
    expect(audits).toHaveLength(2);
  });

  test("bad requests answer 400 naming the field, and write nothing", async () => {
    const id = await newStyle("COMP-BAD");
    expect((await put(id, full())).statusCode).toBe(200);
    const before = (await composition(id)).json<TStyleComposition>();

    const cases: [string, TStyleCompositionRequestInput, string, RegExp][] = [
      [
        "unknown option",
        { ...full(), options: [{ optionId: 999999, attributes: [] }] },
        "options.0.optionId",
        /Unknown option/,
      ],
      [
        "attribute not a value of the option",
        {
          ...full(),
          options: [
            {
              optionId: lib.size,
              attributes: [
                { attributeId: lib.s, upchargeCents: 0 },
                { attributeId: lib.black, upchargeCents: 0 },
              ],
            },
          ],
          fabrics: [],
        },
        "options.0.attributes.1.attributeId",
        /Not a value of Size/,
      ],
      [
        "unknown fabric",
        { ...full(), fabrics: [{ fabricId: 999999, attributeId: null, placement: null, consumption: 1 }] },
        "fabrics.0.fabricId",
        /Unknown fabric/,
      ],
      [
        "unknown part",
        { ...full(), parts: [{ partId: 999999, attributeId: null, quantity: 1 }] },
        "parts.0.partId",
        /Unknown part/,
      ],
      [
        "unknown instruction",
        { ...full(), instructions: [{ instructionId: 999999, machineId: null }] },
        "instructions.0.instructionId",
        /Unknown instruction/,
      ],
      [
        "unknown machine",
        { ...full(), instructions: [{ instructionId: lib.hem, machineId: 999999 }] },
        "instructions.0.machineId",
        /Unknown machine/,
      ],
      [
        "fabric for an attribute the style does not offer",
        { ...full(), fabrics: [{ fabricId: lib.jersey, attributeId: lib.white, placement: null, consumption: 1 }] },
        "fabrics.0.attributeId",
        /style's attributes/,
      ],
      [
        "tiers not increasing",
        {
          ...full(),
          priceTiers: [
            { minQuantity: 50, unitPriceCents: 1100 },
            { minQuantity: 12, unitPriceCents: 1300 },
          ],
        },
        "priceTiers.1.minQuantity",
        /above the one before/,
      ],
      [
        "the same tier twice",
        {
          ...full(),
          priceTiers: [
            { minQuantity: 12, unitPriceCents: 1300 },
            { minQuantity: 12, unitPriceCents: 1200 },
          ],
        },
        "priceTiers.1.minQuantity",
        /above the one before/,
      ],
      [
        "a tier from 1 piece",
        { ...full(), priceTiers: [{ minQuantity: 1, unitPriceCents: 1300 }] },
        "priceTiers.0.minQuantity",
        /2 pieces/,
      ],
      [
        "negative price",
        { ...full(), priceTiers: [{ minQuantity: 5, unitPriceCents: -1 }] },
        "priceTiers.0.unitPriceCents",
        /negative/,
      ],
      [
        "zero consumption",
        { ...full(), fabrics: [{ fabricId: lib.jersey, attributeId: null, placement: null, consumption: 0 }] },
        "fabrics.0.consumption",
        /more than zero/,
      ],
      [
        "an option twice",
        {
          ...full(),
          options: [
            { optionId: lib.size, attributes: [] },
            { optionId: lib.size, attributes: [] },
          ],
          fabrics: [],
        },
        "options.1.optionId",
        /already chosen/,
      ],
    ];
    for (const [name, body, field, message] of cases) {
      const res = await put(id, body);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json<TErrorResponse>().fields?.[field], `${name}: ${res.body}`).toMatch(message);
    }
    expect((await composition(id)).json<TStyleComposition>()).toEqual(before);
  });

  test("ids of another facility are refused, and another facility's style is not found", async () => {
    const id = await newStyle("COMP-X");
    const res = await put(id, {
      ...full(),
      fabrics: [{ fabricId: lib.otherFabric, attributeId: null, placement: null, consumption: 1 }],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<TErrorResponse>().fields?.["fabrics.0.fabricId"]).toBe("Unknown fabric");
    // Even the internal admin cannot mix facilities.
    const byAdmin = await put(
      id,
      { ...full(), fabrics: [{ fabricId: lib.otherFabric, attributeId: null, placement: null, consumption: 1 }] },
      "admin",
    );
    expect(byAdmin.statusCode).toBe(400);
    const otherWithOurs = await put(lib.otherStyle, full(), "admin");
    expect(otherWithOurs.statusCode).toBe(400);
    expect(Object.keys(otherWithOurs.json<TErrorResponse>().fields ?? {})).toContain("options.0.optionId");

    expect((await composition(lib.otherStyle, "factory")).statusCode).toBe(404);
    expect(
      (await put(lib.otherStyle, { priceTiers: [], options: [], fabrics: [], parts: [], instructions: [] })).statusCode,
    ).toBe(404);
    expect((await composition(lib.otherStyle, "admin")).statusCode).toBe(200);
    expect((await composition(999999, "admin")).statusCode).toBe(404);
  });

  test("client users read the composition of styles offered to them, without costs, and cannot change it", async () => {
    const { bluebird } = await demoClientIds(t.db);
    const open = await newStyle("COMP-OPEN");
    expect((await put(open, full())).statusCode).toBe(200);
    const onlyBluebird = await newStyle("COMP-BB", { offeredToAll: false, clientIds: [bluebird] });

    const read = await composition(open, "client");
    expect(read.statusCode, read.body).toBe(200);
    const c = read.json<TStyleComposition>();
    expect(c.labourCentsPerMinute).toBeNull();
    expect(c.fabrics.every((f) => f.costCents === null)).toBe(true);
    expect(c.parts.every((p) => p.costCents === null)).toBe(true);
    expect(c.options).toHaveLength(2);

    expect((await put(open, full(), "client")).statusCode).toBe(403);
    expect(
      (await call("client", "POST", `/api/library/styles/${open}/applyProfile`, { kind: "part", profileId: 1 }))
        .statusCode,
    ).toBe(403);
    expect((await composition(onlyBluebird, "client")).statusCode).toBe(404);
    expect((await composition(onlyBluebird, "client2")).statusCode).toBe(200);
    expect((await composition(open, "designer")).statusCode).toBe(403);
    expect((await call(null, "GET", `/api/library/styles/${open}/composition`)).statusCode).toBe(401);
  });
});

describe("POST /api/library/styles/:id/applyProfile", () => {
  test("attribute, part and instruction profiles merge into the composition", async () => {
    const id = await newStyle("COMP-PROF");
    expect(
      (
        await put(id, {
          priceTiers: [],
          options: [{ optionId: lib.size, attributes: [{ attributeId: lib.m, upchargeCents: 25 }] }],
          fabrics: [],
          parts: [{ partId: lib.label, attributeId: null, quantity: 1 }],
          instructions: [{ instructionId: lib.hem, machineId: null }],
        })
      ).statusCode,
    ).toBe(200);

    // Sizes go under the style's Size option (M keeps its upcharge); White brings the Colour option along.
    const attrProfile = await create("factory", "attributeProfiles", {
      name: "Run and white",
      description: null,
      attributeIds: [lib.s, lib.m, lib.white],
      styleIds: [],
    });
    const res = await call("factory", "POST", `/api/library/styles/${id}/applyProfile`, {
      kind: "attribute",
      profileId: attrProfile,
    });
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json<TStyleComposition>();
    expect(c.options.map((o) => [o.name, o.attributes.map((a) => `${a.name}:${a.upchargeCents}`)])).toEqual([
      ["Size", ["M:25", "S:0"]],
      ["Colour", ["White:0"]],
    ]);
    const links = await t.db
      .select()
      .from(schema.attributeProfileStyles)
      .where(eq(schema.attributeProfileStyles.styleId, id));
    expect(links.map((l) => l.profileId)).toEqual([attrProfile]);
    // Applying it again changes nothing.
    const twice = await call("factory", "POST", `/api/library/styles/${id}/applyProfile`, {
      kind: "attribute",
      profileId: attrProfile,
    });
    expect(twice.json<TStyleComposition>().options).toEqual(c.options);

    const partProfile = await create("factory", "partProfiles", {
      name: "Trims",
      description: null,
      parts: [
        { partId: lib.label, quantity: 3 },
        { partId: lib.zip, quantity: 1 },
      ],
    });
    const parts = await call("factory", "POST", `/api/library/styles/${id}/applyProfile`, {
      kind: "part",
      profileId: partProfile,
    });
    expect(parts.statusCode, parts.body).toBe(200);
    expect(parts.json<TStyleComposition>().parts.map((p) => [p.code, p.quantity])).toEqual([
      ["LABEL", 1],
      ["ZIP", 1],
    ]);

    const stepsProfile = await create("factory", "instructionProfiles", {
      name: "Test tee steps",
      description: null,
      instructionIds: [lib.joinShoulders, lib.hem],
    });
    const steps = await call("factory", "POST", `/api/library/styles/${id}/applyProfile`, {
      kind: "instruction",
      profileId: stepsProfile,
    });
    expect(steps.statusCode, steps.body).toBe(200);
    expect(steps.json<TStyleComposition>().instructions.map((s) => `${s.step}:${s.code}`)).toEqual([
      "1:HEM",
      "2:JOIN",
      "3:HEM",
    ]);

    const unknown = await call("factory", "POST", `/api/library/styles/${id}/applyProfile`, {
      kind: "part",
      profileId: 999999,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<TErrorResponse>().fields?.profileId).toBe("Unknown profile");
    const badKind = await call("factory", "POST", `/api/library/styles/${id}/applyProfile`, {
      kind: "fabric",
      profileId: partProfile,
    });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json<TErrorResponse>().fields?.kind).toBeTruthy();
    // A profile of this facility does not apply to another facility's style.
    const cross = await call("admin", "POST", `/api/library/styles/${lib.otherStyle}/applyProfile`, {
      kind: "part",
      profileId: partProfile,
    });
    expect(cross.statusCode).toBe(400);
  });
});
