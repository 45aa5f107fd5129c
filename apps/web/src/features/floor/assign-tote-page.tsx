import { FLOOR_MESSAGES, TOTE_BARCODE_PATTERN, type TToteDetail } from "@hub/contracts/floor/actions";
import { Stack } from "@mui/material";
import { useState } from "react";
import { ScanInput } from "../../components/scan/scan-input";
import { assignUnit, getTote, toteAction } from "./api";
import { BigButton, KioskIntro, Outcome, ToteCard, useOutcome } from "./kiosk-parts";
import { useStation } from "./use-station";

/**
 * Assign Tote (/assignTote): scan a tote, then its units; the tote holds units of one order (the
 * Hub refuses another order's unit and says why). Scanning another tote switches to it.
 */
export default function AssignTotePage() {
  const [tote, setTote] = useState<TToteDetail | null>(null);
  const { outcome, setOutcome, press } = useOutcome();
  const { stationId, setStationId } = useStation("assignTote");

  const onScan = async (code: string) => {
    setOutcome(null);
    if (TOTE_BARCODE_PATTERN.test(code)) {
      const found = await getTote(code);
      setTote(found);
      return {
        ok: true,
        message: found.orderNumber
          ? `Tote ${found.barcode}: order ${found.orderNumber}, ${found.unitCount} units. Scan units.`
          : `Tote ${found.barcode} is empty. Scan units.`,
      };
    }
    if (!tote) return { ok: false, message: FLOOR_MESSAGES.scanToteFirst };
    const done = await assignUnit(tote.barcode, code, stationId ?? undefined);
    setTote(done.tote);
    return { ok: true, message: done.message };
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
        {tote ? `Scanning into tote ${tote.barcode}` : "Scan a tote, then its units."}
      </KioskIntro>
      <ScanInput onScan={onScan} label={tote ? "Scan a unit (or another tote)" : "Scan a tote"} />
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
    </Stack>
  );
}
