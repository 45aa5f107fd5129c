import type { TErrorResponse, TLookupItem, TPage } from "@hub/contracts";
import { schema } from "@hub/db";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type DemoUser, signInDemoUsers, type TestApp } from "./helpers/test-app";

/**
 * The library's list/detail pattern, resource by resource (issue 4): list with search, sort and
 * paging; create; read; update; validation errors; unique codes; delete; CSV export; lookup; and
 * who may do what.
 */

let t: TestApp;
let tokens: Record<DemoUser, string>;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInDemoUsers(t);
});
afterAll(async () => {
  await t?.close();
});

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (who: DemoUser | null, method: Method, url: string, payload?: unknown) =>
  t.request({
    method,
    url,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    ...(who ? { token: tokens[who] } : {}),
  });
type Row = Record<string, unknown> & { id: number };

let seq = 0;
const uid = () => `${Date.now().toString(36).slice(-4)}${(seq++).toString(36)}`.toUpperCase();

/** One resource: its key, a valid body (made unique by `u`), the field holding the code, a bad body and the card's reader types. */
type Case = {
  key: string;
  body: (u: string) => Record<string, unknown>;
  codeField: string;
  sortField: string;
  bad: Record<string, unknown>;
  badField: string;
  readers: DemoUser[];
};

const CASES: Case[] = [
  {
    key: "machines",
    body: (u) => ({ code: `M-${u}`, name: `Overlock ${u}`, machineType: "Overlock", make: "Juki MO-6800" }),
    codeField: "code",
    sortField: "name",
    bad: { code: "bad code!", name: "", machineType: "Laser" },
    badField: "code",
    readers: ["admin", "factory"],
  },
  {
    key: "options",
    body: (u) => ({ code: `O-${u}`, name: `Option ${u}`, sortOrder: 5, attributeIds: [] }),
    codeField: "code",
    sortField: "name",
    bad: { code: "", name: "x", sortOrder: -1, attributeIds: [] },
    badField: "code",
    readers: ["admin", "factory"],
  },
  {
    key: "attributes",
    body: (u) => ({ code: `A-${u}`, name: `Attr ${u}`, hexColor: "#112233", sortOrder: 1, optionIds: [] }),
    codeField: "code",
    sortField: "name",
    bad: { code: "A1", name: "x", hexColor: "red", sortOrder: 1, optionIds: [] },
    badField: "hexColor",
    readers: ["admin", "factory"],
  },
  {
    key: "fabrics",
    body: (u) => ({
      fabricCode: `F-${u}`,
      fabricName: `Jersey ${u}`,
      fabricType: "Jersey",
      supplier: "Acme Mills",
      color: "Black",
      costCents: 525,
      unit: "yd",
      widthInches: 60,
      weightGsm: 180,
    }),
    codeField: "fabricCode",
    sortField: "fabricName",
    bad: {
      fabricCode: "F1",
      fabricName: "x",
      fabricType: null,
      supplier: null,
      color: null,
      costCents: -5,
      unit: "yd",
      widthInches: null,
      weightGsm: null,
    },
    badField: "costCents",
    readers: ["admin", "factory"],
  },
  {
    key: "parts",
    body: (u) => ({
      partCode: `P-${u}`,
      name: `Zip ${u}`,
      category: "Zips",
      supplier: "YKK",
      costCents: 80,
      unit: "each",
    }),
    codeField: "partCode",
    sortField: "name",
    bad: { partCode: "P1", name: "x", category: null, supplier: null, costCents: 1, unit: "barrel" },
    badField: "unit",
    readers: ["admin", "factory"],
  },
  {
    key: "threads",
    body: (u) => ({
      code: `T-${u}`,
      name: `Thread ${u}`,
      colorCode: "PMS 19-4052",
      hexColor: null,
      brand: "Coats",
      ticket: "120",
    }),
    codeField: "code",
    sortField: "name",
    bad: { code: "T1", name: "x", colorCode: "", hexColor: null, brand: null, ticket: null },
    badField: "colorCode",
    readers: ["admin", "factory"],
  },
  {
    key: "bmcThreads",
    body: (u) => ({
      code: `B-${u}`,
      name: `BMC ${u}`,
      colorCode: "BLK",
      hexColor: "#000000",
      brand: null,
      ticket: null,
    }),
    codeField: "code",
    sortField: "name",
    bad: { code: "B1", name: "", colorCode: "x", hexColor: null, brand: null, ticket: null },
    badField: "name",
    readers: ["admin", "factory"],
  },
  {
    key: "instructions",
    body: (u) => ({
      code: `I-${u}`,
      name: `Join shoulders ${u}`,
      description: "Overlock with tape",
      machineId: null,
      standardMinutes: 0.45,
    }),
    codeField: "code",
    sortField: "name",
    bad: { code: "I1", name: "x", description: null, machineId: null, standardMinutes: 900 },
    badField: "standardMinutes",
    readers: ["admin", "factory"],
  },
  {
    key: "attributeProfiles",
    body: (u) => ({ name: `Profile ${u}`, description: null, attributeIds: [], styleIds: [] }),
    codeField: "name",
    sortField: "name",
    bad: { name: "", description: null, attributeIds: [], styleIds: [] },
    badField: "name",
    readers: ["admin", "factory"],
  },
  {
    key: "partProfiles",
    body: (u) => ({ name: `Trims ${u}`, description: "Hoodie trims", parts: [] }),
    codeField: "name",
    sortField: "name",
    bad: { name: "x", description: null, parts: [{ partId: 1, quantity: 0 }] },
    badField: "parts.0.quantity",
    readers: ["admin", "factory"],
  },
  {
    key: "instructionProfiles",
    body: (u) => ({ name: `Steps ${u}`, description: null, instructionIds: [] }),
    codeField: "name",
    sortField: "name",
    bad: { name: "", description: null, instructionIds: [] },
    badField: "name",
    readers: ["admin", "factory"],
  },
  {
    key: "styles",
    body: (u) => ({
      code: `S-${u}`,
      name: `Tee ${u}`,
      category: "Tees",
      description: null,
      basePriceCents: 1500,
      offeredToAll: true,
      clientIds: [],
      imageUrl: null,
    }),
    codeField: "code",
    sortField: "name",
    bad: {
      code: "S1",
      name: "x",
      category: "",
      description: null,
      basePriceCents: 1,
      offeredToAll: true,
      clientIds: [],
      imageUrl: null,
    },
    badField: "category",
    readers: ["admin", "factory", "client", "client2"],
  },
];

const audit = (subject: string) =>
  t.db.select().from(schema.auditLog).where(eq(schema.auditLog.subject, subject)).orderBy(desc(schema.auditLog.id));

describe.each(CASES)("library resource $key", (c) => {
  const base = `/api/library/${c.key}`;

  test("create, read, update, search, sort, page, export, lookup and delete; each write audited", async () => {
    const u = uid();
    const created = await call("factory", "POST", base, c.body(u));
    expect(created.statusCode, created.body).toBe(201);
    const row = created.json<Row>();
    expect(row[c.codeField]).toBe(c.body(u)[c.codeField]);
    expect(row.archived).toBe(false);

    const read = await call("admin", "GET", `${base}/${row.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json<Row>().id).toBe(row.id);

    const second = await call("admin", "POST", base, c.body(`Q${u}`));
    expect(second.statusCode, second.body).toBe(201);

    // search finds the first and not the second; the page says how many there are
    const code = String(c.body(u)[c.codeField]);
    const found = await call(
      "factory",
      "GET",
      `${base}?searchString=${encodeURIComponent(code.toLowerCase())}&archived=all`,
    );
    expect(found.statusCode, found.body).toBe(200);
    const page = found.json<TPage<Row>>();
    expect(page.items.map((r) => r.id)).toContain(row.id);
    expect(page.items.map((r) => r.id)).not.toContain(second.json<Row>().id);

    // sort both ways, page size 1
    const asc = (await call("admin", "GET", `${base}?sort=${c.sortField},asc&size=1`)).json<TPage<Row>>();
    const desc = (await call("admin", "GET", `${base}?sort=${c.sortField},desc&size=1`)).json<TPage<Row>>();
    expect(asc.size).toBe(1);
    expect(asc.items).toHaveLength(1);
    expect(asc.total).toBeGreaterThanOrEqual(2);
    expect(asc.items[0]?.id).not.toBe(desc.items[0]?.id);
    const bad = await call("admin", "GET", `${base}?sort=nope,asc`);
    expect(bad.statusCode).toBe(400);

    // update changes the row
    const changed = { ...c.body(u), [c.codeField]: `${code}X` };
    const updated = await call("factory", "PUT", `${base}/${row.id}`, changed);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<Row>()[c.codeField]).toBe(`${code}X`);

    // CSV export of the current filter
    const csv = await call("admin", "GET", `${base}/export.csv?searchString=${encodeURIComponent(`${code}X`)}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    const lines = csv.body.trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${code}X`);

    // lookup by text and by ids
    const look = (await call("factory", "GET", `${base}/lookup?searchString=${encodeURIComponent(`${code}X`)}`)).json<
      TLookupItem[]
    >();
    expect(look.map((l) => l.id)).toEqual([row.id]);
    const byIds = (await call("factory", "GET", `${base}/lookup?ids=${row.id},${second.json<Row>().id}`)).json<
      TLookupItem[]
    >();
    expect(byIds).toHaveLength(2);

    // delete; then it is gone
    const del = await call("factory", "DELETE", `${base}/${row.id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect((await call("admin", "GET", `${base}/${row.id}`)).statusCode).toBe(404);
    const actions = (await audit(`${c.key}:${row.id}`)).map((a) => a.action);
    expect(actions).toEqual([`library.${c.key}.delete`, `library.${c.key}.update`, `library.${c.key}.create`]);
  });

  test("bad input answers 400 with the field's message and writes nothing; a used code answers 409", async () => {
    const before = (await call("admin", "GET", base)).json<TPage<Row>>().total;
    const res = await call("admin", "POST", base, c.bad);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<TErrorResponse>();
    expect(body.fields?.[c.badField], JSON.stringify(body)).toBeTruthy();
    expect((await call("admin", "GET", base)).json<TPage<Row>>().total).toBe(before);

    const u = uid();
    expect((await call("admin", "POST", base, c.body(u))).statusCode).toBe(201);
    const dup = await call("factory", "POST", base, {
      ...c.body(u),
      [c.codeField]: String(c.body(u)[c.codeField]).toLowerCase(),
    });
    expect(dup.statusCode, dup.body).toBe(409);
    expect(dup.json<TErrorResponse>().fields?.[c.codeField]).toMatch(/already used/);
  });

  test("who may read and write", async () => {
    for (const who of ["admin", "factory", "client", "client2", "designer"] as const) {
      const list = await call(who, "GET", base);
      expect(list.statusCode, `${who} list`).toBe(c.readers.includes(who) ? 200 : 403);
    }
    expect((await call(null, "GET", base)).statusCode).toBe(401);
    for (const who of ["client", "designer"] as const) {
      const res = await call(who, "POST", base, c.body(uid()));
      expect(res.statusCode, `${who} create`).toBe(403);
    }
  });
});
