import { expect, test } from "vitest";
import { createSharedReads } from "./shared-read";

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
