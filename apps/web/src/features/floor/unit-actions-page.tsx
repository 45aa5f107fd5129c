import { type TFloorUnit, type TUnitActionRoute, UNIT_ACTION_ROUTES } from "@hub/contracts/floor/actions";
import {
  isEarlierState,
  type TUnitAction,
  UNIT_ACTION_LABELS,
  UNIT_PROGRESS,
  UNIT_STATUS_LABELS,
} from "@hub/contracts/floor/units";
import { MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { ScanInput } from "../../components/scan/scan-input";
import { messageOf } from "../../lib/api-error";
import { getUnitByBarcode, unitAction, useUnitPrintFiles } from "./api";
import { BigButton, Outcome, StationPicker, UnitCard } from "./kiosk-parts";
import { useStation } from "./use-station";

/** The route of each action this screen offers (QC, recut, pack and ship have their own screens). */
const ROUTE_OF = Object.fromEntries(
  Object.entries(UNIT_ACTION_ROUTES).map(([route, action]) => [action, route]),
) as Partial<Record<TUnitAction, TUnitActionRoute>>;
const HIDDEN: TUnitAction[] = ["print_file_update", "redo_steps", "status_update"];
const DANGER: TUnitAction[] = ["cancel"];

/**
 * Unit Actions (/unitActions): scan a unit and its allowed actions appear as big buttons (mark
 * printed, cut, sewn, inspected, swatches inspected, return to QC, cancel, resubmit…), with "Redo
 * steps" back to each earlier state. Scanning the next unit replaces it.
 */
export default function UnitActionsPage() {
  const [unit, setUnit] = useState<TFloorUnit | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const { stationId, setStationId } = useStation("units");

  const onScan = async (code: string) => {
    setOutcome(null);
    const found = await getUnitByBarcode(code);
    setUnit(found);
    return { ok: true, message: `${found.barcode} is ${UNIT_STATUS_LABELS[found.status].toLowerCase()}.` };
  };

  const run = async (route: TUnitActionRoute, body: Record<string, unknown> = {}) => {
    if (!unit) return;
    try {
      const done = await unitAction(unit.barcode, route, { ...body, stationId: stationId ?? undefined });
      setUnit(done.unit);
      setOutcome({ ok: true, message: done.message });
    } catch (error) {
      setOutcome({ ok: false, message: messageOf(error) });
    }
  };

  const actions = unit
    ? unit.allowedActions.filter((a): a is TUnitAction => ROUTE_OF[a] !== undefined && !HIDDEN.includes(a))
    : [];
  // "Back to printed" only for a printed unit (one with a print file): an unprinted one never was.
  const earlier = unit
    ? UNIT_PROGRESS.filter(
        (s) => isEarlierState(unit.status, s) && s !== "shipped" && (s !== "printed" || unit.printFileId !== null),
      )
    : [];

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap" }}>
        <Typography sx={{ fontSize: 22, flexGrow: 1 }}>Scan a unit to see what can be done to it.</Typography>
        <StationPicker kinds={["cutter", "print", "sew", "qc", "pack"]} value={stationId} onChange={setStationId} />
      </Stack>
      <ScanInput onScan={onScan} label="Scan a unit" />
      <Outcome outcome={outcome} />
      {unit ? (
        <UnitCard unit={unit}>
          <Stack spacing={2}>
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
              {actions.map((a) => (
                <BigButton
                  key={a}
                  color={DANGER.includes(a) ? "error" : "primary"}
                  variant={DANGER.includes(a) ? "outlined" : "contained"}
                  testId={`action-${a}`}
                  onClick={() => {
                    const route = ROUTE_OF[a];
                    if (route) void run(route);
                  }}
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
                onChoose={(printFileId) => void run("printFile", { printFileId })}
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
                    onClick={() => void run("redoSteps", { to: s })}
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
