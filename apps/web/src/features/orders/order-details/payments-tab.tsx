import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { dateTime, money } from "../format";
import { useOrderTab } from "./context";

/** /orders/:orderId/payments: the charges and refunds of the order. */
export default function PaymentsTab() {
  const order = useOrderTab();
  if (order.ledger.length === 0)
    return <Typography sx={{ color: "text.secondary" }}>Nothing was charged or refunded for this order.</Typography>;
  return (
    <Table size="small" aria-label="Payments">
      <TableHead>
        <TableRow>
          <TableCell>When</TableCell>
          <TableCell>Kind</TableCell>
          <TableCell align="right">Amount</TableCell>
          <TableCell>Result</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {order.ledger.map((e) => (
          <TableRow key={e.id}>
            <TableCell>{dateTime(e.createdAt)}</TableCell>
            <TableCell>{e.kind === "charge" ? "Charge" : "Refund"}</TableCell>
            <TableCell align="right">{money(e.amountCents)}</TableCell>
            <TableCell>{e.status === "succeeded" ? "Succeeded" : `Failed: ${e.failureMessage ?? ""}`}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
