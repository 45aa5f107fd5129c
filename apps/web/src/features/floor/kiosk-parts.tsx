import type { TFloorUnit, TToteDetail } from "@hub/contracts/floor/actions";
import type { TStationKind } from "@hub/contracts/floor/setup";
import { UNIT_STATUS_LABELS } from "@hub/contracts/floor/units";
import { Alert, Box, Button, Chip, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { type ReactNode, useState } from "react";
import { messageOf } from "../../lib/api-error";
import { useStations } from "./api";

/** Touch targets on the floor: at least 64 px. */
export const TARGET = 64;

/** A big button for a gloved thumb. */
export function BigButton({
  children,
  onClick,
  color = "primary",
  variant = "contained",
  disabled,
  testId,
}: {
  children: ReactNode;
  onClick: () => void;
  color?: "primary" | "success" | "error" | "warning" | "inherit" | "secondary";
  variant?: "contained" | "outlined";
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <Button
      variant={variant}
      color={color}
      size="large"
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
      sx={{ minHeight: TARGET, minWidth: 160, fontSize: 20, fontWeight: 700 }}
    >
      {children}
    </Button>
  );
}

/** The station this screen scans at, kept per screen in local storage (a tablet stays at its station). */
export function StationPicker({
  kinds,
  value,
  onChange,
}: {
  kinds: TStationKind[];
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const stations = useStations();
  const options = (stations.data?.items ?? []).filter((s) => s.active && kinds.includes(s.kind as TStationKind));
  return (
    <TextField
      select
      label="Station"
      value={value ?? ""}
      onChange={(e) => onChange(e.target.value === "" ? null : Number(e.target.value))}
      sx={{ minWidth: 260 }}
      slotProps={{ input: { sx: { minHeight: TARGET, fontSize: 20 } }, htmlInput: { "data-testid": "station" } }}
    >
      <MenuItem value="">No station</MenuItem>
      {options.map((s) => (
        <MenuItem key={s.id} value={s.id} sx={{ minHeight: 56, fontSize: 20 }}>
          {`${s.code} · ${s.name}`}
        </MenuItem>
      ))}
    </TextField>
  );
}

export type OutcomeState = { ok: boolean; message: string } | null;

/**
 * A screen's last button press: `press(work, then)` runs `work`, hands its answer to `then` and shows
 * its message (green), or shows why it was refused (red).
 */
export const useOutcome = () => {
  const [outcome, setOutcome] = useState<OutcomeState>(null);
  const press = async <T extends { message: string }>(work: () => Promise<T>, then?: (done: T) => void) => {
    try {
      const done = await work();
      then?.(done);
      setOutcome({ ok: true, message: done.message });
    } catch (error) {
      setOutcome({ ok: false, message: messageOf(error) });
    }
  };
  return { outcome, setOutcome, press };
};

/** A kiosk screen's first row: what to do, big, and the station it scans at. */
export function KioskIntro(props: {
  children: ReactNode;
  kinds: TStationKind[];
  stationId: number | null;
  setStationId: (id: number | null) => void;
}) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap" }}>
      <Typography sx={{ fontSize: 22, flexGrow: 1 }}>{props.children}</Typography>
      <StationPicker kinds={props.kinds} value={props.stationId} onChange={props.setStationId} />
    </Stack>
  );
}

/** The facility's QC reasons in use, a big button each. */
export function ReasonButtons(props: {
  reasons: { id: number; code: string; name: string; archived: boolean }[];
  color: "error" | "warning";
  onChoose: (reasonId: number) => void;
}) {
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
      {props.reasons
        .filter((r) => !r.archived)
        .map((r) => (
          <BigButton
            key={r.id}
            color={props.color}
            variant="outlined"
            testId={`reason-${r.code}`}
            onClick={() => props.onChoose(r.id)}
          >
            {r.name}
          </BigButton>
        ))}
    </Stack>
  );
}

/** The outcome of a button press (the scan field shows its own): green or red, big. */
export function Outcome({ outcome }: { outcome: OutcomeState }) {
  if (!outcome) return null;
  return (
    <Alert
      severity={outcome.ok ? "success" : "error"}
      variant="filled"
      data-testid="action-outcome"
      data-state={outcome.ok ? "ok" : "error"}
      sx={{ fontSize: 22, alignItems: "center", "& .MuiAlert-icon": { fontSize: 40 } }}
    >
      {outcome.message}
    </Alert>
  );
}

export const unitLine = (u: TFloorUnit) =>
  `${u.orderNumber} · line ${u.lineNumber} #${u.instance}${u.attempt > 1 ? ` (recut ${u.attempt - 1})` : ""} · ${u.styleCode} ${[u.size, u.colour].filter(Boolean).join(" / ")}`;

/** One unit, big: barcode, state, order and line. */
export function UnitCard({ unit, children }: { unit: TFloorUnit; children?: ReactNode }) {
  return (
    <Box data-testid="unit-card" sx={{ border: 2, borderColor: "divider", borderRadius: 2, p: 3 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap", mb: 1 }}>
        <Typography sx={{ fontSize: 32, fontWeight: 800, fontFamily: "monospace" }}>{unit.barcode}</Typography>
        <Chip
          label={UNIT_STATUS_LABELS[unit.status]}
          data-testid="unit-state"
          sx={{ fontSize: 20, height: 40, fontWeight: 700 }}
          color={unit.status === "failed" ? "error" : unit.status === "cancelled" ? "default" : "primary"}
        />
      </Stack>
      <Typography sx={{ fontSize: 20 }}>{unitLine(unit)}</Typography>
      <Typography sx={{ fontSize: 18, color: "text.secondary" }}>
        {`${unit.clientName} · due ${unit.dueDate ?? "—"}${unit.toteBarcode ? ` · tote ${unit.toteBarcode}` : ""}${unit.failReason ? ` · ${unit.failReason}` : ""}`}
      </Typography>
      {children ? <Box sx={{ mt: 2 }}>{children}</Box> : null}
    </Box>
  );
}

/** A tote with its order and units (find order by tote, assign tote). */
export function ToteCard({ tote, actions }: { tote: TToteDetail; actions?: ReactNode }) {
  return (
    <Box data-testid="tote-card" sx={{ border: 2, borderColor: "divider", borderRadius: 2, p: 3 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap" }}>
        <Typography sx={{ fontSize: 32, fontWeight: 800, fontFamily: "monospace" }}>{tote.barcode}</Typography>
        <Chip label={tote.status.replace("_", " ")} sx={{ fontSize: 18, height: 36 }} />
        <Typography data-testid="tote-order" sx={{ fontSize: 26, fontWeight: 700 }}>
          {tote.orderNumber ? `Order ${tote.orderNumber} · ${tote.clientName}` : "Empty"}
        </Typography>
      </Stack>
      {tote.stationCode ? (
        <Typography sx={{ fontSize: 18, color: "text.secondary" }}>
          {`${tote.status === "in_transit" ? "In transit to" : "At"} ${tote.stationCode}`}
        </Typography>
      ) : null}
      {actions ? (
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          {actions}
        </Stack>
      ) : null}
      {tote.units.length > 0 ? (
        <Box component="ul" data-testid="tote-units" sx={{ listStyle: "none", p: 0, m: 0, mt: 2 }}>
          {tote.units.map((u) => (
            <Box
              component="li"
              key={u.id}
              sx={{ display: "flex", gap: 2, py: 1, borderTop: 1, borderColor: "divider", fontSize: 20 }}
            >
              <Box sx={{ fontFamily: "monospace", fontWeight: 700, minWidth: 160 }}>{u.barcode}</Box>
              <Box sx={{ minWidth: 110, fontWeight: 700 }}>{UNIT_STATUS_LABELS[u.status]}</Box>
              <Box>{`line ${u.lineNumber} #${u.instance} · ${u.styleCode} ${[u.size, u.colour].filter(Boolean).join(" / ")}`}</Box>
            </Box>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

/** A station id kept per screen on this device. */
export const stationStore = (screen: string) => ({
  get: (): number | null => {
    const raw = localStorage.getItem(`hub.floor.station.${screen}`);
    return raw && /^\d+$/.test(raw) ? Number(raw) : null;
  },
  set: (id: number | null) => {
    if (id === null) localStorage.removeItem(`hub.floor.station.${screen}`);
    else localStorage.setItem(`hub.floor.station.${screen}`, String(id));
  },
});
