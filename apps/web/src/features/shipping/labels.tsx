import {
  SHIPMENT_STATUS_LABELS,
  STORE_NOTIFY_LABELS,
  type TShipmentStatus,
  type TStoreNotifyState,
} from "@hub/contracts/shipping/shipping";
import { Chip } from "@mui/material";

const STATUS_COLOR: Record<TShipmentStatus, "default" | "info" | "success"> = {
  packed: "info",
  shipped: "success",
  voided: "default",
};

export function ShipmentStatusChip({ status }: { status: TShipmentStatus }) {
  return <Chip size="small" label={SHIPMENT_STATUS_LABELS[status]} color={STATUS_COLOR[status]} />;
}

const STORE_COLOR: Record<TStoreNotifyState, "default" | "warning" | "success" | "error"> = {
  not_applicable: "default",
  pending: "warning",
  notified: "success",
  failed: "error",
};

export function StoreNotifyChip({ state, title }: { state: TStoreNotifyState; title?: string | null }) {
  if (state === "not_applicable") return <>—</>;
  return (
    <Chip
      size="small"
      variant="outlined"
      label={STORE_NOTIFY_LABELS[state]}
      color={STORE_COLOR[state]}
      title={title ?? undefined}
    />
  );
}

export const dateText = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : "—");
export const money = (cents: number | null) => (cents === null ? "—" : `$${(cents / 100).toFixed(2)}`);
export const weightText = (oz: number | null) => (oz === null ? "—" : `${oz} oz`);
