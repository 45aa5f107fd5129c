import type { FastifyRequest } from "fastify";
import { expect, test } from "vitest";
import type { Principal } from "./principal";
import { accessOf, createSharedReads, sharedReadKey } from "./shared-read";

/** A computation the test finishes by hand: its number is the order in which it started. */
const gate = () => {
  const started: { n: number; finish: () => void; fail: (e: Error) => void }[] = [];
  const compute = () =>
    new Promise<number>((resolve, reject) => {
      const n = started.length + 1;
      started.push({ n, finish: () => resolve(n), fail: reject });
    });
  return { started, compute };
};

const tick = () => new Promise((r) => setTimeout(r, 0));

test("a read that finds one running waits for the next computation, which serves everyone who came meanwhile", async () => {
  const shared = createSharedReads();
  const { started, compute } = gate();
  const first = shared.read("k", compute);
  // Arrive while the first runs: none of them may get the first's answer (it started before they came).
  const later = [shared.read("k", compute), shared.read("k", compute), shared.read("k", compute)];
  expect(started).toHaveLength(1);
  started[0]?.finish();
  expect(await first).toBe(1);
  await tick();
  // One more computation started for the three, after the first ended.
  expect(started).toHaveLength(2);
  started[1]?.finish();
  expect(await Promise.all(later)).toEqual([2, 2, 2]);
  await tick();
  expect(shared.inFlight()).toBe(0);
});

test("different keys never share, and a key with nothing in flight starts at once", async () => {
  const shared = createSharedReads();
  const { started, compute } = gate();
  const a = shared.read("client 1", compute);
  const b = shared.read("client 2", compute);
  expect(started).toHaveLength(2);
  for (const s of started) s.finish();
  expect([await a, await b]).toEqual([1, 2]);
  await tick();
  const c = shared.read("client 1", compute);
  expect(started).toHaveLength(3);
  started[2]?.finish();
  expect(await c).toBe(3);
});

test("a failure is the failing computation's callers' alone; the waiting ones get a fresh try", async () => {
  const shared = createSharedReads();
  const { started, compute } = gate();
  const first = shared.read("k", compute);
  const waiting = shared.read("k", compute);
  started[0]?.fail(new Error("the database went away"));
  await expect(first).rejects.toThrow("the database went away");
  await tick();
  started[1]?.finish();
  expect(await waiting).toBe(2);
  await tick();
  expect(shared.inFlight()).toBe(0);
});

test("two people with the same access share a read; any difference in what they may see keeps them apart", () => {
  const person = (over: Partial<Principal>): Principal => ({
    userId: 7,
    userName: "maya",
    userType: "factory",
    isSuperadmin: false,
    isInternal: false,
    isFacility: true,
    roles: ["floor", "admin"],
    cards: new Set(["Reports", "Orders"]),
    clientId: null,
    isClientAdmin: false,
    planLevel: null,
    factoryIds: [1],
    sessionClientId: null,
    ...over,
  });
  const key = (p: Principal, query: unknown = { range: "30d" }) =>
    sharedReadKey({
      principal: p,
      routeOptions: { url: "/api/qs-dashboards/sales" },
      query,
    } as unknown as FastifyRequest);
  const maya = person({});
  // Another person, and the same cards and roles in another order: the same access.
  const sam = person({ userId: 8, userName: "sam", roles: ["admin", "floor"], cards: new Set(["Orders", "Reports"]) });
  expect(key(sam)).toBe(key(maya));
  // What the read is computed for knows nobody's name.
  expect(accessOf(sam)).toMatchObject({ userId: 0, userName: "" });
  expect(accessOf(sam).factoryIds).toEqual([1]);
  for (const other of [
    person({ factoryIds: [2] }),
    person({ isFacility: false, userType: "client", clientId: 3 }),
    person({ planLevel: 2 }),
    person({ cards: new Set(["Orders"]) }),
    person({ roles: ["floor"] }),
    person({ isInternal: true, sessionClientId: 4 }),
    person({ apiKey: { id: 1, mode: "live" } }),
  ])
    expect(key(other)).not.toBe(key(maya));
  expect(key(maya, { range: "12m" })).not.toBe(key(maya));
});
