import { randomUUID } from "node:crypto";
import { MAX_SERIAL, NUL_FREE, NUL_MESSAGE, SESSION_CLIENT_HEADER, ZErrorResponseSchema } from "@hub/contracts";
import { sql } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, expect, test } from "vitest";
import { z } from "zod";
import { registeredRoutesOf } from "../src/platform/access";
import { TOO_DEEP_MESSAGE } from "../src/platform/input-guard";
import { createTestApp, demoClientIds, type TestApp } from "./helpers/test-app";

/**
 * Bad input never gives a 500. Every route of the registry (so routes added later are covered by
 * themselves) gets payloads made from its own schemas, as the OpenAPI document states them (the
 * contracts' zod schemas, converted): wrong types, missing fields, NUL in every string, huge strings
 * and numbers, ids out of range, arrays for objects, a null body. Each answer must be below 500, every
 * 4xx in the one error shape, and the 4xx answers of a route must leave the database as it was.
 */

/** A JSON schema as the OpenAPI document holds it (only what the generator reads). */
type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  minItems?: number;
  default?: unknown;
  additionalProperties?: Schema | boolean;
};
type Parameter = { in: string; name: string; required?: boolean; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type OpenApi = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Case = { what: string; url: string; payload?: Json; raw?: { body: string; type: string } };

/**
 * Tables a failed request may legitimately write to: a wrong password is a 4xx that must be counted
 * (the sign-in limits of identity_login_failures). Everything else must stay as it was.
 */
const RECORDS_FAILED_ATTEMPTS = new Set(["identity_login_failures"]);

const NUL = "bad\u0000input";
/** 20,000 levels (40 KB, well inside the body limit): once enough to overflow a recursive walk. */
const DEEP_ARRAY = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}`;
/** Long text that does not compress, so it reaches a column (and its indexes) at its full size. */
const HUGE_STRING = Array.from({ length: 2_000 }, (_, i) => ((i * 2_654_435_761) % 2 ** 32).toString(36)).join("");
const HUGE_NUMBERS = [1e308, 2 ** 53, -1, MAX_SERIAL + 1];
const BAD_IDS = [String(MAX_SERIAL + 1), "-1", "1e308", "abc", "%00"];
/** A path id that is well formed and belongs to no row: the body, not the id, decides the answer. */
const ABSENT_ID = String(MAX_SERIAL);

let t: TestApp;
let doc: OpenApi;
const tokens: Record<"admin" | "client" | "factory", string> = { admin: "", client: "", factory: "" };
let northwind = 0;

beforeAll(async () => {
  // No job runs in this process: a report a 2xx queued would otherwise be written by its worker while a
  // later route's refused cases are checked, and be taken for a write by a 4xx.
  t = await createTestApp({ config: { jobWorkers: false } });
  for (const name of ["admin", "client", "factory"] as const) tokens[name] = await t.signIn(name);
  northwind = (await demoClientIds(t.db)).northwind;
  doc = (await t.request({ method: "GET", url: "/api/docs/json" })).json<OpenApi>();
  await logWrites();
});
afterAll(async () => {
  await t?.close();
});

const resolve = (s: Schema | undefined): Schema => {
  if (!s) return {};
  if (s.$ref) return resolve(doc.components?.schemas?.[s.$ref.split("/").at(-1) ?? ""]);
  return s;
};
const typesOf = (s: Schema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);
/** The non-null alternative of a nullable or union schema. */
const main = (raw: Schema | undefined): Schema => {
  const s = resolve(raw);
  const options = s.anyOf ?? s.oneOf;
  if (options) return main(options.find((o) => !typesOf(resolve(o)).includes("null")) ?? options[0]);
  if (s.allOf) return Object.assign({}, s, ...s.allOf.map(resolve));
  return s;
};
const patternsOf = (s: Schema): RegExp[] =>
  [s, ...(s.allOf ?? []).map(resolve)].flatMap((p) => (p.pattern ? [new RegExp(p.pattern, "u")] : []));

const STRING_CANDIDATES = ["abc123", "Abc-1", "abc", "name,asc", "123456", "1", "1,2", "#1A2B3C", "bad-input"];

/** A value the schema accepts, as far as its JSON Schema tells: the base every bad case changes one part of. */
const valid = (raw: Schema | undefined): Json => {
  const s = main(raw);
  if (s.const !== undefined) return s.const as Json;
  if (s.enum) return s.enum[0] as Json;
  if (s.default !== undefined) return s.default as Json;
  const type = typesOf(s).find((x) => x !== "null");
  switch (type) {
    case "string": {
      if (s.format === "email") return "bad.input@example.com";
      if (s.format === "date-time") return new Date().toISOString();
      if (s.format === "uri" || s.format === "url") return "https://example.com/";
      if (s.format === "ipv4") return "127.0.0.1";
      if (s.format === "uuid") return randomUUID();
      const fits = (v: string) =>
        v.length >= (s.minLength ?? 0) &&
        v.length <= (s.maxLength ?? Number.POSITIVE_INFINITY) &&
        patternsOf(s).every((p) => p.test(v));
      return [...STRING_CANDIDATES, randomUUID()].find(fits) ?? "abc";
    }
    case "integer":
    case "number": {
      const min = typeof s.exclusiveMinimum === "number" ? s.exclusiveMinimum + 1 : (s.minimum ?? 1);
      return Math.min(Math.max(min, 1), s.maximum ?? Number.POSITIVE_INFINITY);
    }
    case "boolean":
      return true;
    case "array":
      return Array.from({ length: Math.max(s.minItems ?? 0, 1) }, () => valid(s.items));
    case "object":
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, valid(v)]));
    default:
      return "abc";
  }
};

type Leaf = { path: (string | number)[]; schema: Schema; required: boolean };
/** Every field of a body schema (nested objects and the first item of arrays), with its path. */
const leaves = (raw: Schema | undefined, path: (string | number)[] = [], required = true): Leaf[] => {
  const s = main(raw);
  const here: Leaf = { path, schema: s, required };
  const type = typesOf(s).find((x) => x !== "null");
  if (type === "object" && s.properties) {
    const req = new Set(s.required ?? []);
    return [
      ...(path.length ? [here] : []),
      ...Object.entries(s.properties).flatMap(([k, v]) => leaves(v, [...path, k], req.has(k))),
    ];
  }
  if (type === "array" && s.items) return [here, ...leaves(s.items, [...path, 0], true)];
  return [here];
};

const clone = (v: Json): Json => structuredClone(v);
/** The base with the value at `path` replaced (or removed when `value` is undefined). */
const withValue = (base: Json, path: (string | number)[], value: Json | undefined): Json => {
  const copy = clone(base);
  let at: Json = copy;
  for (const key of path.slice(0, -1)) at = (at as Record<string, Json>)[key] as Json;
  const last = path.at(-1);
  if (last === undefined || at === null || typeof at !== "object") return copy;
  if (value === undefined) delete (at as Record<string, Json>)[last];
  else (at as Record<string, Json>)[last] = value;
  return copy;
};

/** The wrong values a field of this schema gets. */
const badValues = (leaf: Leaf): { what: string; value: Json | undefined }[] => {
  const type = typesOf(leaf.schema).find((x) => x !== "null");
  const out: { what: string; value: Json | undefined }[] = [];
  if (leaf.required) out.push({ what: "missing", value: undefined });
  if (type === "string") {
    out.push({ what: "NUL", value: NUL }, { what: "huge string", value: HUGE_STRING }, { what: "number", value: 12 });
  } else if (type === "integer" || type === "number") {
    for (const n of HUGE_NUMBERS) out.push({ what: `number ${n}`, value: n });
    out.push({ what: "string", value: "12" });
  } else if (type === "boolean") {
    out.push({ what: "string", value: "true" }, { what: "null", value: null });
  } else if (type === "array") {
    out.push({ what: "object", value: {} }, { what: "NUL item", value: [NUL] });
  } else if (type === "object") {
    out.push({ what: "array", value: [] }, { what: "NUL key", value: { [NUL]: NUL } });
  }
  return out;
};

const urlOf = (path: string, params: Record<string, string>, query: Record<string, string>): string => {
  const encode = (v: string) => (v === "%00" ? v : encodeURIComponent(v));
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => encode(params[name] ?? ABSENT_ID));
  const qs = Object.entries(query)
    .map(([k, v]) => `${k}=${encode(v)}`)
    .join("&");
  return qs ? `${filled}?${qs}` : filled;
};

/** Every bad case of one operation. */
const casesOf = (path: string, method: string, op: Operation | undefined): Case[] => {
  const parameters = op?.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === "path");
  const queryParams = parameters.filter((p) => p.in === "query");
  const params = Object.fromEntries(
    pathParams.map((p) => {
      const type = typesOf(main(p.schema)).find((x) => x !== "null");
      return [p.name, type === "integer" || type === "number" ? ABSENT_ID : String(valid(p.schema))];
    }),
  );
  const query = Object.fromEntries(queryParams.filter((p) => p.required).map((p) => [p.name, String(valid(p.schema))]));
  const url = urlOf(path, params, query);
  const cases: Case[] = [];
  for (const p of pathParams) {
    for (const bad of BAD_IDS) {
      cases.push({
        what: `path ${p.name}=${JSON.stringify(bad)}`,
        url: urlOf(path, { ...params, [p.name]: bad }, query),
      });
    }
  }
  for (const p of queryParams) {
    const type = typesOf(main(p.schema)).find((x) => x !== "null");
    const bads = type === "integer" || type === "number" ? BAD_IDS : [NUL, HUGE_STRING];
    for (const bad of bads) {
      cases.push({
        what: `query ${p.name}=${JSON.stringify(bad.slice(0, 20))}`,
        url: urlOf(path, params, { ...query, [p.name]: bad }),
      });
    }
    if (p.required) {
      const { [p.name]: _left, ...rest } = query;
      cases.push({ what: `query ${p.name} missing`, url: urlOf(path, params, rest) });
    }
  }
  if (method === "get" || method === "head") return cases;
  const json = op?.requestBody?.content?.["application/json"]?.schema;
  const base = json ? valid(json) : undefined;
  // The base first: it may well be accepted, and an accepted case before any refused one spoils nothing.
  if (base !== undefined) cases.unshift({ what: "base payload", url, payload: base });
  cases.push(
    { what: "null body", url, payload: null },
    { what: "array body", url, payload: [] },
    { what: "string body", url, payload: NUL },
    { what: "empty object", url, payload: {} },
    { what: "broken JSON", url, raw: { body: '{"a":', type: "application/json" } },
    { what: "deeply nested JSON array", url, raw: { body: DEEP_ARRAY, type: "application/json" } },
    { what: "deeply nested JSON object", url, raw: { body: DEEP_OBJECT, type: "application/json" } },
    { what: "NUL in text/csv", url, raw: { body: `code,name\r\nA${NUL},B\r\n`, type: "text/csv" } },
  );
  if (json && base !== undefined) {
    for (const leaf of leaves(json)) {
      for (const bad of badValues(leaf)) {
        cases.push({
          what: `${leaf.path.join(".")}: ${bad.what}`,
          url,
          payload: withValue(base, leaf.path, bad.value),
        });
      }
    }
  } else {
    cases.push({ what: "unexpected fields", url, payload: { id: MAX_SERIAL + 1, name: NUL } });
  }
  return cases;
};

/**
 * Every row any statement writes, logged by a trigger on every table of this test's own database:
 * a write is a new log row, whatever it wrote and however large the table, and a check is one
 * indexed read. A 4xx whose transaction rolled back leaves no log row.
 */
const ZNames = z.object({ rows: z.array(z.object({ name: z.string() })) });
const logWrites = async (): Promise<void> => {
  await t.db.execute(sql`create table hub_test_writes (id bigserial primary key, table_name text not null)`);
  await t.db.execute(sql`create function hub_test_note_write() returns trigger language plpgsql as $$
    begin insert into hub_test_writes (table_name) values (tg_table_name); return null; end $$`);
  const { rows } = ZNames.parse(
    await t.db.execute(sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition and c.relname <> 'hub_test_writes'`),
  );
  expect(rows.length).toBeGreaterThan(100);
  // One statement a trigger: PGlite runs each through the extended protocol, one command at a time.
  for (const { name } of rows) {
    await t.db.execute(
      sql.raw(`create trigger hub_test_write after insert or update or delete on "${name}"
        for each row execute function hub_test_note_write()`),
    );
    await t.db.execute(
      sql.raw(`create trigger hub_test_truncate after truncate on "${name}"
        for each statement execute function hub_test_note_write()`),
    );
  }
  // The log sees a write, even one that changes no value.
  const mark = await writeMark();
  await t.db.execute(sql`update clients set client_name = client_name where client_id = ${northwind}`);
  expect(await changedTables(mark)).toEqual(["clients"]);
};
/** Where the write log stands now: `changedTables(mark)` names the tables written after it. */
const ZMark = z.object({ rows: z.array(z.object({ at: z.coerce.number() })) });
const writeMark = async (): Promise<number> =>
  ZMark.parse(await t.db.execute(sql`select coalesce(max(id), 0) as at from hub_test_writes`)).rows[0]?.at ?? 0;
/** The tables written after `mark`, less those a refused request must write (a failed sign-in's count). */
const changedTables = async (mark: number): Promise<string[]> =>
  ZNames.parse(
    await t.db.execute(sql`select distinct table_name as name from hub_test_writes where id > ${mark} order by 1`),
  )
    .rows.map((r) => r.name)
    .filter((name) => !RECORDS_FAILED_ATTEMPTS.has(name));

const send = (method: string, c: Case, token: string): Promise<LightMyRequestResponse> => {
  const options: InjectOptions = {
    method: method.toUpperCase() as InjectOptions["method"],
    url: c.url,
    headers: { authorization: `Bearer ${token}`, [SESSION_CLIENT_HEADER]: String(northwind) },
  };
  if (c.raw) {
    options.body = c.raw.body;
    options.headers = { ...options.headers, "content-type": c.raw.type };
  } else if (c.payload !== undefined) {
    options.body = JSON.stringify(c.payload);
    options.headers = { ...options.headers, "content-type": "application/json" };
  }
  return t.app.inject(options);
};

const WRITES = new Set(["post", "put", "patch", "delete"]);
type Who = keyof typeof tokens;
type Run = Case & { who: Who };
/** The cases a client user also gets: NUL anywhere, and ids one past the largest. */
const CLIENT_CASE = new RegExp(`NUL|u0000|%00|${MAX_SERIAL + 1}`);

/**
 * On the PostgreSQL server (CI) a deterministic third of the cases: `npm test` on a developer's machine
 * walks them all on PGlite, the handlers are the same, and the walk is the longest test there is.
 */
const SAMPLE_EVERY = process.env.DATABASE_URL ? 3 : 1;

test("no route answers bad input with a 500, every 4xx has the one error shape, and a 4xx writes nothing", async () => {
  const problems: string[] = [];
  const stats = { routes: 0, cases: 0, reachedHandler: 0, reruns: 0, sendMs: 0, markMs: 0 };
  const timed = async <T>(what: "sendMs" | "markMs", run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await run();
    } finally {
      stats[what] += performance.now() - started;
    }
  };
  // Every route of the registry, the way the access test walks it; the OpenAPI document gives its schemas.
  const routes = registeredRoutesOf(t.app).filter(
    (r) => r.access && !r.url.startsWith("/api/docs") && r.url !== "/*" && r.method !== "HEAD",
  );
  const seen = new Set<string>();
  for (const route of routes) {
    const method = route.method.toLowerCase();
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
    const key = `${method} ${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const op = doc.paths[path]?.[method];
    const hasQuery = (op?.parameters ?? []).some((p) => p.in === "query" || p.in === "path");
    if (!WRITES.has(method) && !hasQuery) continue;
    const cases = casesOf(path, method, op).filter((_, i) => i % SAMPLE_EVERY === 0);
    stats.routes++;

    // Every case as the first principal the route lets in (an internal admin, else a client user, else
    // a facility user); when that is the admin and a client user is let in too, the NUL and id cases
    // as the client user as well.
    const admitted: Who[] = [];
    for (const name of ["admin", "client", "factory"] as const) {
      const probe = await send(method, cases[0] ?? { what: "probe", url: path }, tokens[name]);
      if (probe.statusCode !== 403 && probe.statusCode !== 401) admitted.push(name);
    }
    const first = admitted[0] ?? "admin";
    const runs: Run[] = cases.map((c) => ({ ...c, who: first }));
    if (first === "admin" && admitted.includes("client")) {
      for (const c of cases) if (CLIENT_CASE.test(c.what)) runs.push({ ...c, who: "client" });
    }

    const check = (c: Run, res: LightMyRequestResponse): void => {
      stats.cases++;
      const label = `${route.method} ${route.url} as ${c.who} [${c.what}]`;
      if (res.statusCode >= 500) {
        problems.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        return;
      }
      if (res.statusCode >= 400) {
        const parsed = ZErrorResponseSchema.safeParse(res.json());
        if (!parsed.success)
          problems.push(`${label}: ${res.statusCode} not in the error shape: ${res.body.slice(0, 200)}`);
        if (parsed.success && parsed.data.error !== "VALIDATION") stats.reachedHandler++;
      }
    };

    // A read only has to answer well.
    if (!WRITES.has(method)) {
      for (const c of runs) check(c, await timed("sendMs", () => send(method, c, tokens[c.who])));
      continue;
    }
    // A write: run the batch between marks of the write log; if some case was accepted (2xx) after a
    // refused one, run the refused ones again between fresh marks, so what a 2xx wrote is not taken for a
    // write by a 4xx.
    let batch = runs;
    for (let round = 0; round < 3 && batch.length > 0; round++) {
      let before = await timed("markMs", writeMark);
      const refused: Run[] = [];
      let spoiled = false;
      for (const c of batch) {
        const res = await timed("sendMs", () => send(method, c, tokens[c.who]));
        if (round === 0) check(c, res);
        if (res.statusCode >= 400) refused.push(c);
        else if (refused.length === 0) before = await timed("markMs", writeMark);
        else spoiled = true;
      }
      if (!spoiled) {
        const changed = await timed("markMs", () => changedTables(before));
        if (changed.length) problems.push(`${route.method} ${route.url}: 4xx answers changed ${changed.join(", ")}`);
        break;
      }
      batch = refused;
      stats.reruns++;
    }
  }
  // The walk really covered the API (not an empty list that would pass vacuously).
  expect(stats.routes).toBeGreaterThan(60);
  expect(stats.cases).toBeGreaterThan(2_000);
  console.info(`bad input: ${JSON.stringify(stats)}`);
  expect(problems).toEqual([]);
  // Product development's 115 routes (issue 12: ten library kinds with large bodies) add about 4,600
  // cases, roughly four minutes on a loaded two-core machine.
}, 900_000);

test("every string a request contract takes refuses a NUL character", () => {
  // The contracts carry the rule themselves (the input guard is only a safety net): each string
  // field of every request schema, as documented, has the NUL-free pattern or is an enum.
  const missing: string[] = [];
  const walk = (raw: Schema | undefined, where: string, depth = 0): void => {
    if (depth > 12) return;
    const s = resolve(raw);
    // A string's allOf holds its further patterns (read together by patternsOf), not alternatives.
    const parts = [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(typesOf(s).includes("string") ? [] : (s.allOf ?? []))];
    for (const part of parts) walk(part, where, depth + 1);
    if (typesOf(s).includes("string") && !s.enum && s.const === undefined && !s.format) {
      if (!patternsOf(s).some((p) => p.source === NUL_FREE.source || !p.test(NUL))) missing.push(where);
    }
    for (const [k, v] of Object.entries(s.properties ?? {})) walk(v, `${where}.${k}`, depth + 1);
    if (s.items) walk(s.items, `${where}[]`, depth + 1);
    if (typeof s.additionalProperties === "object") walk(s.additionalProperties, `${where}{}`, depth + 1);
  };
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      for (const p of op.parameters ?? []) walk(p.schema, `${method.toUpperCase()} ${path} ${p.in} ${p.name}`);
      walk(op.requestBody?.content?.["application/json"]?.schema, `${method.toUpperCase()} ${path} body`);
    }
  }
  expect(missing).toEqual([]);
});

test("a CSV upload holding a NUL character is a 400 that names the line, and keeps nothing", async () => {
  const before = await writeMark();
  const res = await send(
    "post",
    {
      what: "csv",
      url: "/api/library/import/validate?resource=machines",
      raw: {
        body: "code,name,machineType\r\nOL-1,Overlock,Overlock\r\nOL-2,Over\u0000lock,Overlock\r\n",
        type: "text/csv",
      },
    },
    tokens.admin,
  );
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({
    error: "BAD_REQUEST",
    message: `Line 3: ${NUL_MESSAGE}`,
    fields: { file: NUL_MESSAGE },
  });
  expect(await changedTables(before)).toEqual([]);
});

test("deeply nested JSON is a 400 on every public route, anonymously, and on a signed-in one", async () => {
  const publicWrites = registeredRoutesOf(t.app).filter(
    (r) => r.access && "public" in r.access && WRITES.has(r.method.toLowerCase()) && !r.url.includes(":"),
  );
  expect(publicWrites.length).toBeGreaterThan(3);
  for (const route of publicWrites) {
    for (const body of [DEEP_ARRAY, DEEP_OBJECT]) {
      const res = await t.app.inject({
        method: route.method as InjectOptions["method"],
        url: route.url,
        headers: { "content-type": "application/json" },
        body,
      });
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ error: "VALIDATION", message: TOO_DEEP_MESSAGE });
    }
  }
  const signedIn = await send(
    "post",
    { what: "deep", url: "/api/library/machines", raw: { body: DEEP_OBJECT, type: "application/json" } },
    tokens.factory,
  );
  expect(signedIn.statusCode, signedIn.body).toBe(400);
  // A body as deep as the limit allows is still read (and refused by its schema, not the guard).
  const shallow = await send(
    "post",
    { what: "shallow", url: "/api/library/machines", payload: { code: [[[[["x"]]]]] } },
    tokens.admin,
  );
  expect(shallow.statusCode).toBe(400);
  expect(shallow.json<{ message: string }>().message).not.toBe(TOO_DEEP_MESSAGE);
});
