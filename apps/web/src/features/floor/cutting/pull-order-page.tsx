import { cuttingApi } from "@hub/contracts/floor/api";
import type { TPullResponse, TQueuedUnit } from "@hub/contracts/floor/cutting";
import { fabricsApi } from "@hub/contracts/library/resources-api";
import { Alert, Box, Button, Stack, TextField } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { useMemo, useState } from "react";
import { ListPage, SelectFilter } from "../../../components/list-page";
import { RefSelect } from "../../../components/resource/fields";
import { ScanInput } from "../../../components/scan/scan-input";
import { ApiError, messageOf } from "../../../lib/api-error";
import { parseId } from "../../../lib/ids";
import { useListFilters, useListState } from "../../../lib/list-state";
import { downloadListCsv } from "../../../lib/transfer";
import { type PullQuery, usePull, usePullQueue } from "./api";
import { CutterSelect } from "./cutter-select";
import { FabricStatusChip, OverrideDialog } from "./fabric-status";

const newKey = () => `pull-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
/** A unit's barcode (U-00000042) is its id. */
const unitIdOf = (code: string) => {
  const m = /^U-?(\d{1,10})$/i.exec(code.trim());
  return m ? Number(m[1]) : null;
};

const baseColumns: GridColDef<TQueuedUnit>[] = [
  { field: "barcode", headerName: "Unit", width: 120 },
  { field: "orderNumber", headerName: "Order", width: 110 },
  { field: "clientName", headerName: "Client", width: 150 },
  { field: "styleCode", headerName: "Style", width: 100 },
  { field: "size", headerName: "Size", width: 70 },
  { field: "colour", headerName: "Colour", width: 100 },
  { field: "fabricCode", headerName: "Fabric", width: 100 },
  { field: "dueDate", headerName: "Due", width: 110 },
  { field: "priority", headerName: "Priority", width: 80, type: "number" },
  { field: "stationName", headerName: "Pulled to", width: 130, sortable: false },
];

/** Units a pull is asked to take past the stock, with what the dialog says about them. */
type Override = { unitIds: number[]; name: string; label: string };

/**
 * /pullOrder (floor screen): the next units to cut, recuts and higher priority first, then by
 * due date; pull the next N (filtered by fabric) or scan units into a cutter's batch. Each unit
 * shows whether its fabric is in stock, reserved, or waiting (with the PO that would cover it); a
 * waiting unit may be pulled anyway with a reason.
 */
export default function PullOrderPage() {
  const { state, update, query } = useListState();
  const filters = useListFilters();
  const cutter = parseId(filters.get("cutter"));
  const fabricId = parseId(filters.get("fabric"));
  const pulledParam = filters.get("pulled");
  const pulled = pulledParam === "pulled" || pulledParam === "unpulled" ? pulledParam : undefined;
  const fullQuery: PullQuery = { ...query, fabricId: fabricId ?? undefined, pulled };
  const list = usePullQueue(fullQuery);
  const pull = usePull();
  const [count, setCount] = useState(20);
  const [key, setKey] = useState(newKey);
  const [done, setDone] = useState<string | null>(null);
  const [waiting, setWaiting] = useState<TPullResponse["waiting"]>([]);
  const [override, setOverride] = useState<Override | null>(null);
  const pulledNow = (r: TPullResponse) => {
    setDone(r.message);
    setWaiting(r.waiting);
  };
  const columns = useMemo<GridColDef<TQueuedUnit>[]>(
    () => [
      ...baseColumns,
      {
        field: "fabricStatus",
        headerName: "Fabric stock",
        width: 330,
        sortable: false,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", height: "100%", minWidth: 0 }}>
            <FabricStatusChip status={row.fabricStatus} />
            {row.fabricStatus?.state === "waiting" && row.stationId === null && cutter !== null ? (
              <Button
                size="small"
                onClick={() =>
                  setOverride({
                    unitIds: [row.id],
                    name: row.barcode,
                    label: row.fabricStatus?.label ?? "Waiting for fabric",
                  })
                }
              >
                Pull anyway…
              </Button>
            ) : null}
          </Stack>
        ),
      },
    ],
    [cutter],
  );

  return (
    <>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", mb: 2, flexWrap: "wrap" }} useFlexGap>
        <CutterSelect value={cutter} onChange={(id) => filters.set("cutter", id === null ? null : String(id))} />
        <TextField
          label="How many"
          type="number"
          size="small"
          value={count}
          onChange={(e) => setCount(Number(e.target.value))}
          sx={{ width: 120 }}
        />
        <Button
          variant="contained"
          size="large"
          disabled={cutter === null || pull.isPending}
          onClick={() =>
            cutter !== null &&
            pull.mutate(
              { body: { cutterStationId: cutter, count, ...(fabricId !== null ? { fabricId } : {}) }, key },
              {
                onSuccess: (r) => {
                  pulledNow(r);
                  setKey(newKey());
                },
              },
            )
          }
        >
          Pull next {count}
        </Button>
      </Stack>
      {pull.error ? <Alert severity="error">{messageOf(pull.error)}</Alert> : null}
      {done ? (
        <Alert severity={waiting.length > 0 ? "warning" : "success"} onClose={() => setDone(null)}>
          {done}
          {waiting.length > 0 ? (
            <>
              <Box component="ul" sx={{ my: 1, pl: 3 }}>
                {waiting.map((w) => (
                  <li key={w.unitId}>
                    {w.barcode}: {w.fabricStatus.label}
                  </li>
                ))}
              </Box>
              <Button
                size="small"
                color="warning"
                variant="outlined"
                onClick={() =>
                  setOverride({
                    unitIds: waiting.map((w) => w.unitId),
                    name: waiting.length === 1 ? (waiting[0]?.barcode ?? "") : `${waiting.length} units`,
                    label: waiting[0]?.fabricStatus.label ?? "Waiting for fabric",
                  })
                }
              >
                Pull {waiting.length === 1 ? "it" : "them"} anyway…
              </Button>
            </>
          ) : null}
        </Alert>
      ) : null}
      <OverrideDialog
        subject={override}
        onClose={() => setOverride(null)}
        onConfirm={async (reason) => {
          if (cutter === null || override === null) return;
          const r = await pull.mutateAsync({
            body: { cutterStationId: cutter, unitIds: override.unitIds, overrideReason: reason },
            key: newKey(),
          });
          pulledNow(r);
        }}
      />
      <ScanInput
        label={
          cutter === null ? "Choose a cutter, then scan units to pull them" : "Scan a unit to pull it to the cutter"
        }
        onScan={async (code) => {
          if (cutter === null) return { ok: false, message: "Choose a cutter first." };
          const id = unitIdOf(code);
          if (id === null) return { ok: false, message: `${code} is not a unit barcode.` };
          try {
            const r = await pull.mutateAsync({ body: { cutterStationId: cutter, unitIds: [id] }, key: newKey() });
            return { ok: true, message: `${code.toUpperCase()}: ${r.message}` };
          } catch (e) {
            // Short of fabric: the screen says so and offers to pull it anyway, with a reason.
            if (e instanceof ApiError && e.fields?.fabric)
              setOverride({ unitIds: [id], name: code.toUpperCase(), label: e.fields.fabric });
            return { ok: false, message: messageOf(e) };
          }
        }}
      />
      <ListPage<TQueuedUnit>
        title="Pull Order"
        subtitle="The next units to cut: recuts and higher priority first, then the earliest due date."
        list={list}
        listState={{ state, update }}
        label="Units to cut"
        columns={columns}
        getRowId={(row) => row.id}
        searchPlaceholder="Search unit, order, style, client…"
        emptyText="No units are waiting to be cut"
        exportCsv={() => downloadListCsv(cuttingApi.exportPullCsv, { ...fullQuery }, "pull-order")}
        actions={
          <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexShrink: 0 }}>
            <Box sx={{ width: 220 }}>
              <RefSelect
                resource={fabricsApi.lookup}
                label="Fabric"
                size="small"
                value={fabricId}
                onChange={(id) => filters.set("fabric", id === null ? null : String(id))}
              />
            </Box>
            <SelectFilter
              label="Pulled"
              value={pulled}
              options={[
                { value: "unpulled", label: "Not pulled" },
                { value: "pulled", label: "Pulled" },
              ]}
              width={150}
              onChange={(v) => filters.set("pulled", v)}
            />
          </Stack>
        }
      />
    </>
  );
}
