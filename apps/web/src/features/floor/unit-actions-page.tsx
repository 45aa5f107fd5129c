import type { TFloorUnit } from "@hub/contracts/floor/actions";
import {
  type TRoutedUnitAction,
  type TUnitActionBody,
  UNIT_ACTION_LABELS,
  unitActionButton,
} from "@hub/contracts/floor/unit-actions";
import { isEarlierState, UNIT_PROGRESS, UNIT_STATUS_LABELS } from "@hub/contracts/floor/units";
import { MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { ScanInput } from "../../components/scan/scan-input";
import { getUnitByBarcode, unitAction, useUnitPrintFiles } from "./api";
import { BigButton, KioskIntro, Outcome, UnitCard, useOutcome } from "./kiosk-parts";
import { useStation } from "./use-station";

/**
 * Unit Actions (/unitActions): scan a unit and its allowed actions appear as big buttons (mark
 * printed, cut, sewn, inspected, swatches inspected, return to QC, cancel, resubmit…), with "Redo
 * steps" back to each earlier state. Scanning the next unit replaces it.
 */
export default function UnitActionsPage() {
  const [unit, setUnit] = useState<TFloorUnit | null>(null);
  const { outcome, setOutcome, press } = useOutcome();
  const { stationId, setStationId } = useStation("units");

  const onScan = async (code: string) => {
    setOutcome(null);
    const found = await getUnitByBarcode(code);
    setUnit(found);
    return { ok: true, message: `${found.barcode} is ${UNIT_STATUS_LABELS[found.status].toLowerCase()}.` };
  };

  const run = async (action: TRoutedUnitAction, body: Omit<TUnitActionBody, "scanId"> = {}) => {
    if (!unit) return;
    await press(
      () => unitAction(unit.barcode, action, { ...body, stationId: stationId ?? undefined }),
      (done) => setUnit(done.unit),
    );
  };

  // The buttons: the allowed actions the unit actions' table shows here (QC, recut, pack and ship have their own screens).
  const actions = unit ? unit.allowedActions.filter((a): a is TRoutedUnitAction => unitActionButton(a).shown) : [];
  // "Back to printed" only for a printed unit (one with a print file): an unprinted one never was.
  const earlier = unit
    ? UNIT_PROGRESS.filter(
        (s) => isEarlierState(unit.status, s) && s !== "shipped" && (s !== "printed" || unit.printFileId !== null),
      )
    : [];

  return (
    <Stack spacing={3}>
      <KioskIntro kinds={["cutter", "print", "sew", "qc", "pack"]} stationId={stationId} setStationId={setStationId}>
        Scan a unit to see what can be done to it.
      </KioskIntro>
      <ScanInput onScan={onScan} label="Scan a unit" />
      <Outcome outcome={outcome} />
      {unit ? (
        <UnitCard unit={unit}>
          <Stack spacing={2}>
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
              {actions.map((a) => (
                <BigButton
                  key={a}
                  color={unitActionButton(a).danger ? "error" : "primary"}
                  variant={unitActionButton(a).danger ? "outlined" : "contained"}
                  testId={`action-${a}`}
                  onClick={() => void run(a)}
                >
                  {UNIT_ACTION_LABELS[a]}
                </BigButton>
              ))}
              {actions.length === 0 ? (
                <Typography sx={{ fontSize: 20 }}>Nothing can be done to this unit here.</Typography>
              ) : null}
            </Stack>
            {unit.allowedActions.includes("print_file_update") ? (
              <PrintFilePicker
                unitId={unit.id}
                current={unit.printFileId}
                onChoose={(printFileId) => void run("print_file_update", { printFileId })}
              />
            ) : null}
            {earlier.length > 0 ? (
              <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
                <Typography sx={{ fontSize: 20, fontWeight: 700 }}>Redo steps:</Typography>
                {earlier.map((s) => (
                  <BigButton
                    key={s}
                    variant="outlined"
                    testId={`redo-${s}`}
                    onClick={() => void run("redo_steps", { to: s })}
                  >
                    {`Back to ${UNIT_STATUS_LABELS[s].toLowerCase()}`}
                  </BigButton>
                ))}
              </Stack>
            ) : null}
          </Stack>
        </UnitCard>
      ) : null}
    </Stack>
  );
}

/** "Print file": the unit's client's print files; choosing one (or none) changes the unit's print file. */
function PrintFilePicker({
  unitId,
  current,
  onChoose,
}: {
  unitId: number;
  current: number | null;
  onChoose: (printFileId: number | null) => void;
}) {
  const files = useUnitPrintFiles(unitId);
  const items = files.data?.items ?? [];
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap" }} useFlexGap>
      <Typography sx={{ fontSize: 20, fontWeight: 700 }}>Print file:</Typography>
      <TextField
        select
        label="Change print file"
        value={current === null ? "" : String(current)}
        onChange={(e) => onChoose(e.target.value === "" ? null : Number(e.target.value))}
        sx={{ minWidth: 320 }}
        helperText={
          files.isError
            ? "The print files could not be loaded."
            : items.length === 0 && !files.isLoading
              ? "This client has no print files."
              : " "
        }
      >
        <MenuItem value="">No print file</MenuItem>
        {items.map((file) => (
          <MenuItem key={file.id} value={String(file.id)}>
            {file.fileName}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
