import WarningAmber from "@mui/icons-material/WarningAmber";
import { Chip } from "@mui/material";

export { dash, money } from "../library/resources/format";

/**
 * A quantity as the server sends it ("12.5000", "-3.2500") shown without trailing zeros
 * ("12.5", "-3.25"). Text only: quantities are exact decimals, never JS floats.
 */
export const qty = (value: string): string => {
  const v = value.trim();
  if (!v.includes(".")) return v;
  const trimmed = v.replace(/0+$/, "").replace(/\.$/, "");
  return trimmed === "-0" ? "0" : trimmed;
};

/** A quantity with its unit: "12.5 yd". */
export const qtyUnit = (value: string, unit: string): string => `${qty(value)} ${unit}`;

const DECIMAL = /^(-?)(\d{1,9})(?:\.(\d{1,4}))?$/;

/** A decimal string as an integer of ten-thousandths (BigInt), or null when it is not one. */
export const toScaled = (value: string): bigint | null => {
  const m = DECIMAL.exec(value.trim());
  if (!m) return null;
  const scaled = BigInt(m[2] ?? "0") * 10_000n + BigInt((m[3] ?? "").padEnd(4, "0"));
  return m[1] === "-" ? -scaled : scaled;
};

/**
 * quantity × unit cost in whole cents, rounded half away from zero like the server: exact
 * integer arithmetic on the decimal text, never a float. Null when the quantity is not a number.
 */
export const lineCents = (quantity: string, unitCostCents: number | null): number | null => {
  const scaled = toScaled(quantity);
  if (scaled === null || unitCostCents === null || !Number.isInteger(unitCostCents)) return null;
  const product = scaled * BigInt(unitCostCents);
  const sign = product < 0n ? -1n : 1n;
  const abs = product * sign;
  return Number(((abs + 5_000n) / 10_000n) * sign);
};

/** The low-stock mark: an icon and words, not colour alone. */
export const BelowThresholdChip = () => (
  <Chip size="small" color="warning" icon={<WarningAmber />} label="Below threshold" variant="outlined" />
);

export const PO_STATUS_LABELS = {
  open: "Open",
  partially_received: "Partially received",
  received: "Received",
  closed: "Closed",
  cancelled: "Cancelled",
} as const;

export const PO_STATUS_COLORS = {
  open: "info",
  partially_received: "warning",
  received: "success",
  closed: "default",
  cancelled: "default",
} as const;

export const PoStatusChip = ({ status }: { status: keyof typeof PO_STATUS_LABELS }) => (
  <Chip size="small" variant="outlined" color={PO_STATUS_COLORS[status]} label={PO_STATUS_LABELS[status]} />
);

export const LEDGER_KIND_LABELS = {
  receipt: "Receipt",
  consumption: "Consumption",
  adjustment: "Adjustment",
  return: "Return to supplier",
} as const;

export const dateTime = (v: string) => new Date(v).toLocaleString();
