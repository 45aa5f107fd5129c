import type { TFloorUnit } from "@hub/contracts/floor/actions";
import { UNIT_STATUS_LABELS } from "@hub/contracts/floor/units";
import { Stack, Typography } from "@mui/material";
import { useState } from "react";
import { ScanInput } from "../../components/scan/scan-input";
import { getUnitOrOffline, recut, useQcReasons } from "./api";
import { KioskIntro, Outcome, ReasonButtons, UnitCard, useOutcome } from "./kiosk-parts";
import { QUEUED_MESSAGE } from "./scan-queue";
import { OfflineBanner, QueuedScans, useScanQueue } from "./use-scan-queue";
import { useStation } from "./use-station";

/**
 * Recut Garment (/recutTote): scan a unit, choose a reason: a recut unit linked to the original
 * goes to the front of the queue and the original is closed as failed. Offline, the recut is kept
 * and sent when the network is back (issue 22); the Hub refuses it then if the unit cannot be recut.
 */
export default function RecutPage() {
  const [unit, setUnit] = useState<TFloorUnit | null>(null);
  // A unit scanned while offline: its barcode alone.
  const [offlineUnit, setOfflineUnit] = useState<string | null>(null);
  const [made, setMade] = useState<TFloorUnit | null>(null);
  const { outcome, setOutcome, press } = useOutcome();
  const reasons = useQcReasons();
  const { stationId, setStationId } = useStation("recut");
  const queue = useScanQueue("recutTote");

  const onScan = async (code: string) => {
    setOutcome(null);
    setMade(null);
    setOfflineUnit(null);
    const found = await getUnitOrOffline(code);
    if (!found) {
      setUnit(null);
      setOfflineUnit(code);
      return { ok: true, queued: true, message: "Offline: choose the reason; it is sent when the network is back." };
    }
    setUnit(found);
    const can = found.allowedActions.includes("recut");
    return {
      ok: can,
      message: can
        ? `${found.barcode}: choose the reason for its recut.`
        : `${found.barcode} is ${UNIT_STATUS_LABELS[found.status].toLowerCase()}, so it cannot be recut.`,
    };
  };

  const choose = async (reasonId: number) => {
    const barcode = unit?.barcode ?? offlineUnit;
    if (!barcode) return;
    const body = { reasonId, ...(stationId ? { stationId } : {}) };
    await press(
      async () => {
        const sent = await queue.submit(barcode, { kind: "recut", barcode, body }, (scanId) =>
          recut(barcode, body, scanId),
        );
        return sent.queued ? { message: `${barcode}: ${QUEUED_MESSAGE}`, original: null, recut: null } : sent.done;
      },
      (done) => {
        setUnit(done.original);
        setMade(done.recut);
        setOfflineUnit(null);
      },
    );
  };

  return (
    <Stack spacing={3}>
      <KioskIntro kinds={["qc", "cutter", "sew"]} stationId={stationId} setStationId={setStationId}>
        Scan the garment to recut, then choose why.
      </KioskIntro>
      <OfflineBanner online={queue.online} waiting={queue.waiting} />
      <ScanInput onScan={onScan} label="Scan a unit" />
      <Outcome outcome={outcome} />
      {offlineUnit ? (
        <Stack spacing={2} data-testid="offline-unit">
          <Typography sx={{ fontSize: 22, fontWeight: 700 }}>{`Unit ${offlineUnit} (offline)`}</Typography>
          <ReasonButtons reasons={reasons.data?.items ?? []} color="warning" onChoose={(id) => void choose(id)} />
        </Stack>
      ) : null}
      {unit ? (
        <UnitCard unit={unit}>
          {!made && unit.allowedActions.includes("recut") ? (
            <ReasonButtons reasons={reasons.data?.items ?? []} color="warning" onChoose={(id) => void choose(id)} />
          ) : null}
        </UnitCard>
      ) : null}
      {made ? <UnitCard unit={made} /> : null}
      <QueuedScans scans={queue.scans} />
    </Stack>
  );
}
