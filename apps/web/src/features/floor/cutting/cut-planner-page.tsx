import { cuttingApi } from "@hub/contracts/floor/api";
import { PLAN_DEFAULTS, type TCutPlan, type TPlanLimits, type TPlanTotals } from "@hub/contracts/floor/cutting";
import { fabricsApi } from "@hub/contracts/library/resources-api";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { RefSelect } from "../../../components/resource/fields";
import { call, pathTo } from "../../../lib/api";
import { messageOf } from "../../../lib/api-error";
import { openPdf } from "../../../lib/open-pdf";
import { useFactoryConfig } from "../../factory-config/api";
import { pct, ratioText, useAcceptPlan, useDiscardPlan, usePlan, usePull, yd } from "./api";
import { CutterSelect } from "./cutter-select";
import { FabricStatusChip, OverrideDialog } from "./fabric-status";

const newKey = () => `pull-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

function Totals({ label, t }: { label: string; t: TPlanTotals }) {
  return (
    <TableRow>
      <TableCell>{label}</TableCell>
      <TableCell align="right">{t.lays}</TableCell>
      <TableCell align="right">{t.plies}</TableCell>
      <TableCell align="right">{t.garments}</TableCell>
      <TableCell align="right">{yd(t.fabricInches)}</TableCell>
      <TableCell align="right">{pct(t.utilisation)}</TableCell>
    </TableRow>
  );
}

const numberField = (label: string, value: number, set: (n: number) => void, step = 1) => (
  <TextField
    label={label}
    type="number"
    size="small"
    value={value}
    onChange={(e) => set(Number(e.target.value))}
    slotProps={{ htmlInput: { step, min: 0 } }}
    sx={{ width: 170 }}
  />
);

/**
 * /cutPlannerAuto: plans the queued units (those pulled to a cutter, or all; optionally one
 * fabric) into lays per fabric, colour and style, shows each lay and the totals beside the naive
 * one-size-per-lay plan, and accepting makes the printable cut tickets, queued to a cutter. Each
 * lay shows whether its fabric is reserved, in stock or waiting for a PO; a waiting lay may be
 * pulled anyway with a reason (its units reserve past the stock), and the plan re-read.
 */
export default function CutPlannerPage() {
  const [source, setSource] = useState<number | null>(null);
  const [fabricId, setFabricId] = useState<number | null>(null);
  // The facility's cut planner defaults (Factory Config); only the limits changed here are sent, the
  // server fills the rest from the defaults of the units' facility.
  const facility = useFactoryConfig();
  const defaults: TPlanLimits = facility.data
    ? {
        maxPlies: facility.data.settings.cutMaxPlies,
        tableLengthInches: facility.data.settings.cutTableLengthInches,
        maxGarmentsPerPly: facility.data.settings.cutMaxGarmentsPerPly,
        endAllowanceInches: facility.data.settings.cutEndAllowanceInches,
      }
    : PLAN_DEFAULTS;
  const [changed, setChanged] = useState<Partial<TPlanLimits>>({});
  const limits: TPlanLimits = { ...defaults, ...changed };
  const [target, setTarget] = useState<number | null>(null);
  const [plan, setPlan] = useState<TCutPlan | null>(null);
  const planning = usePlan();
  const accepting = useAcceptPlan();
  const discarding = useDiscardPlan();
  const pull = usePull();
  const [override, setOverride] = useState<{ unitIds: number[]; name: string; label: string } | null>(null);
  const error = planning.error ?? accepting.error ?? discarding.error;
  const lays = plan?.groups.flatMap((g) => g.lays) ?? [];
  const waitingLays = lays.filter((l) => l.fabricStatus?.state === "waiting");
  /** Where a lay pulled anyway goes: the cutter it will be cut at, else the one its units were planned from. */
  const pullTo = target ?? source;
  const set = (k: keyof TPlanLimits) => (n: number) => setChanged((l) => ({ ...l, [k]: n }));

  return (
    <>
      <PageHeader
        title="Cut Planner"
        subtitle="Groups the queued units by fabric, colour and style into lays: few lays, little fabric, every unit cut exactly once."
      />
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {messageOf(error)}
        </Alert>
      ) : null}
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
            <CutterSelect label="Units pulled to" allLabel="All queued units" value={source} onChange={setSource} />
            <Box sx={{ width: 240 }}>
              <RefSelect
                resource={fabricsApi.lookup}
                label="Fabric"
                size="small"
                value={fabricId}
                onChange={setFabricId}
              />
            </Box>
            {numberField("Max plies", limits.maxPlies, set("maxPlies"))}
            {numberField("Table length (in)", limits.tableLengthInches, set("tableLengthInches"))}
            {numberField("Garments per ply", limits.maxGarmentsPerPly, set("maxGarmentsPerPly"))}
            {numberField("End allowance (in)", limits.endAllowanceInches, set("endAllowanceInches"), 0.5)}
            <Button
              variant="contained"
              disabled={planning.isPending}
              onClick={() =>
                planning.mutate(
                  {
                    ...(source !== null ? { cutterStationId: source } : {}),
                    ...(fabricId !== null ? { fabricId } : {}),
                    limits: changed,
                  },
                  {
                    onSuccess: (p) => {
                      setPlan(p);
                      setTarget(source);
                    },
                  },
                )
              }
            >
              Plan
            </Button>
          </Stack>
        </CardContent>
      </Card>

      {plan ? (
        <>
          <Card sx={{ mb: 3 }}>
            <CardContent>
              <Stack direction="row" spacing={2} sx={{ alignItems: "center", mb: 1 }}>
                <Typography variant="h6">Plan {plan.id}</Typography>
                <Chip
                  label={plan.status === "accepted" ? "Accepted" : plan.status === "draft" ? "Draft" : "Discarded"}
                  color={plan.status === "accepted" ? "success" : "default"}
                />
              </Stack>
              <Table size="small" aria-label="Plan totals">
                <TableHead>
                  <TableRow>
                    <TableCell />
                    <TableCell align="right">Lays</TableCell>
                    <TableCell align="right">Plies</TableCell>
                    <TableCell align="right">Garments</TableCell>
                    <TableCell align="right">Fabric</TableCell>
                    <TableCell align="right">Utilisation</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  <Totals label="This plan" t={plan.totals} />
                  <Totals label="Naive (one size per lay)" t={plan.naiveTotals} />
                </TableBody>
              </Table>
              {plan.unplanned.length > 0 ? (
                <Alert severity="warning" sx={{ mt: 2 }}>
                  Not planned: {plan.unplanned.map((u) => `${u.barcode} (${u.reason})`).join("; ")}
                </Alert>
              ) : null}
              {plan.status === "draft" && waitingLays.length > 0 ? (
                <Alert severity="warning" sx={{ mt: 2 }}>
                  {waitingLays.length === 1 ? "Lay" : "Lays"} {waitingLays.map((l) => l.lay).join(", ")}{" "}
                  {waitingLays.length === 1 ? "is" : "are"} waiting for fabric: accepting refuses a unit whose fabric is
                  short. Pull a lay anyway (with a reason) first, or plan without it.
                </Alert>
              ) : null}
              <OverrideDialog
                subject={override}
                onClose={() => setOverride(null)}
                onConfirm={async (reason) => {
                  if (pullTo === null || override === null) return;
                  await pull.mutateAsync({
                    body: { cutterStationId: pullTo, unitIds: override.unitIds, overrideReason: reason },
                    key: newKey(),
                  });
                  setPlan(await call(cuttingApi.getPlan, { params: { id: plan.id } }));
                }}
              />
              {plan.status === "draft" ? (
                <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: "center" }}>
                  <CutterSelect label="Cut at" value={target} onChange={setTarget} />
                  <Button
                    variant="contained"
                    disabled={target === null || accepting.isPending}
                    onClick={() =>
                      target !== null &&
                      accepting.mutate({ id: plan.id, body: { cutterStationId: target } }, { onSuccess: setPlan })
                    }
                  >
                    Accept plan
                  </Button>
                  <Button
                    color="error"
                    disabled={discarding.isPending}
                    onClick={() => discarding.mutate(plan.id, { onSuccess: setPlan })}
                  >
                    Discard
                  </Button>
                </Stack>
              ) : null}
              {plan.status === "accepted" ? (
                <Alert severity="success" sx={{ mt: 2 }}>
                  {lays.length} cut {lays.length === 1 ? "ticket was" : "tickets were"} made.{" "}
                  <RouterLink to={`/queuedToCut?cutter=${lays[0]?.cutterStationId ?? ""}`}>
                    Open Queued To Cut
                  </RouterLink>
                </Alert>
              ) : null}
            </CardContent>
          </Card>
          {plan.groups.map((g) => (
            <Card key={`${g.fabricId}-${g.colour}-${g.styleId}`} sx={{ mb: 2 }}>
              <CardContent>
                <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                  {g.fabricCode} · {g.colour ?? "no colour"} · {g.styleCode}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Demand {ratioText(g.demand)} · {g.totals.lays} lays against {g.naiveTotals.lays} naive · utilisation{" "}
                  {pct(g.totals.utilisation)} against {pct(g.naiveTotals.utilisation)}
                </Typography>
                <Table size="small" aria-label={`Lays of ${g.fabricCode} ${g.colour ?? ""} ${g.styleCode}`}>
                  <TableHead>
                    <TableRow>
                      <TableCell>Lay</TableCell>
                      <TableCell>Ratio per ply</TableCell>
                      <TableCell align="right">Plies</TableCell>
                      <TableCell align="right">Garments</TableCell>
                      <TableCell align="right">Length (in)</TableCell>
                      <TableCell align="right">Utilisation</TableCell>
                      <TableCell>Marker</TableCell>
                      <TableCell>Fabric stock</TableCell>
                      <TableCell>Ticket</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {g.lays.map((l) => (
                      <TableRow key={l.lay}>
                        <TableCell>{l.lay}</TableCell>
                        <TableCell>{ratioText(l.ratio)}</TableCell>
                        <TableCell align="right">{l.plies}</TableCell>
                        <TableCell align="right">{l.garments}</TableCell>
                        <TableCell align="right">{l.lengthInches.toFixed(2)}</TableCell>
                        <TableCell align="right">{pct(l.utilisation)}</TableCell>
                        <TableCell>{l.markerName ?? "from consumption"}</TableCell>
                        <TableCell>
                          <FabricStatusChip status={l.fabricStatus} />
                          {plan.status === "draft" && l.fabricStatus?.state === "waiting" ? (
                            <Button
                              size="small"
                              disabled={pullTo === null}
                              title={pullTo === null ? "Choose the cutter it is cut at first" : undefined}
                              onClick={() =>
                                setOverride({
                                  unitIds: l.unitIds,
                                  name: `Lay ${l.lay} (${l.garments} ${l.garments === 1 ? "unit" : "units"})`,
                                  label: l.fabricStatus?.label ?? "Waiting for fabric",
                                })
                              }
                            >
                              Pull anyway…
                            </Button>
                          ) : null}
                        </TableCell>
                        <TableCell>
                          {l.ticketId ? (
                            <Button
                              size="small"
                              onClick={() =>
                                openPdf(
                                  pathTo(cuttingApi.ticketPdf, { params: { id: l.ticketId ?? 0 } }),
                                  `cut-ticket-${l.ticketNumber}.pdf`,
                                )
                              }
                            >
                              {l.ticketNumber}
                            </Button>
                          ) : (
                            "-"
                          )}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </CardContent>
            </Card>
          ))}
        </>
      ) : null}
    </>
  );
}
