import { Alert, Box, List, ListItem, Typography } from "@mui/material";
import { useCallback, useEffect, useState } from "react";
import { packScan } from "../shipping/api";
import { assignUnit, inspect, newScanId, recut, toteAction, unitAction } from "./api";
import { scanCutTicket } from "./cutting/api";
import {
  createFlusher,
  idbScanStore,
  isNetworkError,
  mustQueue,
  QUEUED_MESSAGE,
  type TQueuedRequest,
  type TQueuedScan,
} from "./scan-queue";

/** Sends one stored scan again, with its own scan id. */
const sendStored = async (scan: TQueuedScan): Promise<{ message: string }> => {
  const r = scan.request;
  switch (r.kind) {
    case "assign":
      return assignUnit(r.tote, r.unitBarcode, r.stationId, scan.scanId);
    case "unitAction":
      return unitAction(r.barcode, r.action, r.body, scan.scanId);
    case "inspect":
      return inspect(r.barcode, r.body, scan.scanId);
    case "recut":
      return recut(r.barcode, r.body, scan.scanId);
    case "clearTote":
      return toteAction(r.tote, "clear", undefined, scan.scanId);
    case "pack": {
      // A pack scan that packs nothing (a unit not inspected in a tote) is answered, not refused: shown as refused.
      const done = await packScan(scan.scanId, r.code);
      if (!done.ok) throw new Error(`${done.order.orderNumber}: ${done.message}`);
      return { message: `${done.order.orderNumber}: ${done.message}` };
    }
    case "cutTicket":
      return scanCutTicket(r.code, scan.scanId);
  }
};

/** The screens that list queued scans re-read the store when a flush ends. */
const listeners = new Set<() => void>();
const changed = () => {
  for (const l of listeners) l();
};

/** This tab's one flusher of the browser's queue. */
const flusher = createFlusher(idbScanStore, sendStored, changed);
export const flushQueue = flusher.flush;

export type TQueueOutcome<T> = { queued: true } | { queued: false; done: T };

/**
 * A kiosk screen's scans through the offline queue: `submit` posts a scan as ever while the
 * network is up; with no network (or scans still waiting, to keep their order) it keeps the scan
 * in the browser and answers "queued, offline". Waiting scans go out on the `online` event, at
 * start and every few seconds while any wait.
 */
export const useScanQueue = (screen: string) => {
  const [scans, setScans] = useState<TQueuedScan[]>([]);
  const [online, setOnline] = useState(() => navigator.onLine);

  const load = useCallback(() => {
    idbScanStore
      .all()
      .then(setScans)
      .catch(() => setScans([]));
  }, []);

  useEffect(() => {
    const onOnline = () => {
      setOnline(true);
      void flushQueue();
    };
    const onOffline = () => setOnline(false);
    listeners.add(load);
    window.addEventListener("online", onOnline);
    window.addEventListener("offline", onOffline);
    load();
    if (navigator.onLine) void flushQueue();
    return () => {
      listeners.delete(load);
      window.removeEventListener("online", onOnline);
      window.removeEventListener("offline", onOffline);
    };
  }, [load]);

  const waiting = scans.filter((s) => s.state === "queued").length;

  useEffect(() => {
    if (waiting === 0 || !online) return;
    const timer = setInterval(() => void flushQueue(), 5000);
    return () => clearInterval(timer);
  }, [waiting, online]);

  const enqueue = async (code: string, request: TQueuedRequest, scanId: string) => {
    await idbScanStore.add({
      scanId,
      screen,
      code,
      at: new Date().toISOString(),
      request,
      state: "queued",
      message: QUEUED_MESSAGE,
    });
    changed();
  };

  const submit = async <T,>(
    code: string,
    request: TQueuedRequest,
    send: (scanId: string) => Promise<T>,
  ): Promise<TQueueOutcome<T>> => {
    const scanId = newScanId();
    if (await mustQueue(idbScanStore, navigator.onLine)) {
      await enqueue(code, request, scanId);
      if (navigator.onLine) void flushQueue();
      return { queued: true };
    }
    try {
      return { queued: false, done: await send(scanId) };
    } catch (error) {
      if (!isNetworkError(error)) throw error;
      await enqueue(code, request, scanId);
      return { queued: true };
    }
  };

  return { scans: scans.filter((s) => s.screen === screen), waiting, online, submit };
};

/** "This screen is offline": shown while offline or while scans wait to be sent. */
export function OfflineBanner({ online, waiting }: { online: boolean; waiting: number }) {
  if (online && waiting === 0) return null;
  const count = `${waiting} ${waiting === 1 ? "scan waits" : "scans wait"} to be sent`;
  return (
    <Alert severity="warning" data-testid="offline-banner" sx={{ fontSize: 20 }}>
      {online ? `Sending queued scans: ${count}.` : `This screen is offline: ${count}.`}
    </Alert>
  );
}

const STATE_LABEL = { queued: "Queued, offline", applied: "Sent", refused: "Refused" } as const;

/** The scans made offline on this screen, oldest first: queued, sent, or refused with the Hub's reason. */
export function QueuedScans({ scans }: { scans: TQueuedScan[] }) {
  if (scans.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="offline-scans">
      <Typography id="offline-scans" variant="h6" component="h2" sx={{ mb: 1 }}>
        Offline scans
      </Typography>
      <List disablePadding data-testid="queued-scans">
        {scans.map((s) => (
          <ListItem key={s.scanId} divider data-state={s.state} data-code={s.code} sx={{ gap: 2, fontSize: 18 }}>
            <Box sx={{ fontFamily: "monospace", fontWeight: 700, minWidth: 160 }}>{s.code}</Box>
            <Box
              sx={{
                fontWeight: 600,
                color: s.state === "refused" ? "error.dark" : s.state === "applied" ? "success.dark" : "text.secondary",
              }}
            >
              {s.state === "queued" ? STATE_LABEL.queued : `${STATE_LABEL[s.state]}: ${s.message}`}
            </Box>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
