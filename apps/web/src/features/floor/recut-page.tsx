import type { TFloorUnit } from "@hub/contracts/floor/actions";
import { UNIT_STATUS_LABELS } from "@hub/contracts/floor/units";
import { Stack, Typography } from "@mui/material";
import { useState } from "react";
import { ScanInput } from "../../components/scan/scan-input";
import { messageOf } from "../../lib/api-error";
import { getUnitByBarcode, recut, useQcReasons } from "./api";
import { BigButton, Outcome, StationPicker, UnitCard } from "./kiosk-parts";
import { useStation } from "./use-station";

/**
 * Recut Garment (/recutTote): scan a unit, choose a reason: a recut unit linked to the original
 * goes to the front of the queue and the original is closed as failed.
 */
export default function RecutPage() {
  const [unit, setUnit] = useState<TFloorUnit | null>(null);
  const [made, setMade] = useState<TFloorUnit | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
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
    try {
      const done = await recut(unit.barcode, { reasonId, stationId: stationId ?? undefined });
      setUnit(done.original);
      setMade(done.recut);
      setOutcome({ ok: true, message: done.message });
    } catch (error) {
      setOutcome({ ok: false, message: messageOf(error) });
    }
  };

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap" }}>
        <Typography sx={{ fontSize: 22, flexGrow: 1 }}>Scan the garment to recut, then choose why.</Typography>
        <StationPicker kinds={["qc", "cutter", "sew"]} value={stationId} onChange={setStationId} />
      </Stack>
      <ScanInput onScan={onScan} label="Scan a unit" />
      <Outcome outcome={outcome} />
      {unit ? (
        <UnitCard unit={unit}>
          {!made && unit.allowedActions.includes("recut") ? (
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
              {(reasons.data?.items ?? [])
                .filter((r) => !r.archived)
                .map((r) => (
                  <BigButton
                    key={r.id}
                    color="warning"
                    variant="outlined"
                    testId={`reason-${r.code}`}
                    onClick={() => void choose(r.id)}
                  >
                    {r.name}
                  </BigButton>
                ))}
            </Stack>
          ) : null}
        </UnitCard>
      ) : null}
      {made ? <UnitCard unit={made} /> : null}
    </Stack>
  );
}
