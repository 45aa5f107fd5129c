import { shippingApi } from "@hub/contracts/shipping/api";
import {
  CARRIERS,
  carrierName,
  SHIPMENT_STATUS_LABELS,
  SHIPMENT_STATUSES,
  type TShipmentListItem,
} from "@hub/contracts/shipping/shipping";
import Inventory2 from "@mui/icons-material/Inventory2";
import { Button, Link, Stack } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { useMemo } from "react";
import { Link as RouterLink } from "react-router";
import { DateRangeFilter, ListPage, SelectFilter } from "../../components/list-page";
import { useAuth } from "../../lib/auth/auth-context";
import { useListFilters, useListState } from "../../lib/list-state";
import { downloadListCsv } from "../../lib/transfer";
import { useLimitedClients } from "../clients/api";
import { useShipmentList } from "./api";
import { dateText, ShipmentStatusChip, StoreNotifyChip } from "./labels";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();

const columns: GridColDef<TShipmentListItem>[] = [
  {
    field: "shipmentNumber",
    headerName: "Shipment",
    width: 120,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={`/shipments/${row.id}`} underline="hover" color="inherit" onClick={stop}>
        {row.shipmentNumber}
      </Link>
    ),
  },
  {
    field: "orderNumber",
    headerName: "Order",
    width: 120,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={`/orders/${row.orderId}`} underline="hover" onClick={stop}>
        {row.orderNumber}
      </Link>
    ),
  },
  { field: "poNumber", headerName: "PO", width: 120, sortable: false, valueFormatter: (v: string | null) => v ?? "—" },
  { field: "clientName", headerName: "Client", flex: 1, minWidth: 150 },
  {
    field: "status",
    headerName: "Status",
    width: 110,
    renderCell: ({ row }) => <ShipmentStatusChip status={row.status} />,
  },
  { field: "carrier", headerName: "Carrier", width: 130, valueFormatter: (v: string) => carrierName(v) },
  {
    field: "trackingNumber",
    headerName: "Tracking",
    minWidth: 190,
    flex: 1,
    renderCell: ({ row }) =>
      row.trackingNumber && row.trackingUrl ? (
        <Link href={row.trackingUrl} target="_blank" rel="noopener noreferrer" onClick={stop}>
          {row.trackingNumber}
        </Link>
      ) : (
        (row.trackingNumber ?? "—")
      ),
  },
  { field: "unitCount", headerName: "Pieces", width: 80, type: "number" },
  { field: "shippedAt", headerName: "Shipped", width: 110, valueFormatter: (v: string | null) => dateText(v) },
  {
    field: "deliveredAt",
    headerName: "Delivered",
    width: 110,
    sortable: false,
    valueFormatter: (v: string | null) => dateText(v),
  },
  {
    field: "storeNotify",
    headerName: "Store",
    width: 130,
    sortable: false,
    renderCell: ({ row }) => <StoreNotifyChip state={row.storeNotify} />,
  },
];

/**
 * Shipped Orders (/shipments): every box of the orders the person may see, searched by shipment,
 * order, PO, tracking number or client; filtered by client, carrier, status and date range (the
 * ship date, else the day it was packed); sorted and paged in the URL; Export CSV of the filter.
 */
export default function ShipmentsListPage() {
  const { user, cardAccess } = useAuth();
  const { state, update, query } = useListState({ sort: "createdAt,desc" });
  const filters = useListFilters();
  const status = SHIPMENT_STATUSES.find((s) => s === filters.get("status"));
  const carrier = filters.get("carrier") || undefined;
  const clientId = Number.parseInt(filters.get("clientId") ?? "", 10) || undefined;
  const fromParam = filters.get("from");
  const toParam = filters.get("to");
  const from = fromParam && DATE.test(fromParam) ? fromParam : undefined;
  const to = toParam && DATE.test(toParam) ? toParam : undefined;
  const isClientUser = user?.userType === "client";
  const clients = useLimitedClients(!isClientUser);
  const fullQuery = useMemo(
    () => ({ ...query, status, carrier, clientId, from, to }),
    [query, status, carrier, clientId, from, to],
  );
  const list = useShipmentList(fullQuery);
  const filtered = Boolean(state.searchString || status || carrier || clientId || from || to);
  return (
    <ListPage<TShipmentListItem>
      title="Shipped Orders"
      subtitle="Boxes packed and shipped, with their carrier, tracking and whether the client's store was told."
      headerActions={
        cardAccess.has("packOut") ? (
          <Button component={RouterLink} to="/packOut" variant="contained" startIcon={<Inventory2 />}>
            Pack out
          </Button>
        ) : undefined
      }
      list={list}
      listState={{ state, update }}
      label="Shipments"
      columns={columns}
      getRowId={(row) => row.id}
      rowTo={(row) => `/shipments/${row.id}`}
      searchPlaceholder="Search shipment, order, PO, tracking or client…"
      actions={
        <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
          {!isClientUser && (clients.data?.length ?? 0) > 0 ? (
            <SelectFilter
              label="Client"
              allLabel="All clients"
              value={clientId}
              options={(clients.data ?? []).map((c) => ({ value: c.clientId, label: c.clientName }))}
              onChange={(v) => filters.set("clientId", v)}
            />
          ) : null}
          <SelectFilter
            label="Carrier"
            value={carrier}
            options={CARRIERS.map((c) => ({ value: c.code, label: c.name }))}
            onChange={(v) => filters.set("carrier", v)}
            width={140}
          />
          <SelectFilter
            label="Status"
            value={status}
            options={SHIPMENT_STATUSES.map((s) => ({ value: s, label: SHIPMENT_STATUS_LABELS[s] }))}
            onChange={(v) => filters.set("status", v)}
            width={130}
          />
          <DateRangeFilter from={from} to={to} onChange={(which, value) => filters.set(which, value || null)} />
        </Stack>
      }
      exportCsv={() => downloadListCsv(shippingApi.exportCsv, fullQuery, "shipments")}
      emptyText={filtered ? "No shipments match" : "No shipments yet"}
    />
  );
}
