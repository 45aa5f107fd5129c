import { RETURN_REASON_LABELS, type TReturnReason, type TReturnStatus } from "@hub/contracts/returns/returns";
import { Chip, TableCell, Typography } from "@mui/material";

const STATUS_COLOR: Record<TReturnStatus, "default" | "info" | "success" | "warning" | "secondary"> = {
  requested: "warning",
  received: "info",
  refunded: "success",
  remade: "secondary",
  cancelled: "default",
};

/** A return's state as a chip: its text is the state's own name ("refunded"). */
export function ReturnStatusChip({ status }: { status: TReturnStatus }) {
  return (
    <Chip size="small" variant="outlined" color={STATUS_COLOR[status]} label={status} data-testid="return-status" />
  );
}

/** An order line's SKU with its style's name beneath. */
export const SkuCell = ({ sku, styleName }: { sku: string; styleName: string }) => (
  <TableCell>
    {sku}
    <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
      {styleName}
    </Typography>
  </TableCell>
);

export const reasonLabel = (code: string): string => RETURN_REASON_LABELS[code as TReturnReason] ?? code;

/** Money as every other screen shows it. */
export { money } from "../library/resources/format";
