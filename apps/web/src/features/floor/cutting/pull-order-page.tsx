import { cuttingApi } from "@hub/contracts/floor/api";
import type { TQueuedUnit } from "@hub/contracts/floor/cutting";
import { fabricsApi } from "@hub/contracts/library/resources-api";
import { Alert, Box, Button, Stack, TextField } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { useState } from "react";
import { ListPage, SelectFilter } from "../../../components/list-page";
import { RefSelect } from "../../../components/resource/fields";
import { ScanInput } from "../../../components/scan/scan-input";
import { messageOf } from "../../../lib/api-error";
import { parseId } from "../../../lib/ids";
import { useListFilters, useListState } from "../../../lib/list-state";
import { downloadListCsv } from "../../../lib/transfer";
import { type PullQuery, usePull, usePullQueue } from "./api";
import { CutterSelect } from "./cutter-select";

const newKey = () => `pull-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
/** A unit's barcode (U-00000042) is its id. */
const unitIdOf = (code: string) => {
  const m = /^U-?(\d{1,10})$/i.exec(code.trim());
  return m ? Number(m[1]) : null;
};

const columns: GridColDef<TQueuedUnit>[] = [
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

/**
 * /pullOrder (floor screen): the next units to cut, recuts and higher priority first, then by
 * due date; pull the next N (filtered by fabric) or scan units into a cutter's batch.
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
                  setDone(r.message);
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
        <Alert severity="success" onClose={() => setDone(null)}>
          {done}
        </Alert>
      ) : null}
      <ScanInput
        label={
          cutter === null ? "Choose a cutter, then scan units to pull them" : "Scan a unit to pull it to the cutter"
        }
        onScan={async (code) => {
          if (cutter === null) return { ok: false, message: "Choose a cutter first." };
          const id = unitIdOf(code);
          if (id === null) return { ok: false, message: `${code} is not a unit barcode.` };
          const r = await pull.mutateAsync({ body: { cutterStationId: cutter, unitIds: [id] }, key: newKey() });
          return { ok: true, message: `${code.toUpperCase()}: ${r.message}` };
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
