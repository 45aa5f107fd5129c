import { describe, expect, test } from "vitest";
import { ApiError } from "../../lib/api-error";
import { createFlusher, flushScans, mustQueue, QUEUED_MESSAGE, type TQueuedScan, type TScanStore } from "./scan-queue";

/** The queue's store as a plain array (the browser's is IndexedDB): keys given in order of adding. */
const memoryStore = () => {
  const rows = new Map<number, TQueuedScan>();
  let next = 1;
  const store: TScanStore = {
    all: async () => [...rows.values()].map((r) => ({ ...r })),
    add: async (scan) => {
      const seq = next++;
      rows.set(seq, { ...scan, seq });
    },
    put: async (scan) => {
      rows.set(scan.seq ?? 0, { ...scan });
    },
  };
  return { store, rows };
};

const scan = (code: string): TQueuedScan => ({
  scanId: `id-${code}`,
  screen: "clearTote",
  code,
  at: "2026-01-01T00:00:00.000Z",
  request: { kind: "clearTote", tote: code },
  state: "queued",
  message: QUEUED_MESSAGE,
});

/**
 * The Hub as the queue sees it: answers each scan id once and a repeat of that id the same way
 * (the Hub's floor_scans), refuses the codes it is told to, or is unreachable.
 */
const fakeHub = (refuse: Record<string, string> = {}) => {
  const applied: string[] = [];
  const answers = new Map<string, string>();
  const sent: string[] = [];
  let down = false;
  const send = async (s: TQueuedScan) => {
    sent.push(s.code);
    if (down) throw new ApiError(0, "NETWORK", "The Hub cannot be reached.");
    const seen = answers.get(s.scanId);
    if (seen) return { message: seen };
    const why = refuse[s.code];
    if (why) throw new ApiError(409, "CONFLICT", why);
    applied.push(s.code);
    const message = `${s.code} applied`;
    answers.set(s.scanId, message);
    return { message };
  };
  return {
    send,
    applied,
    sent,
    setDown: (v: boolean) => {
      down = v;
    },
  };
};

describe("flushScans (the offline scan queue, issue 22)", () => {
  test("sends the waiting scans in scan order and marks each applied with the Hub's answer", async () => {
    const { store } = memoryStore();
    for (const code of ["T-0001", "T-0002", "T-0003"]) await store.add(scan(code));
    const hub = fakeHub();
    expect(await flushScans(store, hub.send)).toBe(3);
    expect(hub.sent).toEqual(["T-0001", "T-0002", "T-0003"]);
    const rows = await store.all();
    expect(rows.map((r) => [r.code, r.state, r.message])).toEqual([
      ["T-0001", "applied", "T-0001 applied"],
      ["T-0002", "applied", "T-0002 applied"],
      ["T-0003", "applied", "T-0003 applied"],
    ]);
  });

  test("orders by the scan's key, not by the store's listing order", async () => {
    const { store, rows } = memoryStore();
    for (const code of ["A", "B", "C"]) await store.add(scan(code));
    // A store that lists them out of order (a later put moved one to the end).
    const b = rows.get(2);
    rows.delete(2);
    if (b) rows.set(2, b);
    const hub = fakeHub();
    await flushScans(store, hub.send);
    expect(hub.sent).toEqual(["A", "B", "C"]);
  });

  test("no answer stops the flush: the rest wait, in order, and go out next time", async () => {
    const { store } = memoryStore();
    for (const code of ["A", "B", "C"]) await store.add(scan(code));
    const hub = fakeHub();
    let calls = 0;
    // The network drops after the first scan.
    const flaky = async (s: TQueuedScan) => {
      calls++;
      if (calls === 2) hub.setDown(true);
      return hub.send(s);
    };
    expect(await flushScans(store, flaky)).toBe(1);
    expect(hub.sent).toEqual(["A", "B"]);
    expect((await store.all()).map((r) => r.state)).toEqual(["applied", "queued", "queued"]);
    expect((await store.all())[1]?.message).toBe(QUEUED_MESSAGE);

    hub.setDown(false);
    expect(await flushScans(store, hub.send)).toBe(2);
    expect(hub.sent).toEqual(["A", "B", "B", "C"]);
    expect(hub.applied).toEqual(["A", "B", "C"]);
    expect((await store.all()).every((r) => r.state === "applied")).toBe(true);
  });

  test("a scan fetch rejects with a TypeError (no network) also stops the flush", async () => {
    const { store } = memoryStore();
    await store.add(scan("A"));
    const settled = await flushScans(store, async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(settled).toBe(0);
    expect((await store.all())[0]?.state).toBe("queued");
  });

  test("a refusal is kept with the Hub's reason and the scans after it still go out", async () => {
    const { store } = memoryStore();
    for (const code of ["A", "B", "C"]) await store.add(scan(code));
    const hub = fakeHub({ B: "T-0002 still holds 1 unit not packed: U-00000007 (sewn)." });
    expect(await flushScans(store, hub.send)).toBe(3);
    const rows = await store.all();
    expect(rows.map((r) => r.state)).toEqual(["applied", "refused", "applied"]);
    expect(rows[1]?.message).toBe("T-0002 still holds 1 unit not packed: U-00000007 (sewn).");
    expect(hub.applied).toEqual(["A", "C"]);
  });

  test("settled scans are not sent again; a scan sent twice (a flush cut by a reload) is applied once", async () => {
    const { store, rows } = memoryStore();
    for (const code of ["A", "B"]) await store.add(scan(code));
    const hub = fakeHub();
    await flushScans(store, hub.send);
    expect(await flushScans(store, hub.send)).toBe(0);
    expect(hub.sent).toEqual(["A", "B"]);

    // A reload cut the flush after the Hub applied B but before the browser marked it: B waits again.
    const b = rows.get(2);
    if (b) rows.set(2, { ...b, state: "queued", message: QUEUED_MESSAGE });
    expect(await flushScans(store, hub.send)).toBe(1);
    expect(hub.sent).toEqual(["A", "B", "B"]);
    expect(hub.applied).toEqual(["A", "B"]);
    expect((await store.all())[1]).toMatchObject({ state: "applied", message: "B applied" });
  });
});

describe("when a scan waits, and flushes asked for during a flush (issue 22)", () => {
  test("online with nothing waiting, a scan goes out now; offline, or behind a waiting scan, it waits", async () => {
    const { store } = memoryStore();
    expect(await mustQueue(store, true)).toBe(false);
    expect(await mustQueue(store, false)).toBe(true);
    await store.add(scan("A"));
    expect(await mustQueue(store, true)).toBe(true);
    const hub = fakeHub();
    await flushScans(store, hub.send);
    // Settled scans hold nothing back.
    expect(await mustQueue(store, true)).toBe(false);
  });

  test("a scan made while an empty flush runs (a screen just opened) is sent, not queued", async () => {
    const { store } = memoryStore();
    let release: () => void = () => {};
    const slowStore: TScanStore = {
      ...store,
      // The browser's store is slow to open on a loaded machine.
      all: async () => {
        await new Promise<void>((r) => {
          release = r;
        });
        return store.all();
      },
    };
    const flusher = createFlusher(slowStore, fakeHub().send);
    const flushing = flusher.flush();
    expect(flusher.isRunning()).toBe(true);
    // The scan's own check reads the store, which holds nothing waiting.
    expect(await mustQueue(store, true)).toBe(false);
    release();
    expect(await flushing).toBe(0);
    expect(flusher.isRunning()).toBe(false);
  });

  test("a flush asked for while one runs goes round again, so a scan queued meanwhile goes out at once", async () => {
    const { store } = memoryStore();
    await store.add(scan("A"));
    const hub = fakeHub();
    let flusher: ReturnType<typeof createFlusher> | undefined;
    let ended = 0;
    const send = async (s: TQueuedScan) => {
      // While A is being sent, the person scans B: it is queued behind A and a flush is asked for.
      if (s.code === "A") {
        await store.add(scan("B"));
        void flusher?.flush();
      }
      return hub.send(s);
    };
    flusher = createFlusher(store, send, () => ended++);
    expect(await flusher.flush()).toBe(2);
    expect(hub.applied).toEqual(["A", "B"]);
    expect(ended).toBe(1);
    expect((await store.all()).every((r) => r.state === "applied")).toBe(true);
  });
});
