import { FACTORY_LIST_NONE, type TFactoryConfigHistoryPage } from "@hub/contracts";
import { schema } from "@hub/db";
import { count, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestApp, type TestApp } from "./helpers/test-app";

/**
 * Issue 20's Factory Config: a facility's stations and QC reason codes are its settings too, kept
 * on their own screens (Stations, QC Reasons); each change to them is in the facility's history
 * (GET /factoryConfig/history) beside the settings', in the change's transaction: the entry before
 * and after as people read it, and who changed it. A refused change keeps nothing.
 */
let t: TestApp;
let factory: string;
let demoFactoryId = 0;

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.request({ method, url: `/api${url}`, token: factory, ...(payload ? { payload } : {}) });

const newest = async (n: number) => {
  const res = await call("GET", `/factoryConfig/history?size=${n}`);
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<TFactoryConfigHistoryPage>()
    .items.map((x) => ({ label: x.label, from: x.from, to: x.to, actor: x.actor }))
    .reverse();
};

const rows = async () => (await t.db.select({ n: count() }).from(schema.factoryConfigHistory))[0]?.n ?? 0;

beforeAll(async () => {
  t = await createTestApp();
  factory = await t.signIn("factory");
  const [demo] = await t.db.select().from(schema.factories).where(eq(schema.factories.name, "Hub Demo Factory"));
  demoFactoryId = demo?.factoryId ?? 0;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

test("a station added, changed and deleted: three rows of the facility's history", async () => {
  const made = await call("POST", "/floor/stations", {
    code: "HIST-1",
    name: "History cutter",
    kind: "cutter",
    isPress: true,
  });
  expect(made.statusCode, made.body).toBe(201);
  const id = made.json<{ id: number }>().id;
  const changed = await call("PUT", `/floor/stations/${id}`, {
    code: "HIST-1",
    name: "History cutter",
    kind: "cutter",
    isPress: true,
    active: false,
  });
  expect(changed.statusCode, changed.body).toBe(200);
  expect((await call("DELETE", `/floor/stations/${id}`)).statusCode).toBe(200);
  expect(await newest(3)).toEqual([
    { label: "Station", from: FACTORY_LIST_NONE, to: "HIST-1 · History cutter (cutter, press)", actor: "factory" },
    {
      label: "Station",
      from: "HIST-1 · History cutter (cutter, press)",
      to: "HIST-1 · History cutter (cutter, press, inactive)",
      actor: "factory",
    },
    {
      label: "Station",
      from: "HIST-1 · History cutter (cutter, press, inactive)",
      to: FACTORY_LIST_NONE,
      actor: "factory",
    },
  ]);
  const [last] = await t.db
    .select({ factoryId: schema.factoryConfigHistory.factoryId })
    .from(schema.factoryConfigHistory)
    .orderBy(desc(schema.factoryConfigHistory.id))
    .limit(1);
  expect(last?.factoryId).toBe(demoFactoryId);
});

test("a QC reason code added, archived and restored: each in the history; saving it unchanged adds nothing", async () => {
  const body = { code: "HIST-Q", name: "Loose thread", defaultAction: "redo" };
  const made = await call("POST", "/floor/qcReasons", body);
  expect(made.statusCode, made.body).toBe(201);
  const id = made.json<{ id: number }>().id;
  expect((await call("POST", `/floor/qcReasons/${id}/archive`, { archived: true })).statusCode).toBe(200);
  expect((await call("POST", `/floor/qcReasons/${id}/archive`, { archived: false })).statusCode).toBe(200);
  const before = await rows();
  expect((await call("PUT", `/floor/qcReasons/${id}`, body)).statusCode).toBe(200);
  expect(await rows()).toBe(before);
  expect(await newest(3)).toEqual([
    { label: "QC reason code", from: FACTORY_LIST_NONE, to: "HIST-Q · Loose thread (redo)", actor: "factory" },
    {
      label: "QC reason code",
      from: "HIST-Q · Loose thread (redo)",
      to: "HIST-Q · Loose thread (redo, archived)",
      actor: "factory",
    },
    {
      label: "QC reason code",
      from: "HIST-Q · Loose thread (redo, archived)",
      to: "HIST-Q · Loose thread (redo)",
      actor: "factory",
    },
  ]);
});

test("a refused change (a code taken, bad input) keeps no history row", async () => {
  const before = await rows();
  const taken = await call("POST", "/floor/qcReasons", { code: "HIST-Q", name: "Again", defaultAction: "redo" });
  expect(taken.statusCode).toBe(409);
  const bad = await call("POST", "/floor/stations", { code: "", name: "No code", kind: "oven" });
  expect(bad.statusCode).toBe(400);
  expect(await rows()).toBe(before);
});
