import { FLOOR_MESSAGES, TOTE_BARCODE_PATTERN, type TToteDetail } from "@hub/contracts/floor/actions";
import { Stack } from "@mui/material";
import { useState } from "react";
import { ScanInput } from "../../components/scan/scan-input";
import { assignUnit, getTote, toteAction } from "./api";
import { BigButton, KioskIntro, Outcome, ToteCard, useOutcome } from "./kiosk-parts";
import { isNetworkError, QUEUED_MESSAGE } from "./scan-queue";
import { OfflineBanner, QueuedScans, useScanQueue } from "./use-scan-queue";
import { useStation } from "./use-station";

/**
 * Assign Tote (/assignTote): scan a tote, then its units; the tote holds units of one order (the
 * Hub refuses another order's unit and says why). Scanning another tote switches to it.
 */
export default function AssignTotePage() {
  const [tote, setTote] = useState<TToteDetail | null>(null);
  // The tote scanned last: its barcode alone while offline (its details need the Hub).
  const [toteCode, setToteCode] = useState<string | null>(null);
  const queue = useScanQueue("assignTote");
  const { outcome, setOutcome, press } = useOutcome();
  const { stationId, setStationId } = useStation("assignTote");

  const onScan = async (code: string) => {
    setOutcome(null);
    if (TOTE_BARCODE_PATTERN.test(code)) {
      setToteCode(code);
      let found: TToteDetail;
      try {
        found = await getTote(code);
      } catch (error) {
        if (!isNetworkError(error)) throw error;
        setTote(null);
        return {
          ok: true,
          queued: true,
          message: `Tote ${code}: offline. Scan units; they are sent when the network is back.`,
        };
      }
      setTote(found);
      return {
        ok: true,
        message: found.orderNumber
          ? `Tote ${found.barcode}: order ${found.orderNumber}, ${found.unitCount} units. Scan units.`
          : `Tote ${found.barcode} is empty. Scan units.`,
      };
    }
    if (!toteCode) return { ok: false, message: FLOOR_MESSAGES.scanToteFirst };
    const station = stationId ?? undefined;
    const sent = await queue.submit(
      code,
      { kind: "assign", tote: toteCode, unitBarcode: code, ...(station ? { stationId: station } : {}) },
      (scanId) => assignUnit(toteCode, code, station, scanId),
    );
    if (sent.queued) return { ok: true, queued: true, message: QUEUED_MESSAGE };
    setTote(sent.done.tote);
    return { ok: true, message: sent.done.message };
  };

  const transit = async () => {
    if (!tote) return;
    await press(
      () => toteAction(tote.barcode, "startTransit", stationId ?? undefined),
      (done) => setTote(done.tote),
    );
  };

  return (
    <Stack spacing={3}>
      <KioskIntro kinds={["cutter", "print", "sew", "qc", "pack"]} stationId={stationId} setStationId={setStationId}>
        {toteCode ? `Scanning into tote ${toteCode}` : "Scan a tote, then its units."}
      </KioskIntro>
      <OfflineBanner online={queue.online} waiting={queue.waiting} />
      <ScanInput onScan={onScan} label={toteCode ? "Scan a unit (or another tote)" : "Scan a tote"} />
      <Outcome outcome={outcome} />
      {tote ? (
        <ToteCard
          tote={tote}
          actions={
            <BigButton onClick={transit} disabled={tote.unitCount === 0} variant="outlined">
              Start transit
            </BigButton>
          }
        />
      ) : null}
      <QueuedScans scans={queue.scans} />
    </Stack>
  );
}
