import { type TUnitStatus, UNIT_STATUS_LABELS, UNIT_STATUSES } from "@hub/contracts/floor/units";
import {
  AT_RISK_DAYS,
  OPEN_ORDER_FLAGS,
  OPEN_ORDER_TEXTS,
  type TOpenOrder,
  type TOpenOrderFlag,
} from "@hub/contracts/orders/open-orders";
import { openOrdersApi } from "@hub/contracts/orders/open-orders-api";
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { useState } from "react";
import { DateRangeFilter, ListTable, SelectFilter } from "../../../components/list-page";
import { PageHeader } from "../../../components/page-header";
import { useListFilters, useListState } from "../../../lib/list-state";
import { downloadListCsv } from "../../../lib/transfer";
import { useLimitedClients } from "../../clients/api";
import { useFloorLive, useOpenOrders, useOrderUnits, useStyleOptions } from "./api";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const FLAG_LABELS: Record<TOpenOrderFlag, string> = {
  late: OPEN_ORDER_TEXTS.late,
  atRisk: OPEN_ORDER_TEXTS.atRisk,
  onTrack: OPEN_ORDER_TEXTS.onTrack,
};

const countColumn = (status: TUnitStatus): GridColDef<TOpenOrder> => ({
  field: `count_${status}`,
  headerName: UNIT_STATUS_LABELS[status],
  minWidth: 84,
  type: "number",
  sortable: false,
  valueGetter: (_value, row) => row.counts[status],
  renderCell: ({ row }) => (
    <Box component="span" sx={{ color: row.counts[status] === 0 ? "text.disabled" : undefined }}>
      {row.counts[status]}
    </Box>
  ),
});

const columns: GridColDef<TOpenOrder>[] = [
  { field: "orderNumber", headerName: "Order", minWidth: 120 },
  { field: "clientName", headerName: "Client", flex: 1, minWidth: 150 },
  { field: "styles", headerName: "Styles", minWidth: 130, sortable: false },
  { field: "dueDate", headerName: "Due", minWidth: 110 },
  {
    field: "flag",
    headerName: "Flag",
    minWidth: 100,
    sortable: false,
    renderCell: ({ row }) =>
      row.late ? (
        <Chip size="small" color="error" label={OPEN_ORDER_TEXTS.late} />
      ) : row.atRisk ? (
        <Chip size="small" color="warning" label={OPEN_ORDER_TEXTS.atRisk} />
      ) : (
        <Chip size="small" variant="outlined" label={OPEN_ORDER_TEXTS.onTrack} />
      ),
  },
  ...UNIT_STATUSES.map(countColumn),
  { field: "openUnits", headerName: "Open", type: "number", minWidth: 80, sortable: false },
  {
    field: "orderStatus",
    headerName: "Order status",
    minWidth: 140,
    sortable: false,
    valueFormatter: (value: string) => value.replaceAll("_", " "),
  },
];

function UnitsDialog({ order, onClose }: { order: TOpenOrder | null; onClose: () => void }) {
  const units = useOrderUnits(order?.orderId ?? null);
  return (
    <Dialog open={order !== null} onClose={onClose} maxWidth="lg" fullWidth>
      <DialogTitle>
        {OPEN_ORDER_TEXTS.unitsTitle} of {order?.orderNumber} · {order?.clientName}
      </DialogTitle>
      <DialogContent>
        {units.isError ? <Alert severity="error">{units.error.message}</Alert> : null}
        {units.isLoading ? <Typography>Loading…</Typography> : null}
        {units.data && units.data.items.length === 0 ? <Typography>{OPEN_ORDER_TEXTS.noUnits}</Typography> : null}
        {units.data && units.data.items.length > 0 ? (
          <Table size="small" aria-label="Units">
            <TableHead>
              <TableRow>
                <TableCell>Barcode</TableCell>
                <TableCell>Line</TableCell>
                <TableCell>SKU</TableCell>
                <TableCell>Size</TableCell>
                <TableCell>Colour</TableCell>
                <TableCell>State</TableCell>
                <TableCell>Last event</TableCell>
                <TableCell>Tote</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {units.data.items.map((u) => (
                <TableRow key={u.id}>
                  <TableCell sx={{ fontFamily: "monospace" }}>{u.barcode}</TableCell>
                  <TableCell>
                    {u.lineNumber}
                    {u.attempt > 1 ? ` (recut ${u.attempt})` : ""}
                  </TableCell>
                  <TableCell>{u.sku}</TableCell>
                  <TableCell>{u.size ?? "—"}</TableCell>
                  <TableCell>{u.colour ?? "—"}</TableCell>
                  <TableCell title={u.failReason ?? undefined}>
                    {UNIT_STATUS_LABELS[u.status as TUnitStatus] ?? u.status}
                  </TableCell>
                  <TableCell>
                    {u.lastAction ? `${u.lastAction.replaceAll("_", " ")} · ${u.lastActor ?? ""}` : "—"}
                    {u.lastEventAt ? ` · ${new Date(u.lastEventAt).toLocaleString()}` : ""}
                  </TableCell>
                  <TableCell>{u.toteBarcode ?? "—"}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
        {units.data && units.data.total > units.data.items.length ? (
          <Typography variant="body2" sx={{ mt: 1 }}>
            Showing {units.data.items.length} of {units.data.total} units.
          </Typography>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Manufacturing Status (/openOrders): the facility's open orders with their units counted by
 * state, late and at-risk flags, filters in the URL, CSV export, and an order's units on a click.
 * It follows the floor live: a scan anywhere refetches the page (useFloorLive).
 */
export default function OpenOrdersPage() {
  const { state, update, query } = useListState({ sort: "dueDate,asc" });
  const params = useListFilters();
  const live = useFloorLive();
  const [opened, setOpened] = useState<TOpenOrder | null>(null);
  const clients = useLimitedClients(true);
  const styles = useStyleOptions();
  const int = (key: string) => Number.parseInt(params.get(key) ?? "", 10) || undefined;
  const date = (key: string) => {
    const v = params.get(key);
    return v && DATE.test(v) ? v : undefined;
  };
  const filters = {
    clientId: int("clientId"),
    styleId: int("styleId"),
    state: UNIT_STATUSES.find((s) => s === params.get("state")),
    flag: OPEN_ORDER_FLAGS.find((f) => f === params.get("flag")),
    dueFrom: date("dueFrom"),
    dueTo: date("dueTo"),
  };
  const list = useOpenOrders({ ...query, ...filters });
  const setFilter = params.set;
  return (
    <>
      <PageHeader
        title={OPEN_ORDER_TEXTS.title}
        subtitle={`Open orders on the floor, with their units by state. Late: past the due date with units open; at risk: due within ${AT_RISK_DAYS} days with units not yet packed.`}
        actions={
          <Chip
            size="small"
            color={live === "live" ? "success" : "default"}
            label={live === "live" ? OPEN_ORDER_TEXTS.live : OPEN_ORDER_TEXTS.reconnecting}
            aria-label={`Live updates: ${live}`}
          />
        }
      />
      <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: "wrap" }} useFlexGap>
        <SelectFilter
          label="Client"
          allLabel="All clients"
          value={filters.clientId}
          options={(clients.data ?? []).map((c) => ({ value: c.clientId, label: c.clientName }))}
          onChange={(v) => setFilter("clientId", v ?? "")}
        />
        <SelectFilter
          label="Style"
          allLabel="All styles"
          value={filters.styleId}
          options={(styles.data ?? []).map((s) => ({ value: s.id, label: s.label }))}
          onChange={(v) => setFilter("styleId", v ?? "")}
        />
        <SelectFilter
          label="Units in state"
          allLabel="Any state"
          value={filters.state}
          options={UNIT_STATUSES.map((s) => ({ value: s, label: UNIT_STATUS_LABELS[s] }))}
          onChange={(v) => setFilter("state", v ?? "")}
        />
        <SelectFilter
          label="Flag"
          allLabel="Any"
          value={filters.flag}
          options={OPEN_ORDER_FLAGS.map((f) => ({ value: f, label: FLAG_LABELS[f] }))}
          onChange={(v) => setFilter("flag", v ?? "")}
        />
        <DateRangeFilter
          fromLabel="Due from"
          toLabel="Due to"
          from={filters.dueFrom}
          to={filters.dueTo}
          onChange={(which, value) => setFilter(which === "from" ? "dueFrom" : "dueTo", value)}
        />
      </Stack>
      {list.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {list.error.message}
        </Alert>
      ) : null}
      <ListTable<TOpenOrder>
        label="Open orders"
        columns={columns}
        list={list}
        listState={{ state, update }}
        getRowId={(row) => row.orderId}
        onRowClick={setOpened}
        searchPlaceholder="Search order number, PO, client or SKU"
        emptyText={OPEN_ORDER_TEXTS.empty}
        exportCsv={() => downloadListCsv(openOrdersApi.exportCsv, { ...query, ...filters }, "open-orders")}
      />
      <UnitsDialog order={opened} onClose={() => setOpened(null)} />
    </>
  );
}
