import { carrierService, type TPackOrder, type TShipment } from "@hub/contracts/shipping/shipping";
import Download from "@mui/icons-material/Download";
import LocalShipping from "@mui/icons-material/LocalShipping";
import Print from "@mui/icons-material/Print";
import { Alert, Button, Card, CardContent, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { messageOf } from "../../lib/api-error";
import { labelActionText, openShipmentLabel, openShipmentPdf, useShipmentAction } from "./api";

/** Pack Out's kiosk-sized buttons. */
export const TARGET = { minHeight: 64, fontSize: 18 };

/** The order being packed: its number, client, PO and how much of it has shipped. */
export function OrderHeader({ order }: { order: TPackOrder }) {
  const shipped = order.units.filter((u) => u.status === "shipped").length;
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mt: 3, mb: 2, alignItems: { sm: "baseline" } }}>
      <Typography variant="h4" component="h2" sx={{ fontWeight: 800 }} data-testid="pack-order">
        {order.orderNumber}
      </Typography>
      <Typography sx={{ fontSize: 20 }}>
        {order.clientName}
        {order.poNumber ? ` · PO ${order.poNumber}` : ""} · {shipped} of {order.units.length} shipped
      </Typography>
    </Stack>
  );
}

/**
 * A bought box: print (or, for a ZPL label, download) its label and its packing slip, ship it or
 * void it. `labelPrinter` is the facility's shipping label printer (Factory Config), named as a hint.
 */
export function BoxDone({
  shipment,
  order,
  onNext,
  labelPrinter,
}: {
  shipment: TShipment;
  order: TPackOrder;
  onNext: () => void;
  labelPrinter: string | undefined;
}) {
  const action = useShipmentAction(shipment.id);
  const [current, setCurrent] = useState(shipment);
  const [error, setError] = useState<string | null>(null);
  const [confirmVoid, setConfirmVoid] = useState(false);
  const run = async (a: "ship" | "void") => {
    setError(null);
    try {
      setCurrent(await action.mutateAsync(a));
    } catch (e) {
      setError(messageOf(e));
    }
  };
  const slip = () =>
    openShipmentPdf(current.id, "packing-slip", `packing-slip-${current.shipmentNumber}.pdf`).catch((e) =>
      setError(messageOf(e)),
    );
  return (
    <>
      <OrderHeader order={order} />
      <Card>
        <CardContent>
          <Typography variant="h4" component="h3" sx={{ fontWeight: 800 }} data-testid="box-number">
            {current.shipmentNumber}
          </Typography>
          <Typography sx={{ fontSize: 20, my: 1 }} data-testid="box-state">
            {current.status === "shipped" ? "Shipped" : current.status === "voided" ? "Voided" : "Label bought"} ·{" "}
            {current.unitCount} units · {carrierService(current.carrier, current.service)} · tracking{" "}
            {current.trackingNumber ?? "—"}
          </Typography>
          {error ? (
            <Alert severity="error" sx={{ my: 1 }}>
              {error}
            </Alert>
          ) : null}
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mt: 2 }}>
            <Stack spacing={0.5}>
              <Button
                variant="outlined"
                startIcon={current.labelFormat === "zpl" ? <Download /> : <Print />}
                onClick={() => openShipmentLabel(current).catch((e) => setError(messageOf(e)))}
                sx={TARGET}
              >
                {labelActionText(current)}
              </Button>
              {labelPrinter ? (
                <Typography variant="body2" color="text.secondary" data-testid="label-printer">
                  Label printer: {labelPrinter}
                </Typography>
              ) : null}
            </Stack>
            <Button variant="outlined" startIcon={<Print />} onClick={slip} sx={TARGET}>
              Print packing slip
            </Button>
            {current.status === "packed" ? (
              <>
                <Button
                  variant="contained"
                  color="success"
                  startIcon={<LocalShipping />}
                  onClick={() => run("ship")}
                  disabled={action.isPending}
                  sx={TARGET}
                >
                  Ship
                </Button>
                <Button color="error" onClick={() => setConfirmVoid(true)} sx={TARGET}>
                  Void
                </Button>
              </>
            ) : (
              <Button variant="contained" onClick={onNext} sx={TARGET}>
                Next box
              </Button>
            )}
            <Button component={RouterLink} to={`/shipments/${current.id}`} sx={TARGET}>
              Open shipment
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <ConfirmDialog
        open={confirmVoid}
        title={`Void ${current.shipmentNumber}?`}
        message="The label is cancelled and its units leave the box (they stay packed, ready for another box)."
        confirmLabel="Void"
        danger
        onConfirm={() => run("void")}
        onClose={() => setConfirmVoid(false)}
      />
    </>
  );
}
