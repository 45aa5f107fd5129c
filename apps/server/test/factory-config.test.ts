import {
  FACTORY_SETTINGS_DEFAULTS,
  SESSION_CLIENT_HEADER,
  type TCutPlan,
  type TFactoryConfig,
  type TFactoryConfigHistoryPage,
  type TFactorySettings,
  type TOrder,
  type TOrderUnits,
  type TTote,
  USER_TYPES,
} from "@hub/contracts";
import { schema } from "@hub/db";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type OrderFixture, orderFixture, SHIP_TO } from "./helpers/orders-fixture";
import { createTestApp, demoClientIds, type TestApp } from "./helpers/test-app";

/**
 * Factory Config (/factoryConfig): a facility's own settings through HTTP on a real database — the
 * defaults of a facility that never saved, a save read back with one history row per changed
 * setting, bad input refused with nothing written, who may read and change whose settings, and what
 * the settings drive: auto-release of paid orders, the tote barcode range, the cut planner's
 * defaults and the labour rate.
 */

let t: TestApp;
let f: OrderFixture;
const ids = { demo: 0, other: 0, otherUser: 0 };
let otherToken = "";

type Who = "admin" | "client" | "client2" | "factory" | "designer" | "other";
const tokenOf = (who: Who) => (who === "other" ? otherToken : f.tokens[who]);
const call = (who: Who | null, method: "GET" | "PUT" | "POST", url: string, payload?: unknown, headers = {}) =>
  t.request({
    method,
    url: `/api${url}`,
    headers,
    ...(who ? { token: tokenOf(who) } : {}),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const json = <T>(res: { statusCode: number; body: string; json: <X>() => X }, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
};
const read = async (who: Who, query = "") => json<TFactoryConfig>(await call(who, "GET", `/factoryConfig${query}`));
const history = async (who: Who, query = "") =>
  json<TFactoryConfigHistoryPage>(await call(who, "GET", `/factoryConfig/history${query}`));
const save = async (who: Who, settings: TFactorySettings, query = "") =>
  json<TFactoryConfig>(await call(who, "PUT", `/factoryConfig${query}`, settings));

/** A facility user of its own facility, signed in (its type's cards: Factory Config among them). */
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
  const [user] = await t.db
    .insert(schema.users)
    .values({
      userName,
      email: `${userName}@demo.hub.test`,
      firstName: userName,
      lastName: "Test",
      typeId: USER_TYPES.find((u) => u.name === "factory")?.id ?? 0,
      userFactoryId: factoryId,
    })
    .returning();
  return { userId: user?.userId ?? 0, token: await t.signIn(userName) };
};

beforeAll(async () => {
  t = await createTestApp();
  f = await orderFixture(t);
  const [demo] = await t.db.select().from(schema.factories).where(eq(schema.factories.name, "Hub Demo Factory"));
  ids.demo = demo?.factoryId ?? 0;
  const [other] = await t.db.insert(schema.factories).values({ name: "Config Other Mill" }).returning();
  ids.other = other?.factoryId ?? 0;
  const user = await facilityUser("fcother", ids.other);
  ids.otherUser = user.userId;
  otherToken = user.token;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const historyRows = async (factoryId: number) =>
  (
    await t.db
      .select({ n: count() })
      .from(schema.factoryConfigHistory)
      .where(eq(schema.factoryConfigHistory.factoryId, factoryId))
  )[0]?.n ?? 0;

describe("reading and saving", () => {
  test("a facility that never saved reads the defaults, with its own labour rate", async () => {
    const config = await read("factory");
    expect(config).toMatchObject({
      factoryId: ids.demo,
      factoryName: "Hub Demo Factory",
      savedAt: null,
      savedBy: null,
      canEdit: true,
      facilities: [{ factoryId: ids.demo, name: "Hub Demo Factory" }],
    });
    expect(config.settings).toEqual({ ...FACTORY_SETTINGS_DEFAULTS, labourCentsPerMinute: 45 });
    expect((await history("factory")).total).toBe(0);
  });

  test("a save is read back, and each changed setting is one history row: who, from what, to what", async () => {
    const before = (await read("factory")).settings;
    const next: TFactorySettings = {
      ...before,
      workingDays: ["mon", "tue", "wed", "thu", "fri", "sat"],
      workdayStart: "07:30",
      timeZone: "Europe/Lisbon",
      shippingLabelFormat: "zpl_4x6",
      shippingLabelPrinter: "Zebra ZT411 (dock)",
      defaultCarrier: "fedex",
      defaultBoxLengthIn: 14.5,
      labourCentsPerMinute: 52,
    };
    const saved = await save("factory", next);
    expect(saved.settings).toEqual(next);
    expect(saved.savedBy).toBe("factory");
    expect(saved.savedAt).not.toBeNull();
    expect((await read("factory")).settings).toEqual(next);
    // The labour rate is the facility's own column, which custom product pricing reads.
    const [row] = await t.db.select().from(schema.factories).where(eq(schema.factories.factoryId, ids.demo));
    expect(row?.labourCentsPerMinute).toBe(52);

    const page = await history("factory", "?size=50");
    expect(page.total).toBe(8);
    const byField = new Map(page.items.map((x) => [x.field, x]));
    expect(byField.get("workingDays")).toMatchObject({
      label: "Working days",
      from: "Mon, Tue, Wed, Thu, Fri",
      to: "Mon, Tue, Wed, Thu, Fri, Sat",
      actor: "factory",
    });
    expect(byField.get("workdayStart")).toMatchObject({ from: "08:00", to: "07:30" });
    expect(byField.get("timeZone")).toMatchObject({ from: "UTC", to: "Europe/Lisbon" });
    expect(byField.get("shippingLabelFormat")).toMatchObject({
      from: "4 × 6 in PDF",
      to: "4 × 6 in ZPL (thermal printer)",
    });
    expect(byField.get("shippingLabelPrinter")).toMatchObject({ from: "None", to: "Zebra ZT411 (dock)" });
    expect(byField.get("defaultCarrier")).toMatchObject({ from: "UPS", to: "FedEx" });
    expect(byField.get("defaultBoxLengthIn")).toMatchObject({ from: "12", to: "14.5" });
    expect(byField.get("labourCentsPerMinute")).toMatchObject({
      label: "Labour rate per minute",
      from: "$0.45",
      to: "$0.52",
    });
    // Paged, newest first.
    const first = await history("factory", "?size=3");
    expect(first.items).toHaveLength(3);
    expect(first.total).toBe(8);
    const second = await history("factory", "?size=3&page=1");
    expect(second.items[0]?.id).toBeLessThan(first.items[2]?.id ?? 0);
    // The audit log has the save too.
    const audit = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "factoryConfig.update"));
    expect(audit.some((a) => a.subject === `factory:${ids.demo}` && a.actorUserName === "factory")).toBe(true);
  });

  test("saving the same settings again writes nothing (the days in another order are the same days)", async () => {
    const now = await read("factory");
    const rows = await historyRows(ids.demo);
    const again = await save("factory", { ...now.settings, workingDays: [...now.settings.workingDays].reverse() });
    expect(again.savedAt).toBe(now.savedAt);
    expect(again.settings).toEqual(now.settings);
    expect(await historyRows(ids.demo)).toBe(rows);
  });

  test("bad input is a 400 in the one error shape, naming the field, and changes nothing", async () => {
    const now = await read("factory");
    const rows = await historyRows(ids.demo);
    const cases: [Partial<Record<keyof TFactorySettings, unknown>>, string][] = [
      [{ workdayStart: "17:00", workdayEnd: "09:00" }, "workdayEnd"],
      [{ workdayStart: "25:00" }, "workdayStart"],
      [{ workingDays: [] }, "workingDays"],
      [{ workingDays: ["mon", "mon"] }, "workingDays"],
      [{ workingDays: ["someday"] }, "workingDays.0"],
      [{ timeZone: "Mars/Olympus_Mons" }, "timeZone"],
      [{ toteBarcodeFirst: 500, toteBarcodeLast: 100 }, "toteBarcodeLast"],
      [{ toteBarcodePrefix: "X-" }, "toteBarcodePrefix"],
      [{ toteBarcodePrefix: "T-123", toteBarcodeLast: 999_999 }, "toteBarcodeLast"],
      [{ labourCentsPerMinute: -1 }, "labourCentsPerMinute"],
      [{ labourCentsPerMinute: 1.5 }, "labourCentsPerMinute"],
      [{ cutMaxPlies: 0 }, "cutMaxPlies"],
      [{ defaultCarrier: "pigeon" }, "defaultCarrier"],
      [{ defaultBoxHeightIn: 0 }, "defaultBoxHeightIn"],
      [{ shippingLabelPrinter: "x".repeat(101) }, "shippingLabelPrinter"],
      [{ autoRelease: "yes" }, "autoRelease"],
    ];
    for (const [change, field] of cases) {
      const res = await call("factory", "PUT", "/factoryConfig", { ...now.settings, ...change });
      expect(res.statusCode, `${JSON.stringify(change)}: ${res.body}`).toBe(400);
      const body = res.json<{ error: string; message: string; fields?: Record<string, string> }>();
      expect(body.error).toBe("VALIDATION");
      expect(Object.keys(body.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    const { labourCentsPerMinute: _dropped, ...missing } = now.settings;
    expect((await call("factory", "PUT", "/factoryConfig", missing)).statusCode).toBe(400);
    expect((await read("factory")).settings).toEqual(now.settings);
    expect(await historyRows(ids.demo)).toBe(rows);
  });
});

describe("who may read and change whose settings", () => {
  test("signed out: 401; client and design users: 403, reading or writing", async () => {
    const settings = (await read("factory")).settings;
    expect((await call(null, "GET", "/factoryConfig")).statusCode).toBe(401);
    for (const who of ["client", "client2", "designer"] as const) {
      expect((await call(who, "GET", "/factoryConfig")).statusCode, who).toBe(403);
      expect((await call(who, "GET", `/factoryConfig?factoryId=${ids.demo}`)).statusCode, who).toBe(403);
      expect((await call(who, "GET", "/factoryConfig/history")).statusCode, who).toBe(403);
      expect((await call(who, "PUT", "/factoryConfig", { ...settings, labourCentsPerMinute: 1 })).statusCode, who).toBe(
        403,
      );
    }
    expect((await read("factory")).settings).toEqual(settings);
  });

  test("another facility reads and changes only its own: the demo facility's settings are a 404 to it", async () => {
    const demoBefore = await read("factory");
    const rows = await historyRows(ids.demo);
    const own = await read("other");
    expect(own.factoryId).toBe(ids.other);
    expect(own.facilities).toEqual([{ factoryId: ids.other, name: "Config Other Mill" }]);
    expect(own.settings.workingDays).toEqual(FACTORY_SETTINGS_DEFAULTS.workingDays);

    const q = `?factoryId=${ids.demo}`;
    expect((await call("other", "GET", `/factoryConfig${q}`)).statusCode).toBe(404);
    expect((await call("other", "GET", `/factoryConfig/history${q}`)).statusCode).toBe(404);
    const write = await call("other", "PUT", `/factoryConfig${q}`, { ...demoBefore.settings, autoRelease: false });
    expect(write.statusCode).toBe(404);
    expect(write.json()).toMatchObject({ error: "NOT_FOUND" });
    expect((await read("factory")).settings).toEqual(demoBefore.settings);
    expect(await historyRows(ids.demo)).toBe(rows);

    // Its own save changes its own facility only, and its history is its own.
    const mine = await save("other", { ...own.settings, timeZone: "Asia/Dhaka" });
    expect(mine.factoryId).toBe(ids.other);
    expect((await read("factory")).settings.timeZone).toBe(demoBefore.settings.timeZone);
    const h = await history("other");
    expect(h.items.map((x) => [x.field, x.from, x.to])).toEqual([["timeZone", "UTC", "Asia/Dhaka"]]);
    expect((await history("factory", "?size=100")).items.some((x) => x.to === "Asia/Dhaka")).toBe(false);
  });

  test("a facility user without the Factory Config card reads the settings but cannot change them", async () => {
    await t.db.insert(schema.cardGrants).values({ routeName: "factoryConfig", userId: ids.otherUser, granted: false });
    try {
      const config = await read("other");
      expect(config.canEdit).toBe(false);
      expect((await call("other", "PUT", "/factoryConfig", config.settings)).statusCode).toBe(403);
      expect((await call("other", "GET", "/factoryConfig/history")).statusCode).toBe(403);
    } finally {
      await t.db
        .delete(schema.cardGrants)
        .where(and(eq(schema.cardGrants.userId, ids.otherUser), eq(schema.cardGrants.routeName, "factoryConfig")));
    }
  });

  test("an internal admin reads and changes any facility's, by factoryId or the session client's facility", async () => {
    const list = await read("admin", `?factoryId=${ids.other}`);
    expect(list.factoryId).toBe(ids.other);
    expect(list.canEdit).toBe(true);
    expect(list.facilities.map((x) => x.factoryId).sort()).toEqual(
      expect.arrayContaining([ids.demo, ids.other].sort()),
    );
    const saved = await save("admin", { ...list.settings, cutMaxPlies: 44 }, `?factoryId=${ids.other}`);
    expect(saved.settings.cutMaxPlies).toBe(44);
    expect((await history("admin", `?factoryId=${ids.other}`)).items[0]).toMatchObject({
      field: "cutMaxPlies",
      actor: "admin",
      from: "60",
      to: "44",
    });
    // Working in Northwind (the header's client): its facility, the demo one.
    const { northwind } = await demoClientIds(t.db);
    const inNorthwind = json<TFactoryConfig>(
      await call("admin", "GET", "/factoryConfig", undefined, { [SESSION_CLIENT_HEADER]: String(northwind) }),
    );
    expect(inNorthwind.factoryId).toBe(ids.demo);
    // An unknown facility is a 404, reading or writing.
    expect((await call("admin", "GET", "/factoryConfig?factoryId=999999")).statusCode).toBe(404);
    expect((await call("admin", "PUT", "/factoryConfig?factoryId=999999", list.settings)).statusCode).toBe(404);
  });
});

describe("what the settings drive", () => {
  const unitsOf = async (orderId: number) =>
    (await t.db.select({ n: count() }).from(schema.floorUnits).where(eq(schema.floorUnits.orderId, orderId)))[0]?.n ??
    0;
  const orderRow = async (orderId: number) =>
    (await t.db.select().from(schema.orders).where(eq(schema.orders.id, orderId)))[0];
  const placePaid = async (quantity: number) => {
    const res = await f.place("client", {
      shipTo: SHIP_TO,
      lines: [{ styleId: f.ids.tee, attributeIds: [f.ids.m, f.ids.black], quantity }],
    });
    const order = json<TOrder>(res, 201);
    expect(order.paymentState).toBe("paid");
    return order;
  };
  const setDemo = async (change: Partial<TFactorySettings>) => {
    const now = await read("factory");
    return save("factory", { ...now.settings, ...change });
  };

  test("auto-release: on (the default), a paid order is released at once; off, it is paid and waits for the facility", async () => {
    json(await f.call("client", "POST", "/api/billing/cards", { label: "Visa", brand: "visa", last4: "4242" }), 201);
    try {
      expect((await read("factory")).settings.autoRelease).toBe(true);
      const released = await placePaid(2);
      expect((await orderRow(released.id))?.releasedAt).not.toBeNull();
      expect(await unitsOf(released.id)).toBe(2);

      await setDemo({ autoRelease: false });
      const waiting = await placePaid(3);
      const row = await orderRow(waiting.id);
      expect(row).toMatchObject({ paymentState: "paid", releasedAt: null, releasedBy: null });
      expect(await unitsOf(waiting.id)).toBe(0);
      const units = json<TOrderUnits>(await call("factory", "GET", `/orders/${waiting.id}/units`));
      expect(units.canRelease).toBe(true);
      // The facility releases it by hand: its units are made then.
      const manual = await call("factory", "POST", `/orders/${waiting.id}/release`);
      expect(manual.statusCode, manual.body).toBe(200);
      expect(await unitsOf(waiting.id)).toBe(3);
      expect((await orderRow(waiting.id))?.releasedBy).toBe("factory");

      await setDemo({ autoRelease: true });
      const again = await placePaid(1);
      expect((await orderRow(again.id))?.releasedAt).not.toBeNull();
      expect(await unitsOf(again.id)).toBe(1);
    } finally {
      await t.db.delete(schema.paymentMethods).where(eq(schema.paymentMethods.clientId, f.northwind));
      await setDemo({ autoRelease: true });
    }
  });

  test("due dates: the facility's lead time in working days on its calendar, frozen at placing; a ship-by date wins", async () => {
    // The database's rule for a facility, at a moment.
    const dueAt = async (factoryId: number, at: string) => {
      const [row] = await t.db
        .execute<{ due: string }>(sql`select hub_floor_due_date(${factoryId}, ${at}::timestamptz)::text as due`)
        .then((r) => (r as unknown as { rows: { due: string }[] }).rows);
      return row?.due;
    };
    // A facility that never saved: the defaults (Mon-Fri, until 17:00 UTC, 10 working days).
    const [fresh, third] = await t.db
      .insert(schema.factories)
      .values([{ name: "Config Fresh Mill" }, { name: "Config Defaults Mill" }])
      .returning();
    const freshId = fresh?.factoryId ?? 0;
    expect(await dueAt(freshId, "2026-11-25T10:00:00Z")).toBe("2026-12-09"); // a Wednesday: two weeks on
    expect(await dueAt(freshId, "2026-11-25T17:30:00Z")).toBe("2026-12-10"); // after the day's end: from Thursday
    expect(await dueAt(freshId, "2026-11-28T09:00:00Z")).toBe("2026-12-14"); // a Saturday: from Monday
    // The SQL defaults are the contracts' defaults: saved explicitly, every few hours of a week give the same dates.
    const thirdId = third?.factoryId ?? 0;
    await t.db.insert(schema.factorySettings).values({
      factoryId: thirdId,
      ...FACTORY_SETTINGS_DEFAULTS,
      updatedBy: "test",
    });
    for (let h = 0; h < 7 * 24; h += 5) {
      const at = new Date(Date.UTC(2026, 10, 23, h, 30)).toISOString();
      expect(await dueAt(thirdId, at), at).toBe(await dueAt(freshId, at));
    }

    // The demo facility works Monday to Saturday until 16:00 in New York, 3 working days.
    const placeNow = async (extra: Record<string, unknown> = {}) =>
      json<TOrder>(
        await f.place("client", {
          shipTo: SHIP_TO,
          lines: [{ styleId: f.ids.tee, attributeIds: [f.ids.m, f.ids.black], quantity: 1 }],
          ...extra,
        }),
        201,
      );
    const before = await placeNow();
    try {
      await setDemo({
        workingDays: ["mon", "tue", "wed", "thu", "fri", "sat"],
        workdayEnd: "16:00",
        timeZone: "America/New_York",
        leadWorkingDays: 3,
      });
      // Thursday 20:30 UTC is 15:30 in New York: counts from Thursday (Fri, Sat, Mon: Saturday works).
      expect(await dueAt(ids.demo, "2026-11-26T20:30:00Z")).toBe("2026-11-30");
      // 21:30 UTC is 16:30 there, after the end: counts from Friday (Sat, Mon, Tue).
      expect(await dueAt(ids.demo, "2026-11-26T21:30:00Z")).toBe("2026-12-01");

      const placed = await placeNow();
      const expected = await dueAt(ids.demo, (await orderRow(placed.id))?.placedAt.toISOString() ?? "");
      expect(placed.dueDate).toBe(expected);
      expect((await f.call("client", "GET", `/api/orders/${placed.id}`)).json<TOrder>().dueDate).toBe(expected);
      // An order placed before the change keeps its due date.
      expect((await orderRow(before.id))?.dueDate).toBe(before.dueDate);

      // A ship-by date is the due date; released, its units carry it.
      const shipBy = await placeNow({ requestedShipDate: "2027-01-15" });
      expect(shipBy.dueDate).toBe("2027-01-15");
      json(await call("factory", "POST", `/orders/${shipBy.id}/release`));
      const dates = await t.db
        .selectDistinct({ due: schema.floorUnits.dueDate })
        .from(schema.floorUnits)
        .where(eq(schema.floorUnits.orderId, shipBy.id));
      expect(dates).toEqual([{ due: "2027-01-15" }]);
      // Taking the ship-by date away gives the calendar's date for its placing again.
      await t.db.update(schema.orders).set({ requestedShipDate: null }).where(eq(schema.orders.id, shipBy.id));
      const row = await orderRow(shipBy.id);
      expect(row?.dueDate).toBe(await dueAt(ids.demo, row?.placedAt.toISOString() ?? ""));
    } finally {
      await setDemo({
        workingDays: FACTORY_SETTINGS_DEFAULTS.workingDays,
        workdayEnd: FACTORY_SETTINGS_DEFAULTS.workdayEnd,
        timeZone: FACTORY_SETTINGS_DEFAULTS.timeZone,
        leadWorkingDays: FACTORY_SETTINGS_DEFAULTS.leadWorkingDays,
      });
    }
  });

  test("the tote range: new totes take the range's next barcodes, never past its last number", async () => {
    const add = (n: number) => call("factory", "POST", "/floor/totes", { count: n });
    await setDemo({ toteBarcodePrefix: "T-9", toteBarcodeFirst: 1, toteBarcodeLast: 3 });
    try {
      const first = json<{ totes: TTote[] }>(await add(2), 201);
      expect(first.totes.map((x) => x.barcode)).toEqual(["T-90001", "T-90002"]);
      const full = await add(2);
      expect(full.statusCode).toBe(409);
      expect(full.json<{ message: string }>().message).toContain("Only 1 tote barcode is left");
      expect(full.json<{ message: string }>().message).toContain("T-90001 to T-90003");
      const last = json<{ totes: TTote[] }>(await add(1), 201);
      expect(last.totes.map((x) => x.barcode)).toEqual(["T-90003"]);
      expect((await add(1)).json<{ message: string }>().message).toContain("No tote barcodes are left");
    } finally {
      await setDemo({
        toteBarcodePrefix: FACTORY_SETTINGS_DEFAULTS.toteBarcodePrefix,
        toteBarcodeFirst: FACTORY_SETTINGS_DEFAULTS.toteBarcodeFirst,
        toteBarcodeLast: FACTORY_SETTINGS_DEFAULTS.toteBarcodeLast,
      });
    }
  });

  test("the cut planner takes the facility's defaults for the limits a request leaves out", async () => {
    const order = json<TOrder>(
      await f.place("client", {
        shipTo: SHIP_TO,
        lines: [{ styleId: f.ids.tee, attributeIds: [f.ids.m, f.ids.black], quantity: 2 }],
      }),
      201,
    );
    json(await call("factory", "POST", `/orders/${order.id}/release`));
    const units = await t.db
      .select({ id: schema.floorUnits.id })
      .from(schema.floorUnits)
      .where(eq(schema.floorUnits.orderId, order.id))
      .orderBy(asc(schema.floorUnits.id));
    const unitIds = units.map((u) => u.id);
    await setDemo({ cutMaxPlies: 17, cutTableLengthInches: 240 });
    try {
      const plan = json<TCutPlan>(await call("factory", "POST", "/floor/cutPlans", { unitIds }), 201);
      expect(plan.limits).toEqual({
        maxPlies: 17,
        tableLengthInches: 240,
        maxGarmentsPerPly: FACTORY_SETTINGS_DEFAULTS.cutMaxGarmentsPerPly,
        endAllowanceInches: FACTORY_SETTINGS_DEFAULTS.cutEndAllowanceInches,
      });
      json(await call("factory", "POST", `/floor/cutPlans/${plan.id}/discard`));
      const asked = json<TCutPlan>(
        await call("factory", "POST", "/floor/cutPlans", { unitIds, limits: { maxPlies: 30 } }),
        201,
      );
      expect(asked.limits.maxPlies).toBe(30);
      expect(asked.limits.tableLengthInches).toBe(240);
      json(await call("factory", "POST", `/floor/cutPlans/${asked.id}/discard`));
    } finally {
      await setDemo({
        cutMaxPlies: FACTORY_SETTINGS_DEFAULTS.cutMaxPlies,
        cutTableLengthInches: FACTORY_SETTINGS_DEFAULTS.cutTableLengthInches,
      });
    }
  });
});
