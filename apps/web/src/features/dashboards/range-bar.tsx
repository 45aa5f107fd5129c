import {
  DASHBOARD_RANGES,
  RANGE_LABELS,
  type TDashboardQuery,
  type TDashboardRange,
  type TResolvedRange,
} from "@hub/contracts/dashboards/range";
import { MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useSearchParams } from "react-router";
import { useAuth } from "../../lib/auth/auth-context";
import { useLimitedClients } from "../clients/api";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A dashboard's range and client in the URL (`?range=90d`, `?range=custom&from=…&to=…`,
 * `&clientId=…`), so a reload or a shared link shows the same figures.
 */
export const useDashboardQuery = (defaultRange: TDashboardRange = "30d") => {
  const [params, setParams] = useSearchParams();
  const range = DASHBOARD_RANGES.find((r) => r === params.get("range")) ?? defaultRange;
  const date = (k: string) => {
    const v = params.get(k);
    return v && DATE.test(v) ? v : undefined;
  };
  const clientId = Number.parseInt(params.get("clientId") ?? "", 10) || undefined;
  const from = date("from");
  const to = date("to");
  const query: TDashboardQuery =
    range === "custom" && from && to
      ? { range, from, to, clientId }
      : { range: range === "custom" ? defaultRange : range, clientId };
  const set = (patch: Record<string, string | undefined>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );
  return { query, range, from, to, clientId, set };
};

/** The range picker (presets, custom dates), the client picker for facility and internal users, and the dates shown. */
export function RangeBar({
  state,
  resolved,
}: {
  state: ReturnType<typeof useDashboardQuery>;
  resolved: TResolvedRange | undefined;
}) {
  const { user } = useAuth();
  const isClient = user?.userType === "client";
  const clients = useLimitedClients(!isClient);
  return (
    <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ mb: 3, alignItems: { md: "center" } }}>
      <TextField
        select
        size="small"
        label="Range"
        value={state.range}
        onChange={(e) => {
          const range = e.target.value;
          state.set(
            range === "custom"
              ? { range, from: resolved?.from, to: resolved?.to }
              : { range, from: undefined, to: undefined },
          );
        }}
        sx={{ minWidth: 180 }}
        slotProps={{ htmlInput: { "aria-label": "Range" } }}
      >
        {DASHBOARD_RANGES.map((r) => (
          <MenuItem key={r} value={r}>
            {RANGE_LABELS[r]}
          </MenuItem>
        ))}
      </TextField>
      {state.range === "custom" ? (
        <>
          <TextField
            type="date"
            size="small"
            label="From"
            value={state.from ?? resolved?.from ?? ""}
            onChange={(e) => state.set({ from: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            size="small"
            label="To"
            value={state.to ?? resolved?.to ?? ""}
            onChange={(e) => state.set({ to: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </>
      ) : null}
      {!isClient && (clients.data?.length ?? 0) > 0 ? (
        <TextField
          select
          size="small"
          label="Client"
          value={state.clientId ? String(state.clientId) : ""}
          onChange={(e) => state.set({ clientId: e.target.value || undefined })}
          sx={{ minWidth: 200 }}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">All clients</MenuItem>
          {(clients.data ?? []).map((c) => (
            <MenuItem key={c.clientId} value={String(c.clientId)}>
              {c.clientName}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {resolved ? (
        <Typography variant="body2" color="text.secondary" data-testid="range-dates">
          {`${resolved.from} to ${resolved.to} (compared with ${resolved.previousFrom} to ${resolved.previousTo})`}
        </Typography>
      ) : null}
    </Stack>
  );
}
