import type { TFloorUnit } from "@hub/contracts/floor/actions";
import { UNIT_STATUS_LABELS } from "@hub/contracts/floor/units";
import { Stack } from "@mui/material";
import { useState } from "react";
import { ScanInput } from "../../components/scan/scan-input";
import { getUnitByBarcode, recut, useQcReasons } from "./api";
import { KioskIntro, Outcome, ReasonButtons, UnitCard, useOutcome } from "./kiosk-parts";
import { useStation } from "./use-station";

/**
 * Recut Garment (/recutTote): scan a unit, choose a reason: a recut unit linked to the original
 * goes to the front of the queue and the original is closed as failed.
 */
export default function RecutPage() {
  const [unit, setUnit] = useState<TFloorUnit | null>(null);
  const [made, setMade] = useState<TFloorUnit | null>(null);
  const { outcome, setOutcome, press } = useOutcome();
  const reasons = useQcReasons();
  const { stationId, setStationId } = useStation("recut");

  const onScan = async (code: string) => {
    setOutcome(null);
    setMade(null);
    const found = await getUnitByBarcode(code);
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
    if (!unit) return;
    await press(
      () => recut(unit.barcode, { reasonId, stationId: stationId ?? undefined }),
      (done) => {
        setUnit(done.original);
        setMade(done.recut);
      },
    );
  };

  return (
    <Stack spacing={3}>
      <KioskIntro kinds={["qc", "cutter", "sew"]} stationId={stationId} setStationId={setStationId}>
        Scan the garment to recut, then choose why.
      </KioskIntro>
      <ScanInput onScan={onScan} label="Scan a unit" />
      <Outcome outcome={outcome} />
      {unit ? (
        <UnitCard unit={unit}>
          {!made && unit.allowedActions.includes("recut") ? (
            <ReasonButtons reasons={reasons.data?.items ?? []} color="warning" onChoose={(id) => void choose(id)} />
          ) : null}
        </UnitCard>
      ) : null}
      {made ? <UnitCard unit={made} /> : null}
    </Stack>
  );
}
