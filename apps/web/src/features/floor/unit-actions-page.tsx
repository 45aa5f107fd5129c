import type { TFloorUnit } from "@hub/contracts/floor/actions";
import {
  ROUTED_UNIT_ACTIONS,
  type TRoutedUnitAction,
  type TUnitActionBody,
  UNIT_ACTION_LABELS,
  UNIT_ACTION_RULES,
  unitActionButton,
} from "@hub/contracts/floor/unit-actions";
import { isEarlierState, UNIT_PROGRESS, UNIT_STATUS_LABELS } from "@hub/contracts/floor/units";
import { MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { ScanInput } from "../../components/scan/scan-input";
import { getUnitOrOffline, unitAction, useUnitPrintFiles } from "./api";
import { BigButton, KioskIntro, Outcome, UnitCard, useOutcome } from "./kiosk-parts";
import { QUEUED_MESSAGE } from "./scan-queue";
import { OfflineBanner, QueuedScans, useScanQueue } from "./use-scan-queue";
import { useStation } from "./use-station";

/** Offline, the unit's allowed actions are unknown: the forward steps are offered, and the Hub refuses a wrong one when it gets it. */
const OFFLINE_ACTIONS = ROUTED_UNIT_ACTIONS.filter(
  (a) => unitActionButton(a).shown && !unitActionButton(a).danger && UNIT_ACTION_RULES[a].to !== null,
).filter((a) => a.startsWith("mark_"));

/**
 * Unit Actions (/unitActions): scan a unit and its allowed actions appear as big buttons (mark
 * printed, cut, sewn, inspected, swatches inspected, return to QC, cancel, resubmit…), with "Redo
 * steps" back to each earlier state. Scanning the next unit replaces it.
 */
export default function UnitActionsPage() {
  const [unit, setUnit] = useState<TFloorUnit | null>(null);
  // A unit scanned while offline: its barcode alone (its details need the Hub).
  const [offlineUnit, setOfflineUnit] = useState<string | null>(null);
  const { outcome, setOutcome, press } = useOutcome();
  const { stationId, setStationId } = useStation("units");
  const queue = useScanQueue("unitActions");

  const onScan = async (code: string) => {
    setOutcome(null);
    setOfflineUnit(null);
    const found = await getUnitOrOffline(code);
    if (!found) {
      setUnit(null);
      setOfflineUnit(code);
      return { ok: true, queued: true, message: "Offline: choose what to do; it is sent when the network is back." };
    }
    setUnit(found);
    return { ok: true, message: `${found.barcode} is ${UNIT_STATUS_LABELS[found.status].toLowerCase()}.` };
  };

  const run = async (action: TRoutedUnitAction, body: Omit<TUnitActionBody, "scanId"> = {}) => {
    const barcode = unit?.barcode ?? offlineUnit;
    if (!barcode) return;
    const full = { ...body, ...(stationId ? { stationId } : {}) };
    await press(
      async () => {
        const sent = await queue.submit(barcode, { kind: "unitAction", barcode, action, body: full }, (scanId) =>
          unitAction(barcode, action, full, scanId),
        );
        return sent.queued ? { message: `${barcode}: ${QUEUED_MESSAGE}`, unit: null } : sent.done;
      },
      (done) => {
        if (done.unit) setUnit(done.unit);
        else setOfflineUnit(null);
      },
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
      <OfflineBanner online={queue.online} waiting={queue.waiting} />
      <ScanInput onScan={onScan} label="Scan a unit" />
      <Outcome outcome={outcome} />
      {offlineUnit ? (
        <Stack spacing={2} data-testid="offline-unit">
          <Typography sx={{ fontSize: 22, fontWeight: 700 }}>{`Unit ${offlineUnit} (offline)`}</Typography>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
            {OFFLINE_ACTIONS.map((a) => (
              <BigButton key={a} testId={`action-${a}`} onClick={() => void run(a)}>
                {UNIT_ACTION_LABELS[a]}
              </BigButton>
            ))}
          </Stack>
        </Stack>
      ) : null}
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
      <QueuedScans scans={queue.scans} />
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
