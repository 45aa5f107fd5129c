import {
  FINANCE_CSV_HEADER,
  SESSION_CLIENT_HEADER,
  type TFinanceClient,
  type TFinanceSummary,
  type TPage,
} from "@hub/contracts";
import { schema } from "@hub/db";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  createTestApp,
  DEMO_USERS,
  type DemoUser,
  demoClientIds,
  hubUser,
  signInDemoUsers,
  type TestApp,
} from "./helpers/test-app";

/**
 * Financials (/api/financials/…, issue 18): the totals are the billing ledger's sums and the orders'
 * unpaid totals, by month and by client; the access matrix; another client's money never shows.
 */

let t: TestApp;
let tokens: Record<DemoUser, string>;
let ids: { northwind: number; bluebird: number };

const call = (who: DemoUser | null, url: string, headers: Record<string, string> = {}) =>
  t.request({ method: "GET", url, headers, ...(who ? { token: tokens[who] } : {}) });

const grant = async (userName: string) => {
  const user = await hubUser(t.db, userName);
  if (!user) throw new Error(`${userName} missing`);
  await t.db.insert(schema.cardGrants).values({ routeName: "financials", userId: user.userId, granted: true });
};

beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInDemoUsers(t);
  ids = await demoClientIds(t.db);
});
afterAll(async () => {
  await t?.close();
});

/** The ledger's succeeded sums and the orders' outstanding, straight from the tables. */
const fromTables = async (clientIds?: number[], from?: string, to?: string) => {
  const l = schema.billingLedger;
  const o = schema.orders;
  const inRange = (col: typeof l.createdAt | typeof o.placedAt) =>
    and(
      from ? sql`${col} >= ${`${from}T00:00:00Z`}::timestamptz` : undefined,
      to ? sql`${col} < (${to}::date + 1)::timestamp at time zone 'UTC'` : undefined,
    );
  const [ledger] = await t.db
    .select({
      charged: sql<number>`coalesce(sum(${l.amountCents}) filter (where ${l.kind} = 'charge'), 0)`.mapWith(Number),
      refunded: sql<number>`coalesce(sum(${l.amountCents}) filter (where ${l.kind} = 'refund'), 0)`.mapWith(Number),
    })
    .from(l)
    .where(
      and(eq(l.status, "succeeded"), clientIds ? inArray(l.clientId, clientIds) : undefined, inRange(l.createdAt)),
    );
  const [owed] = await t.db
    .select({ owed: sql<number>`coalesce(sum(${o.totalCents} - ${o.chargedCents}), 0)`.mapWith(Number) })
    .from(o)
    .where(
      and(
        inArray(o.paymentState, ["unpaid", "pending", "failed"]),
        sql`${o.status} <> 'cancelled'`,
        clientIds ? inArray(o.clientId, clientIds) : undefined,
        inRange(o.placedAt),
      ),
    );
  return { charged: ledger?.charged ?? 0, refunded: ledger?.refunded ?? 0, owed: owed?.owed ?? 0 };
};

const summary = async (who: DemoUser, query = "", headers: Record<string, string> = {}) => {
  const res = await call(who, `/api/financials/summary${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TFinanceSummary>();
};

const expectMatches = (s: TFinanceSummary, tables: Awaited<ReturnType<typeof fromTables>>) => {
  expect(s.totals.chargedCents).toBe(tables.charged);
  expect(s.totals.refundedCents).toBe(tables.refunded);
  expect(s.totals.netCents).toBe(tables.charged - tables.refunded);
  expect(s.totals.outstandingCents).toBe(tables.owed);
  const a = s.totals.aging;
  expect(a.d0_30 + a.d31_60 + a.d61_90 + a.d90_plus).toBe(tables.owed);
  // The months add up to the totals.
  expect(s.months.reduce((n, m) => n + m.chargedCents, 0)).toBe(tables.charged);
  expect(s.months.reduce((n, m) => n + m.refundedCents, 0)).toBe(tables.refunded);
  expect(s.months.reduce((n, m) => n + m.outstandingCents, 0)).toBe(tables.owed);
};

describe("financials", () => {
  const urls = ["/api/financials/summary", "/api/financials/clients", "/api/financials/clients/export.csv"];

  test("access: the Financials card (internal admins by default); nobody signed out", async () => {
    const before: Record<DemoUser, number> = { admin: 200, client: 403, client2: 403, factory: 403, designer: 403 };
    for (const url of urls) {
      for (const who of DEMO_USERS) expect((await call(who, url)).statusCode, `${who} ${url}`).toBe(before[who]);
      expect((await call(null, url)).statusCode).toBe(401);
    }
    await grant("client");
    await grant("client2");
    await grant("factory");
    await grant("designer");
    const after: Record<DemoUser, number> = { admin: 200, client: 200, client2: 200, factory: 200, designer: 403 };
    for (const url of urls) {
      for (const who of DEMO_USERS) expect((await call(who, url)).statusCode, `${who} ${url}`).toBe(after[who]);
    }
  });

  test("totals equal the ledger's sums and the orders' unpaid totals, whole and in a date range", async () => {
    expectMatches(await summary("admin"), await fromTables());
    const from = new Date(Date.now() - 45 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
    expectMatches(await summary("admin", `?from=${from}&to=${to}`), await fromTables(undefined, from, to));
    expect((await call("admin", `/api/financials/summary?from=${to}&to=${from}`)).statusCode).toBe(400);
  });

  test("a client sees its own money only; a new refund of Bluebird moves Bluebird's figures alone", async () => {
    const nwBefore = await summary("client");
    expectMatches(nwBefore, await fromTables([ids.northwind]));
    expectMatches(await summary("client2"), await fromTables([ids.bluebird]));
    // Asking for another client's figures finds nothing.
    const other = await summary("client", `?clientId=${ids.bluebird}`);
    expect(other.totals.chargedCents + other.totals.outstandingCents).toBe(0);

    const adminBefore = await summary("admin");
    await t.db.insert(schema.billingLedger).values({
      clientId: ids.bluebird,
      orderId: "SO-999999",
      kind: "refund",
      amountCents: 1234,
      provider: "builtin",
      status: "succeeded",
    });
    const adminAfter = await summary("admin");
    expect(adminAfter.totals.refundedCents).toBe(adminBefore.totals.refundedCents + 1234);
    expect((await summary("client")).totals).toEqual(nwBefore.totals);
    expectMatches(await summary("client2"), await fromTables([ids.bluebird]));
    // An internal admin's session client narrows it the same way.
    expectMatches(
      await summary("admin", "", { [SESSION_CLIENT_HEADER]: String(ids.northwind) }),
      await fromTables([ids.northwind]),
    );
  });

  test("by client: paged, sorted, searched; a client's list holds itself alone; the CSV has every row", async () => {
    const all = await call("admin", "/api/financials/clients?size=100&sort=clientName,asc");
    expect(all.statusCode, all.body).toBe(200);
    const page = all.json<TPage<TFinanceClient>>();
    const totals = (await summary("admin")).totals;
    expect(page.items.reduce((n, c) => n + c.chargedCents, 0)).toBe(totals.chargedCents);
    expect(page.items.reduce((n, c) => n + c.outstandingCents, 0)).toBe(totals.outstandingCents);
    const names = page.items.map((c) => c.clientName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const one = await call("admin", "/api/financials/clients?size=1&page=0&sort=outstandingCents,desc");
    expect(one.json<TPage<TFinanceClient>>().items).toHaveLength(Math.min(1, page.total));
    expect(one.json<TPage<TFinanceClient>>().total).toBe(page.total);
    expect((await call("admin", "/api/financials/clients?sort=nope,asc")).statusCode).toBe(400);
    const searched = await call("admin", "/api/financials/clients?searchString=northw");
    expect(searched.json<TPage<TFinanceClient>>().items.map((c) => c.clientId)).toEqual([ids.northwind]);

    const own = await call("client", "/api/financials/clients");
    expect(own.json<TPage<TFinanceClient>>().items.map((c) => c.clientId)).toEqual([ids.northwind]);

    const csv = await call("admin", "/api/financials/clients/export.csv?sort=clientName,asc");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toBe(FINANCE_CSV_HEADER.join(","));
    expect(lines).toHaveLength(page.total + 1);
  });
});
