import { SESSION_CLIENT_HEADER } from "@hub/contracts";
import { afterAll, beforeAll, expect, test } from "vitest";
import { registeredRoutesOf } from "../src/platform/access";
import { createTestApp, demoClientIds, type TestApp } from "./helpers/test-app";

/**
 * Every record the demo seed writes reads back through the API: each list of the registry whose
 * records have a detail route (`<list>/:id`) is read page by page, and every record it lists is
 * opened. A seeded record that does not match its response schema (the demo cut plan's summary once
 * lacked its totals) is a 500 here, as it would be for the person opening it.
 */
let t: TestApp;
const callers: { who: string; token: string; headers: Record<string, string> }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const { northwind } = await demoClientIds(t.db);
  for (const who of ["admin", "factory", "client", "client2", "designer"]) {
    const token = await t.signIn(who).catch(() => null);
    if (!token) continue;
    callers.push({ who, token, headers: {} });
    if (who === "admin")
      callers.push({ who: "admin as Northwind", token, headers: { [SESSION_CLIENT_HEADER]: String(northwind) } });
  }
});
afterAll(() => t?.close());

/** At most this many records of one list are opened, spread over all its pages. */
const PER_LIST = 400;
const PAGE = 500;

test("every seeded record a list shows opens through its detail route, for every demo user who sees it", async () => {
  const gets = registeredRoutesOf(t.app).filter((r) => r.method === "GET" && r.access);
  const details = new Map<string, string>();
  for (const r of gets) {
    const m = /^(.*)\/:([A-Za-z]*[iI]d)$/.exec(r.url);
    if (m?.[1] && !m[1].includes(":")) details.set(m[1], r.url);
  }
  const problems: string[] = [];
  const opened = new Map<string, number>();
  /** Every item every list answered, to find the records of detail routes that have no list (cut plans). */
  const seen: Record<string, unknown>[] = [];
  const open = async (list: string, detail: string, id: number, caller: (typeof callers)[number]) => {
    const url = detail.replace(/:[A-Za-z]*[iI]d$/, String(id));
    const res = await t.request({ method: "GET", url, token: caller.token, headers: caller.headers });
    if (res.statusCode !== 200 && res.statusCode !== 404 && res.statusCode !== 403)
      problems.push(`${url} as ${caller.who} (from ${list}): ${res.statusCode} ${res.body.slice(0, 300)}`);
    if (res.statusCode === 200) opened.set(list, (opened.get(list) ?? 0) + 1);
    return res.statusCode;
  };
  for (const [list, detail] of details) {
    if (!gets.some((r) => r.url === list)) continue;
    for (const caller of callers) {
      const first = await t.request({
        method: "GET",
        url: `${list}?page=0&size=${PAGE}`,
        token: caller.token,
        headers: caller.headers,
      });
      if (first.statusCode >= 500)
        problems.push(`${list} as ${caller.who}: ${first.statusCode} ${first.body.slice(0, 300)}`);
      if (first.statusCode !== 200) continue;
      const body = first.json<{ items?: { id?: unknown }[]; total?: number }>();
      if (!Array.isArray(body.items)) continue;
      seen.push(...(body.items as Record<string, unknown>[]));
      const ids: number[] = body.items.map((i) => i.id).filter((id): id is number => typeof id === "number");
      const total = typeof body.total === "number" ? body.total : ids.length;
      for (let page = 1; page * PAGE < Math.min(total, 5_000); page++) {
        const next = await t.request({
          method: "GET",
          url: `${list}?page=${page}&size=${PAGE}`,
          token: caller.token,
          headers: caller.headers,
        });
        if (next.statusCode !== 200) {
          problems.push(`${list} page ${page} as ${caller.who}: ${next.statusCode}`);
          break;
        }
        for (const i of next.json<{ items: { id?: unknown }[] }>().items) {
          if (typeof i.id === "number") ids.push(i.id);
          seen.push(i as Record<string, unknown>);
        }
      }
      const step = Math.max(1, Math.ceil(ids.length / PER_LIST));
      for (let k = 0; k < ids.length; k += step) {
        // A record its own list shows must open for the same caller.
        const status = await open(list, detail, ids[k] as number, caller);
        if (status !== 200) problems.push(`${detail} ${ids[k]} is listed by ${list} for ${caller.who}: ${status}`);
      }
    }
  }
  // Detail routes with no list of their own: their ids are fields of other lists' items
  // (a cut ticket's planId opens /floor/cutPlans/:id).
  for (const [list, detail] of details) {
    if (gets.some((r) => r.url === list)) continue;
    const segment = list.split("/").pop() ?? "";
    const singular = segment.replace(/s$/, "");
    const tail = singular.replace(/^[a-z]+(?=[A-Z])/, "");
    const fields = [`${singular}Id`, `${tail.charAt(0).toLowerCase()}${tail.slice(1)}Id`];
    const ids = [
      ...new Set(seen.flatMap((i) => fields.map((f) => i[f]).filter((v): v is number => typeof v === "number"))),
    ];
    for (const id of ids.slice(0, PER_LIST))
      for (const caller of callers) if ((await open(list, detail, id, caller)) === 200) break;
  }
  console.info(`seed read-back: ${JSON.stringify(Object.fromEntries(opened))}`);
  expect(problems).toEqual([]);
  expect(opened.get("/api/floor/cutPlans") ?? 0).toBeGreaterThan(0);
  expect(opened.get("/api/orders") ?? 0).toBeGreaterThan(100);
  expect(opened.size).toBeGreaterThan(15);
}, 600_000);
