import { Alert, Table, TableBody, TableCell, TableHead, TableRow } from "@mui/material";
import { messageOf } from "../../../lib/api-error";
import { useHistory } from "../api";
import { dateTime, ITEM_STATUS_LABELS, STATUS_LABELS } from "../format";
import { useOrderTab } from "./context";

/** /orders/:orderId/history: every status change of the order and its lines, who made it and why. */
export default function HistoryTab() {
  const orderId = useOrderTab().id;
  const history = useHistory(orderId);
  if (history.isError) return <Alert severity="error">{messageOf(history.error)}</Alert>;
  const label = (s: string | null) =>
    s === null
      ? "—"
      : (STATUS_LABELS[s as keyof typeof STATUS_LABELS] ??
        ITEM_STATUS_LABELS[s as keyof typeof ITEM_STATUS_LABELS] ??
        s);
  return (
    <Table size="small" aria-label="Status history">
      <TableHead>
        <TableRow>
          <TableCell>When</TableCell>
          <TableCell>Who</TableCell>
          <TableCell>What</TableCell>
          <TableCell>From</TableCell>
          <TableCell>To</TableCell>
          <TableCell>Why</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {(history.data?.items ?? []).map((h) => (
          <TableRow key={h.id}>
            <TableCell>{dateTime(h.at)}</TableCell>
            <TableCell>{h.actor}</TableCell>
            <TableCell>{h.lineNumber === null ? "Order" : `Line ${h.lineNumber}`}</TableCell>
            <TableCell>{label(h.fromStatus)}</TableCell>
            <TableCell>{label(h.toStatus)}</TableCell>
            <TableCell>{h.reason ?? "—"}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
