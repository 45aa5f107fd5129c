import type { TRoutedUnitAction, TUnitActionBody } from "@hub/contracts/floor/unit-actions";
import { ApiError } from "../../lib/api-error";

/**
 * The offline scan queue (issue 22): a scan made while the network is down is kept in the
 * browser (IndexedDB) with its scan id, and sent in order when the network is back. The Hub
 * answers a repeated scan id as it did the first time, so a scan sent twice (a flush cut by a
 * reload) is applied once.
 */

/** What a queued scan asks the Hub: enough to send it again after a reload. */
export type TQueuedRequest =
  | { kind: "assign"; tote: string; unitBarcode: string; stationId?: number }
  | { kind: "unitAction"; barcode: string; action: TRoutedUnitAction; body: Omit<TUnitActionBody, "scanId"> }
  /** QC pass or fail (/qcInspection). */
  | { kind: "inspect"; barcode: string; body: TInspectBody }
  /** A recut with its reason (/recutTote, /qcInspection). */
  | { kind: "recut"; barcode: string; body: { reasonId: number; stationId?: number } }
  /** A tote emptied (/clearTote). */
  | { kind: "clearTote"; tote: string }
  /** A unit or a tote packed (/packOut). */
  | { kind: "pack"; code: string }
  /** A cut ticket marked cut (/cutters). */
  | { kind: "cutTicket"; code: string };

export type TInspectBody = {
  passed: boolean;
  reasonId?: number;
  stationId?: number;
  measurements?: { code: string; value: number }[];
};

export type TQueuedScan = {
  /** Order of scanning (IndexedDB key). */
  seq?: number;
  scanId: string;
  /** The screen that queued it (each screen lists its own). */
  screen: string;
  /** What the person scanned, for the history. */
  code: string;
  at: string;
  request: TQueuedRequest;
  state: "queued" | "applied" | "refused";
  message: string;
};

export const QUEUED_MESSAGE = "queued, offline";

/** No answer from the Hub: the network is down (fetch's TypeError, or the API client's status 0). */
export const isNetworkError = (error: unknown) =>
  (error instanceof ApiError && error.status === 0) || error instanceof TypeError;

/** Where queued scans are kept; IndexedDB in the browser, a plain array in tests. */
export type TScanStore = {
  all: () => Promise<TQueuedScan[]>;
  add: (scan: TQueuedScan) => Promise<void>;
  put: (scan: TQueuedScan) => Promise<void>;
};

/**
 * Sends the waiting scans in scan order, one at a time, each with its own scan id: an answer
 * marks it applied, a refusal marks it refused with the Hub's message, and no answer stops the
 * flush (the rest wait, in order, for the next one). Returns how many were settled.
 */
export const flushScans = async (
  store: TScanStore,
  send: (scan: TQueuedScan) => Promise<{ message: string }>,
): Promise<number> => {
  const waiting = (await store.all()).filter((s) => s.state === "queued").sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  let settled = 0;
  for (const scan of waiting) {
    try {
      const done = await send(scan);
      await store.put({ ...scan, state: "applied", message: done.message });
    } catch (error) {
      if (isNetworkError(error)) break;
      await store.put({ ...scan, state: "refused", message: error instanceof Error ? error.message : String(error) });
    }
    settled++;
  }
  return settled;
};

/**
 * Whether a new scan must wait in the queue rather than go out now: with no network, or while
 * earlier scans still wait (so the Hub applies them in scan order). Read from the store, not from
 * a screen's last render: a flush that is running with nothing to send holds no scan back.
 */
export const mustQueue = async (store: TScanStore, online: boolean): Promise<boolean> =>
  !online || (await store.all()).some((s) => s.state === "queued");

/**
 * One flush at a time (so no scan is sent twice by two flushes at once). A flush asked for while
 * one runs is not dropped: the running one goes round again when it ends, so a scan queued
 * meanwhile goes out at once rather than at the next timer.
 */
export const createFlusher = (
  store: TScanStore,
  send: (scan: TQueuedScan) => Promise<{ message: string }>,
  done: () => void = () => {},
) => {
  let running: Promise<number> | null = null;
  let again = false;
  const flush = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let settled = 0;
      do {
        again = false;
        settled += await flushScans(store, send).catch(() => 0);
      } while (again);
      return settled;
    })().finally(() => {
      running = null;
      done();
    });
    return running;
  };
  return { flush, isRunning: () => running !== null };
};

const DB = "hub-floor";
const STORE = "scans";
/** Settled scans kept for the history after this many. */
const KEEP_SETTLED = 200;

const open = () =>
  new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: "seq", autoIncrement: true });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

const run = async <T>(mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T>) => {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
};

/** The browser's store of queued scans (IndexedDB), keeping the last settled ones for the history. */
export const idbScanStore: TScanStore = {
  all: async () => {
    const rows = await run<TQueuedScan[]>("readonly", (s) => s.getAll());
    const settled = rows.filter((r) => r.state !== "queued");
    if (settled.length > KEEP_SETTLED) {
      const old = settled.slice(0, settled.length - KEEP_SETTLED);
      for (const r of old) await run("readwrite", (s) => s.delete(r.seq ?? 0));
      return rows.filter((r) => !old.includes(r));
    }
    return rows;
  },
  add: async (scan) => {
    const { seq: _seq, ...row } = scan;
    await run("readwrite", (s) => s.add(row));
  },
  put: async (scan) => {
    await run("readwrite", (s) => s.put(scan));
  },
};
