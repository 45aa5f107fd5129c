import { expect, test } from "vitest";
import { loadOnce } from "./load-once";

test("loads once for every caller, and tries again after a failed load", async () => {
  let calls = 0;
  let fail = true;
  const load = loadOnce(async () => {
    calls += 1;
    if (fail) throw new Error("not reachable");
    return { calls };
  });
  await expect(load()).rejects.toThrow("not reachable");
  fail = false;
  const [a, b] = await Promise.all([load(), load()]);
  expect(a).toBe(b);
  expect(await load()).toBe(a);
  expect(calls).toBe(2);
});
