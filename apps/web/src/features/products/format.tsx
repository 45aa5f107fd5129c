import {
  PRODUCT_STATUS_LABELS,
  TECH_PACK_APPROVAL_LABELS,
  type TProductStatus,
  type TTechPackApprovalState,
} from "@hub/contracts/products/products";
import { Chip } from "@mui/material";

/** Cents as dollars: 2690 → "$26.90"; a dash for nothing. */
export const money = (cents: number | null | undefined): string =>
  cents === null || cents === undefined ? "–" : `$${(cents / 100).toFixed(2)}`;

const STATUS_COLORS: Record<TProductStatus, "default" | "info" | "warning" | "success" | "primary" | "error"> = {
  concept: "default",
  in_development: "info",
  sampling: "warning",
  approved: "success",
  in_production: "primary",
  dropped: "error",
};

export function ProductStatusChip({ status }: { status: TProductStatus }) {
  return <Chip size="small" color={STATUS_COLORS[status]} label={PRODUCT_STATUS_LABELS[status]} />;
}

const APPROVAL_COLORS: Record<TTechPackApprovalState, "default" | "warning" | "success" | "error"> = {
  draft: "default",
  submitted: "warning",
  approved: "success",
  rejected: "error",
};

export function ApprovalChip({ state }: { state: TTechPackApprovalState }) {
  return (
    <Chip size="small" variant="outlined" color={APPROVAL_COLORS[state]} label={TECH_PACK_APPROVAL_LABELS[state]} />
  );
}
