import type { TFloorUnit } from "@hub/contracts/floor/actions";
import { isEarlierState, type TUnitStatus, UNIT_STATUS_LABELS } from "@hub/contracts/floor/units";
import type { TQcPoints } from "@hub/contracts/products/tech-pack/style-source";
import { Stack, Typography } from "@mui/material";
import { useState } from "react";
import { ScanInput } from "../../components/scan/scan-input";
import { getQcPoints, getUnitOrOffline, inspect, recut, unitAction, useQcReasons } from "./api";
import { BigButton, KioskIntro, Outcome, ReasonButtons, UnitCard, useOutcome } from "./kiosk-parts";
import { type MeasureValues, measurementsOf, QcMeasurements } from "./qc-measurements";
import { QUEUED_MESSAGE, type TInspectBody } from "./scan-queue";
import { OfflineBanner, QueuedScans, useScanQueue } from "./use-scan-queue";
import { useStation } from "./use-station";

const REDO_TO: TUnitStatus[] = ["queued", "printed", "cut", "sewn"];

/**
 * QC Inspection (/qcInspection): scan a unit, then Pass, or Fail with one of the facility's reason
 * codes; a failed unit then goes to a recut (a new unit at the front of the queue) or back a step.
 */
export default function QcPage() {
  const [unit, setUnit] = useState<TFloorUnit | null>(null);
  // A unit scanned while offline: its barcode alone (its state needs the Hub, which refuses a wrong pass or fail later).
  const [offlineUnit, setOfflineUnit] = useState<string | null>(null);
  const queue = useScanQueue("qcInspection");
  const [failing, setFailing] = useState(false);
  const [reasonId, setReasonId] = useState<number | null>(null);
  const [points, setPoints] = useState<TQcPoints | null>(null);
  const [values, setValues] = useState<MeasureValues>({});
  const { outcome, setOutcome, press } = useOutcome();
  const reasons = useQcReasons();
  const { stationId, setStationId } = useStation("qc");

  const onScan = async (code: string) => {
    setOutcome(null);
    setFailing(false);
    setReasonId(null);
    setValues({});
    setOfflineUnit(null);
    const found = await getUnitOrOffline(code);
    if (!found) {
      setUnit(null);
      setOfflineUnit(code);
      return { ok: true, queued: true, message: "Offline: pass or fail it; it is sent when the network is back." };
    }
    setUnit(found);
    setPoints(await getQcPoints(found.barcode).catch(() => null));
    const ready = found.status === "sewn" || found.status === "inspected";
    return {
      ok: ready,
      message: ready
        ? `${found.barcode} is ${UNIT_STATUS_LABELS[found.status].toLowerCase()}: pass or fail it.`
        : `${found.barcode} is ${UNIT_STATUS_LABELS[found.status].toLowerCase()}, not ready for QC.`,
    };
  };

  const run = (work: () => Promise<{ message: string; unit: TFloorUnit | null }>) =>
    press(work, (done) => {
      // Queued: what the unit is now waits for the Hub's answer.
      setUnit(done.unit);
      if (!done.unit) setOfflineUnit(null);
    });
  const station = stationId ?? undefined;

  /** A pass or fail through the offline queue: kept "queued, offline" when the Hub cannot be reached. */
  const judge = (barcode: string, body: TInspectBody) =>
    run(async () => {
      const sent = await queue.submit(barcode, { kind: "inspect", barcode, body }, (scanId) =>
        inspect(barcode, body, scanId),
      );
      return sent.queued ? { message: `${barcode}: ${QUEUED_MESSAGE}`, unit: null } : sent.done;
    });

  return (
    <Stack spacing={3}>
      <KioskIntro kinds={["qc"]} stationId={stationId} setStationId={setStationId}>
        Scan a sewn unit, measure its critical points if it shows them, then pass or fail it.
      </KioskIntro>
      <OfflineBanner online={queue.online} waiting={queue.waiting} />
      <ScanInput onScan={onScan} label="Scan a unit" />
      <Outcome outcome={outcome} />
      {offlineUnit ? (
        <Stack spacing={2} data-testid="offline-unit">
          <Typography sx={{ fontSize: 22, fontWeight: 700 }}>{`Unit ${offlineUnit} (offline)`}</Typography>
          {failing ? (
            <ReasonButtons
              reasons={reasons.data?.items ?? []}
              color="error"
              onChoose={(id) => {
                setFailing(false);
                void judge(offlineUnit, { passed: false, reasonId: id, stationId: station });
              }}
            />
          ) : (
            <Stack direction="row" spacing={2}>
              <BigButton
                color="success"
                testId="qc-pass"
                onClick={() => void judge(offlineUnit, { passed: true, stationId: station })}
              >
                Pass
              </BigButton>
              <BigButton color="error" testId="qc-fail" onClick={() => setFailing(true)}>
                Fail
              </BigButton>
            </Stack>
          )}
        </Stack>
      ) : null}
      {unit ? (
        <UnitCard unit={unit}>
          {unit.status === "sewn" && points ? (
            <QcMeasurements points={points} values={values} onChange={setValues} />
          ) : null}
          {unit.status === "sewn" && !failing ? (
            <Stack direction="row" spacing={2}>
              <BigButton
                color="success"
                testId="qc-pass"
                onClick={() => {
                  const measured = points && points.points.length > 0 ? measurementsOf(points, values) : null;
                  if (measured && !measured.ok) {
                    setOutcome({ ok: false, message: measured.message });
                    return;
                  }
                  void judge(unit.barcode, {
                    passed: true,
                    stationId: station,
                    ...(measured?.ok ? { measurements: measured.measurements } : {}),
                  });
                }}
              >
                Pass
              </BigButton>
              <BigButton color="error" testId="qc-fail" onClick={() => setFailing(true)}>
                Fail
              </BigButton>
            </Stack>
          ) : null}
          {unit.status === "inspected" ? (
            <BigButton color="error" testId="qc-fail" onClick={() => setFailing(true)} variant="outlined">
              Fail after all
            </BigButton>
          ) : null}
          {failing && unit.status !== "failed" ? (
            <Stack spacing={1}>
              <Typography sx={{ fontSize: 20, fontWeight: 700 }}>Why does it fail?</Typography>
              <ReasonButtons
                reasons={reasons.data?.items ?? []}
                color="error"
                onChoose={(id) => {
                  setReasonId(id);
                  setFailing(false);
                  void judge(unit.barcode, { passed: false, reasonId: id, stationId: station });
                }}
              />
            </Stack>
          ) : null}
          {unit.status === "failed" && unit.allowedActions.includes("recut") ? (
            <Stack spacing={1}>
              <Typography sx={{ fontSize: 20, fontWeight: 700 }}>Recut it, or send it back a step:</Typography>
              <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
                <BigButton
                  color="warning"
                  testId="qc-recut"
                  disabled={reasonId === null && (reasons.data?.items.length ?? 0) === 0}
                  onClick={() => {
                    const id = reasonId ?? reasons.data?.items[0]?.id;
                    if (id === undefined) return;
                    const body = { reasonId: id, ...(station ? { stationId: station } : {}) };
                    void run(async () => {
                      const sent = await queue.submit(
                        unit.barcode,
                        { kind: "recut", barcode: unit.barcode, body },
                        (scanId) => recut(unit.barcode, body, scanId),
                      );
                      if (sent.queued) return { message: `${unit.barcode}: ${QUEUED_MESSAGE}`, unit: null };
                      return { message: sent.done.message, unit: sent.done.original };
                    });
                  }}
                >
                  Recut
                </BigButton>
                {REDO_TO.filter(
                  (s) => isEarlierState("failed", s) && (s !== "printed" || unit.printFileId !== null),
                ).map((s) => (
                  <BigButton
                    key={s}
                    variant="outlined"
                    testId={`redo-${s}`}
                    onClick={() => {
                      const body = { to: s, ...(station ? { stationId: station } : {}) };
                      void run(async () => {
                        const sent = await queue.submit(
                          unit.barcode,
                          { kind: "unitAction", barcode: unit.barcode, action: "redo_steps", body },
                          (scanId) => unitAction(unit.barcode, "redo_steps", body, scanId),
                        );
                        return sent.queued ? { message: `${unit.barcode}: ${QUEUED_MESSAGE}`, unit: null } : sent.done;
                      });
                    }}
                  >
                    {`Back to ${UNIT_STATUS_LABELS[s].toLowerCase()}`}
                  </BigButton>
                ))}
              </Stack>
            </Stack>
          ) : null}
        </UnitCard>
      ) : null}
      <QueuedScans scans={queue.scans} />
    </Stack>
  );
}
