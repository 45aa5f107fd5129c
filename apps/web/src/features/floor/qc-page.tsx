import type { TFloorUnit } from "@hub/contracts/floor/actions";
import { isEarlierState, type TUnitStatus, UNIT_STATUS_LABELS } from "@hub/contracts/floor/units";
import type { TQcPoints } from "@hub/contracts/products/tech-pack/style-source";
import { Stack, Typography } from "@mui/material";
import { useState } from "react";
import { ScanInput } from "../../components/scan/scan-input";
import { getQcPoints, getUnitByBarcode, inspect, recut, unitAction, useQcReasons } from "./api";
import { BigButton, KioskIntro, Outcome, ReasonButtons, UnitCard, useOutcome } from "./kiosk-parts";
import { type MeasureValues, measurementsOf, QcMeasurements } from "./qc-measurements";
import { useStation } from "./use-station";

const REDO_TO: TUnitStatus[] = ["queued", "printed", "cut", "sewn"];

/**
 * QC Inspection (/qcInspection): scan a unit, then Pass, or Fail with one of the facility's reason
 * codes; a failed unit then goes to a recut (a new unit at the front of the queue) or back a step.
 */
export default function QcPage() {
  const [unit, setUnit] = useState<TFloorUnit | null>(null);
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
    const found = await getUnitByBarcode(code);
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

  const run = (work: () => Promise<{ message: string; unit: TFloorUnit }>) => press(work, (done) => setUnit(done.unit));
  const station = stationId ?? undefined;

  return (
    <Stack spacing={3}>
      <KioskIntro kinds={["qc"]} stationId={stationId} setStationId={setStationId}>
        Scan a sewn unit, measure its critical points if it shows them, then pass or fail it.
      </KioskIntro>
      <ScanInput onScan={onScan} label="Scan a unit" />
      <Outcome outcome={outcome} />
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
                  void run(() =>
                    inspect(unit.barcode, {
                      passed: true,
                      stationId: station,
                      ...(measured?.ok ? { measurements: measured.measurements } : {}),
                    }),
                  );
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
                  void run(() => inspect(unit.barcode, { passed: false, reasonId: id, stationId: station }));
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
                    void run(async () => {
                      const done = await recut(unit.barcode, { reasonId: id, stationId: station });
                      return { message: done.message, unit: done.original };
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
                    onClick={() => run(() => unitAction(unit.barcode, "redo_steps", { to: s, stationId: station }))}
                  >
                    {`Back to ${UNIT_STATUS_LABELS[s].toLowerCase()}`}
                  </BigButton>
                ))}
              </Stack>
            </Stack>
          ) : null}
        </UnitCard>
      ) : null}
    </Stack>
  );
}
