import type { TOrderUnit } from "@hub/contracts/floor/actions";
import { floorApi } from "@hub/contracts/floor/api";
import { UNIT_STATUS_LABELS } from "@hub/contracts/floor/units";
import type { TOrder } from "@hub/contracts/orders/orders";
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  List,
  ListItem,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { LabelsMenuButton } from "../../components/labels-menu";
import { pathTo } from "../../lib/api";
import { messageOf } from "../../lib/api-error";
import { useAuth } from "../../lib/auth/auth-context";
import { useLabelDefaults } from "../factory-config/api";
import { useOrderUnits, useReleaseOrder, useUnitEvents } from "../floor/api";

const when = (iso: string) => new Date(iso).toLocaleString();

const STATUS_COLOUR: Partial<Record<TOrderUnit["status"], "success" | "error" | "warning" | "info" | "default">> = {
  shipped: "success",
  packed: "success",
  failed: "error",
  cancelled: "default",
  inspected: "info",
};

/**
 * The Units tab of order details (issue 11): each line's units (barcode, state, tote, last event)
 * and a unit's history, and the units' barcode labels for floor users. Clients read it; nothing here
 * changes a unit (that is the floor's work).
 */
export function OrderUnits({ order }: { order: TOrder }) {
  const units = useOrderUnits(order.id);
  const { cardAccess } = useAuth();
  const labelDefaults = useLabelDefaults(cardAccess.has("unitActions"));
  const [open, setOpen] = useState<TOrderUnit | null>(null);
  if (units.isPending) return <CircularProgress size={24} />;
  if (units.isError) return <Alert severity="error">{messageOf(units.error)}</Alert>;
  const data = units.data;
  const total = data.lines.reduce((s, l) => s + l.units.length, 0);
  return (
    <Stack spacing={2} data-testid="order-units">
      {data.releasedAt ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap" }} useFlexGap>
          <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
            {`Released to production ${when(data.releasedAt)}${data.releasedBy ? ` by ${data.releasedBy}` : ""}.`}
          </Typography>
          {cardAccess.has("unitActions") && total > 0 ? (
            <LabelsMenuButton
              label="Unit labels"
              path={(q) =>
                pathTo(floorApi.unitLabelsPdf, {
                  query: { orderId: order.id, format: q.format, symbology: q.symbology, paper: q.paper },
                })
              }
              preferred={labelDefaults}
              fileName={(q) => `unit-labels-${order.orderNumber}-${q.format}.pdf`}
            />
          ) : null}
        </Stack>
      ) : (
        <Alert severity="info">
          {"Not released to production yet: the units are made when the order is paid or the factory releases it."}
        </Alert>
      )}
      {total === 0
        ? null
        : data.lines.map((line) => {
            const item = order.items.find((i) => i.id === line.itemId);
            return (
              <Box key={line.itemId}>
                <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
                  {`Line ${line.lineNumber}${item ? ` · ${item.styleCode} · ${item.sku}` : ""}`}
                </Typography>
                <Box sx={{ overflowX: "auto" }}>
                  <Table size="small" aria-label={`Units of line ${line.lineNumber}`}>
                    <TableHead>
                      <TableRow>
                        <TableCell>Unit</TableCell>
                        <TableCell>#</TableCell>
                        <TableCell>State</TableCell>
                        <TableCell>Tote</TableCell>
                        <TableCell>Last event</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {line.units.map((u) => (
                        <TableRow key={u.id} data-testid="order-unit">
                          <TableCell sx={{ fontFamily: "monospace" }}>
                            <Link component="button" onClick={() => setOpen(u)}>
                              {u.barcode}
                            </Link>
                          </TableCell>
                          <TableCell>{u.attempt > 1 ? `${u.instance} (recut ${u.attempt - 1})` : u.instance}</TableCell>
                          <TableCell>
                            <Chip
                              size="small"
                              color={STATUS_COLOUR[u.status] ?? "default"}
                              variant="outlined"
                              label={UNIT_STATUS_LABELS[u.status]}
                            />
                          </TableCell>
                          <TableCell sx={{ fontFamily: "monospace" }}>{u.toteBarcode ?? "—"}</TableCell>
                          <TableCell>
                            {u.lastEvent
                              ? `${u.lastEvent.action.replaceAll("_", " ")} · ${when(u.lastEvent.at)} · ${u.lastEvent.actor}${u.lastEvent.reason ? ` · ${u.lastEvent.reason}` : ""}`
                              : "—"}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Box>
              </Box>
            );
          })}
      {open ? <UnitHistory orderId={order.id} unit={open} onClose={() => setOpen(null)} /> : null}
    </Stack>
  );
}

function UnitHistory({ orderId, unit, onClose }: { orderId: number; unit: TOrderUnit; onClose: () => void }) {
  const events = useUnitEvents(orderId, unit.id);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{`History of ${unit.barcode}`}</DialogTitle>
      <DialogContent>
        {events.isPending ? <CircularProgress size={24} /> : null}
        {events.isError ? <Alert severity="error">{messageOf(events.error)}</Alert> : null}
        <List dense>
          {events.data?.items.map((e) => (
            <ListItem key={e.id} divider>
              <ListItemText
                primary={`${e.action.replaceAll("_", " ")}: ${e.fromStatus ? `${e.fromStatus} → ` : ""}${e.toStatus}`}
                secondary={`${when(e.at)} · ${e.actor}${e.stationCode ? ` · ${e.stationCode}` : ""}${e.reason ? ` · ${e.reason}` : ""}`}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** "Release to production": the factory starts an invoice client's unpaid order (asks first). */
export function ReleaseButton({ order }: { order: TOrder }) {
  const units = useOrderUnits(order.id);
  const release = useReleaseOrder(order.id);
  const [asking, setAsking] = useState(false);
  if (!units.data?.canRelease) return null;
  return (
    <>
      <Button variant="outlined" onClick={() => setAsking(true)}>
        Release to production
      </Button>
      {asking ? (
        <ConfirmDialog
          open
          title={`Release ${order.orderNumber} to production?`}
          message={`Its units are made and queued for cutting although the order is ${order.paymentState.replaceAll("_", " ")}.`}
          confirmLabel="Release"
          onClose={() => setAsking(false)}
          onConfirm={async () => {
            const done = await release.mutateAsync();
            toast.success(done.message);
            setAsking(false);
          }}
        />
      ) : null}
    </>
  );
}
