import { carrierName } from "@hub/contracts/shipping/shipping";
import { Card, CardHeader, Link, Table, TableBody, TableCell, TableHead, TableRow } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { useAuth } from "../../lib/auth/auth-context";
import { useShipmentList } from "./api";
import { dateText, ShipmentStatusChip } from "./labels";

/**
 * An order's shipments (boxes), for the order details page: number, state, carrier, tracking link,
 * pieces and ship date. Shown to whoever has the Shipped Orders card, once the order has a box.
 */
export function OrderShipments({ orderId }: { orderId: number }) {
  const { cardAccess } = useAuth();
  const allowed = cardAccess.has("shipments");
  const list = useShipmentList({ orderId, size: 100, sort: "createdAt,asc" }, allowed);
  const items = list.data?.items ?? [];
  if (!allowed || items.length === 0) return null;
  return (
    <Card sx={{ mb: 2 }}>
      <CardHeader title="Shipments" subheader={`${items.length} box${items.length === 1 ? "" : "es"}`} />
      <Table size="small" aria-label="Shipments of the order">
        <TableHead>
          <TableRow>
            <TableCell>Shipment</TableCell>
            <TableCell>State</TableCell>
            <TableCell>Carrier</TableCell>
            <TableCell>Tracking</TableCell>
            <TableCell align="right">Pieces</TableCell>
            <TableCell>Shipped</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((x) => (
            <TableRow key={x.id}>
              <TableCell>
                <Link component={RouterLink} to={`/shipments/${x.id}`}>
                  {x.shipmentNumber}
                </Link>
              </TableCell>
              <TableCell>
                <ShipmentStatusChip status={x.status} />
              </TableCell>
              <TableCell>{carrierName(x.carrier)}</TableCell>
              <TableCell>
                {x.trackingNumber && x.trackingUrl ? (
                  <Link href={x.trackingUrl} target="_blank" rel="noopener noreferrer">
                    {x.trackingNumber}
                  </Link>
                ) : (
                  (x.trackingNumber ?? "—")
                )}
              </TableCell>
              <TableCell align="right">{x.unitCount}</TableCell>
              <TableCell>{dateText(x.shippedAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}
