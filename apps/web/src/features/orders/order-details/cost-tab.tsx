import { USER_TYPES } from "@hub/contracts/access/user-types";
import { Alert, Button, Table, TableBody, TableCell, TableHead, TableRow } from "@mui/material";
import { Navigate } from "react-router";
import { PageLoader } from "../../../components/loading-screen";
import { messageOf } from "../../../lib/api-error";
import { useAuth } from "../../../lib/auth/auth-context";
import { useOrderCost } from "../api";
import { money } from "../format";
import { useOrderTab } from "./context";

/**
 * /orders/:orderId/cost (issue 22): each line's quoted cost (kept at placing) beside its actual
 * (fabric cut from stock, parts, labour from the scans), the difference, and the margin
 * (price − actual). Facility users and internal admins only.
 */
export default function CostTab() {
  const orderId = useOrderTab().id;
  const { user } = useAuth();
  const type = USER_TYPES.find((t) => t.name === user?.userType);
  const seesCost = Boolean(type?.isInternal || type?.isFacility);
  const cost = useOrderCost(orderId, seesCost);
  // A client's user who types the address lands on the order's lines: the tab is not theirs (the server refuses it too).
  if (!seesCost) return <Navigate to={`/orders/${orderId}/lines`} replace />;
  if (cost.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => cost.refetch()}>
            Retry
          </Button>
        }
      >
        {`The order's cost could not be loaded: ${messageOf(cost.error)}`}
      </Alert>
    );
  const data = cost.data;
  if (!data) return <PageLoader />;
  const orDash = (cents: number | null | undefined) => (cents === null || cents === undefined ? "—" : money(cents));
  return (
    <Table size="small" aria-label="Order cost">
      <TableHead>
        <TableRow>
          <TableCell>Line</TableCell>
          <TableCell align="right">Qty</TableCell>
          <TableCell align="right">Price</TableCell>
          <TableCell align="right">Quoted</TableCell>
          <TableCell align="right">Actual fabric</TableCell>
          <TableCell align="right">Actual parts</TableCell>
          <TableCell align="right">Actual labour</TableCell>
          <TableCell align="right">Actual</TableCell>
          <TableCell align="right">Difference</TableCell>
          <TableCell align="right">Margin</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {data.lines.map((l) => (
          <TableRow key={l.itemId}>
            <TableCell>
              {l.lineNumber}. {l.sku}
            </TableCell>
            <TableCell align="right">{l.quantity}</TableCell>
            <TableCell align="right">{money(l.priceCents)}</TableCell>
            <TableCell align="right">{orDash(l.quoted?.totalCents)}</TableCell>
            <TableCell align="right">{money(l.actual.fabricCents)}</TableCell>
            <TableCell align="right">{money(l.actual.partCents)}</TableCell>
            <TableCell align="right">{money(l.actual.labourCents)}</TableCell>
            <TableCell align="right">{money(l.actual.totalCents)}</TableCell>
            <TableCell align="right">{l.quoted ? money(l.actual.totalCents - l.quoted.totalCents) : "—"}</TableCell>
            <TableCell align="right">{money(l.marginCents)}</TableCell>
          </TableRow>
        ))}
        <TableRow>
          <TableCell sx={{ fontWeight: 600 }}>Total</TableCell>
          <TableCell />
          <TableCell align="right">{money(data.priceCents)}</TableCell>
          <TableCell align="right">{orDash(data.quotedCents)}</TableCell>
          <TableCell colSpan={3} />
          <TableCell align="right">{money(data.actualCents)}</TableCell>
          <TableCell align="right">
            {data.quotedCents === null ? "—" : money(data.actualCents - data.quotedCents)}
          </TableCell>
          <TableCell align="right" sx={{ fontWeight: 600 }}>
            {money(data.marginCents)}
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}
