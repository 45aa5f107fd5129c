import { USER_TYPES } from "@hub/contracts/access/user-types";
import { ordersApi } from "@hub/contracts/orders/api";
import {
  ORDER_ATTENTION,
  ORDER_ATTENTION_LABELS,
  ORDER_LATE_RULE,
  ORDER_SOURCES,
  ORDER_STATUSES,
  type TOrderListItem,
  type TOrderSource,
  type TOrderStatus,
} from "@hub/contracts/orders/orders";
import Add from "@mui/icons-material/Add";
import UploadFile from "@mui/icons-material/UploadFile";
import { Alert, Button, Chip, Link, MenuItem, Stack, TextField, Typography } from "@mui/material";
import type { GridColDef, GridRowSelectionModel } from "@mui/x-data-grid";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { toast } from "react-toastify";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { DateRangeFilter, ListTable } from "../../components/list-page";
import { PageHeader } from "../../components/page-header";
import { ApiError } from "../../lib/api-error";
import { useAuth } from "../../lib/auth/auth-context";
import { useListFilters, useListState } from "../../lib/list-state";
import { downloadListCsv } from "../../lib/transfer";
import { useLimitedClients } from "../clients/api";
import { useBulkOrders, useOrdersList } from "./api";
import { date, money, PaymentChip, SOURCE_LABELS, STATUS_LABELS, StatusChip } from "./format";

const columns: GridColDef<TOrderListItem>[] = [
  {
    field: "orderNumber",
    headerName: "Order",
    minWidth: 120,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={`/orders/${row.id}`} onClick={(e) => e.stopPropagation()}>
        {row.orderNumber}
      </Link>
    ),
  },
  { field: "clientName", headerName: "Client", flex: 1, minWidth: 140 },
  { field: "poNumber", headerName: "PO", minWidth: 110, valueFormatter: (v: string | null) => v ?? "—" },
  { field: "shipName", headerName: "Ship to", flex: 1, minWidth: 140 },
  {
    field: "status",
    headerName: "Status",
    minWidth: 130,
    renderCell: ({ row }) => <StatusChip status={row.status} />,
  },
  {
    field: "paymentState",
    headerName: "Payment",
    minWidth: 140,
    sortable: false,
    renderCell: ({ row }) => <PaymentChip state={row.paymentState} />,
  },
  {
    field: "totalCents",
    headerName: "Total",
    minWidth: 110,
    align: "right",
    headerAlign: "right",
    valueFormatter: (v: number) => money(v),
  },
  {
    field: "source",
    headerName: "Source",
    minWidth: 110,
    sortable: false,
    valueFormatter: (v: TOrderSource) => SOURCE_LABELS[v],
  },
  {
    field: "requestedShipDate",
    headerName: "Ship by",
    minWidth: 110,
    valueFormatter: (v: string | null) => v ?? "—",
  },
  { field: "placedAt", headerName: "Placed", minWidth: 110, valueFormatter: (v: string) => date(v) },
];

const FILTERS = ["status", "source", "clientId", "from", "to", "attention", "shippedFrom"] as const;
/** Filters a dashboard's click-through sets (a coupon; a line's SKU, style, size, colour), shown as chips. */
const LINK_FILTERS = [
  { key: "couponCode", label: "Coupon" },
  { key: "sku", label: "SKU" },
  { key: "styleCode", label: "Style" },
  { key: "lineSize", label: "Size" },
  { key: "lineColour", label: "Colour" },
] as const;
type LinkFilter = (typeof LINK_FILTERS)[number]["key"];
type Filter = (typeof FILTERS)[number] | LinkFilter;

/** Order Details (/orders): every order the caller may see, searched, filtered and sorted on the server. */
export default function OrdersListPage() {
  const { user, cardAccess } = useAuth();
  const type = USER_TYPES.find((t) => t.name === user?.userType);
  const seesClients = Boolean(type?.isInternal || type?.isFacility);
  const clients = useLimitedClients(seesClients);
  const { state, update, query } = useListState({ sort: "placedAt,desc" });
  const params = useListFilters();
  const status = ORDER_STATUSES.find((s) => s === params.get("status"));
  const source = ORDER_SOURCES.find((s) => s === params.get("source"));
  const clientParam = params.get("clientId");
  const clientId = clientParam && /^[1-9][0-9]{0,9}$/.test(clientParam) ? Number(clientParam) : undefined;
  const dateParam = (k: "from" | "to" | "shippedFrom") => {
    const v = params.get(k);
    return v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined;
  };
  const from = dateParam("from");
  const to = dateParam("to");
  // The home page's links: late or awaiting payment, and shipped since a day.
  const attention = ORDER_ATTENTION.find((a) => a === params.get("attention"));
  const shippedFrom = dateParam("shippedFrom");
  const linkParam = (k: LinkFilter) => params.get(k)?.slice(0, 100) || undefined;
  const linked: Record<LinkFilter, string | undefined> = {
    couponCode: linkParam("couponCode"),
    sku: linkParam("sku"),
    styleCode: linkParam("styleCode"),
    lineSize: linkParam("lineSize"),
    lineColour: linkParam("lineColour"),
  };
  const filters = {
    status,
    source,
    clientId: seesClients ? clientId : undefined,
    from,
    to,
    attention,
    shippedFrom,
    ...linked,
  };
  const list = useOrdersList({ ...query, ...filters });
  const setFilter = (key: Filter, value: string) => params.set(key, value);

  const [selection, setSelection] = useState<GridRowSelectionModel>({ type: "include", ids: new Set() });
  const selectedRows = (list.data?.items ?? []).filter(
    (r) => selection.ids.has(r.id) === (selection.type === "include"),
  );
  const [bulk, setBulk] = useState<"complete" | "cancel" | null>(null);

  return (
    <>
      <PageHeader
        title="Order Details"
        subtitle="Every order you may see: open one for its lines, comments, issues and history."
        actions={
          cardAccess.has("orderEntry") ? (
            <Stack direction="row" spacing={1}>
              <Button component={RouterLink} to="/orders/import" variant="outlined" startIcon={<UploadFile />}>
                Import CSV
              </Button>
              <Button component={RouterLink} to="/orderEntry" variant="contained" startIcon={<Add />}>
                Order entry
              </Button>
            </Stack>
          ) : undefined
        }
      />
      {list.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {list.error.message}
        </Alert>
      ) : null}
      <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label="Status"
          value={status ?? ""}
          onChange={(e) => setFilter("status", e.target.value)}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">All statuses</MenuItem>
          {ORDER_STATUSES.map((s: TOrderStatus) => (
            <MenuItem key={s} value={s}>
              {STATUS_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Source"
          value={source ?? ""}
          onChange={(e) => setFilter("source", e.target.value)}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="">All sources</MenuItem>
          {ORDER_SOURCES.map((s) => (
            <MenuItem key={s} value={s}>
              {SOURCE_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        {seesClients ? (
          <TextField
            select
            size="small"
            label="Client"
            value={clientId ?? ""}
            onChange={(e) => setFilter("clientId", String(e.target.value))}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="">All clients</MenuItem>
            {(clients.data ?? []).map((c) => (
              <MenuItem key={c.clientId} value={c.clientId}>
                {c.clientName}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        <DateRangeFilter
          fromLabel="Placed from"
          toLabel="Placed to"
          from={from}
          to={to}
          onChange={(which, value) => setFilter(which, value)}
        />
      </Stack>
      {attention || shippedFrom || LINK_FILTERS.some(({ key }) => linked[key]) ? (
        <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: "center", flexWrap: "wrap" }} useFlexGap>
          {attention ? (
            <Chip
              label={ORDER_ATTENTION_LABELS[attention]}
              color="warning"
              onDelete={() => setFilter("attention", "")}
              aria-label={`Filter: ${ORDER_ATTENTION_LABELS[attention]}`}
            />
          ) : null}
          {shippedFrom ? (
            <Chip label={`Shipped since ${shippedFrom}`} color="info" onDelete={() => setFilter("shippedFrom", "")} />
          ) : null}
          {LINK_FILTERS.map(({ key, label }) =>
            linked[key] ? (
              <Chip
                key={key}
                label={`${label}: ${linked[key]}`}
                color="info"
                onDelete={() => setFilter(key, "")}
                aria-label={`Filter: ${label} ${linked[key]}`}
              />
            ) : null,
          )}
          {attention === "late" ? (
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              {ORDER_LATE_RULE}
            </Typography>
          ) : null}
        </Stack>
      ) : null}
      {selectedRows.length > 0 ? (
        <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: "center" }}>
          <Typography>{`${selectedRows.length} selected`}</Typography>
          {seesClients ? (
            // Completing is the factory's (or an internal admin's); a client cancels, never completes.
            <Button variant="outlined" onClick={() => setBulk("complete")}>
              Complete
            </Button>
          ) : null}
          <Button variant="outlined" color="error" onClick={() => setBulk("cancel")}>
            Cancel orders
          </Button>
        </Stack>
      ) : null}
      <ListTable<TOrderListItem>
        label="Orders"
        columns={columns}
        list={list}
        listState={{ state, update }}
        getRowId={(row) => row.id}
        searchPlaceholder="Search order, PO, client, SKU, style or ship-to"
        exportCsv={() => downloadListCsv(ordersApi.exportCsv, { ...query, ...filters }, "orders")}
        selection={{ model: selection, onChange: setSelection }}
        emptyText={state.searchString || Object.values(filters).some(Boolean) ? "No orders match" : "No orders yet"}
      />
      {bulk ? (
        <BulkDialog
          action={bulk}
          orders={selectedRows}
          onClose={() => setBulk(null)}
          onDone={() => setSelection({ type: "include", ids: new Set() })}
        />
      ) : null}
    </>
  );
}

/** Bulk complete or cancel, behind a confirmation that names the orders (cancel asks for a reason). */
function BulkDialog({
  action,
  orders,
  onClose,
  onDone,
}: {
  action: "complete" | "cancel";
  orders: TOrderListItem[];
  onClose: () => void;
  onDone: () => void;
}) {
  const run = useBulkOrders();
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const names = orders.map((o) => o.orderNumber).join(", ");
  const cancel = action === "cancel";
  return (
    <ConfirmDialog
      open
      danger={cancel}
      title={
        cancel
          ? `Cancel ${orders.length === 1 ? "1 order" : `${orders.length} orders`}?`
          : `Complete ${orders.length === 1 ? "1 order" : `${orders.length} orders`}?`
      }
      confirmLabel={cancel ? "Cancel orders" : "Complete orders"}
      message={
        <Stack spacing={2}>
          <span>
            {cancel
              ? `${names} will be cancelled, with their open lines; what was charged for each is refunded.`
              : `${names} will be completed, with their shipped lines.`}
          </span>
          {cancel ? (
            <TextField
              label="Reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={Boolean(reasonError)}
              helperText={reasonError ?? "Kept in each order's history"}
              autoFocus
              fullWidth
            />
          ) : null}
        </Stack>
      }
      onConfirm={async () => {
        if (cancel && reason.trim() === "") {
          setReasonError("Give a reason");
          throw new ApiError(400, "VALIDATION", "Give a reason for the cancellation.");
        }
        const result = await run.mutateAsync({
          ids: orders.map((o) => o.id),
          action,
          reason: reason.trim() || undefined,
        });
        toast.success(`${result.orders.join(", ")} ${cancel ? "cancelled" : "completed"}.`);
        onDone();
      }}
      onClose={onClose}
    />
  );
}
