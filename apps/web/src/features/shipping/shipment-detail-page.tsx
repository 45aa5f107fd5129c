import { zodResolver } from "@hookform/resolvers/zod";
import { UNIT_STATUS_LABELS } from "@hub/contracts/floor/units";
import {
  CARRIERS,
  carrierName,
  SHIPPING_PROVIDER_LABELS,
  type TShipment,
  type TTrackingUpdateRequest,
  ZTrackingUpdateRequestSchema,
} from "@hub/contracts/shipping/shipping";
import LocalShipping from "@mui/icons-material/LocalShipping";
import Print from "@mui/icons-material/Print";
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  Grid,
  Link,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { type ReactNode, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useParams } from "react-router";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { FormDialog } from "../../components/form-dialog";
import { LoadingScreen } from "../../components/loading-screen";
import { OfOrderSubtitle, PageHeader } from "../../components/page-header";
import { RecordNotFound } from "../../components/record-not-found";
import { messageOf } from "../../lib/api-error";
import { useAuth } from "../../lib/auth/auth-context";
import { useSubmitErrors } from "../../lib/form-errors";
import { parseId } from "../../lib/ids";
import {
  openShipmentLabel,
  openShipmentPdf,
  type ShipmentAction,
  useShipment,
  useShipmentAction,
  useTrackingUpdate,
} from "./api";
import { dateText, money, ShipmentStatusChip, StoreNotifyChip, weightText } from "./labels";

/** Changing a shipment is the facility's and internal admins' (the server says so too). */
const HANDLERS = ["icreate", "manufacturer", "factory"];

/** /shipments/:id: a box's units, documents, tracking, the store's notification and its actions. */
export default function ShipmentDetailPage() {
  const id = parseId(useParams().id);
  const shipment = useShipment(id ?? 0);
  if (id === null)
    return (
      <RecordNotFound
        title="Shipment not found"
        message="That shipment does not exist."
        backTo="/shipments"
        backLabel="Back to Shipped Orders"
      />
    );
  if (shipment.error) return <Alert severity="error">{messageOf(shipment.error)}</Alert>;
  if (!shipment.data) return <LoadingScreen />;
  return <ShipmentDetail shipment={shipment.data} />;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 6, md: 3 }}>
      <Typography variant="overline" sx={{ color: "text.secondary", display: "block" }}>
        {label}
      </Typography>
      <Typography component="div">{children}</Typography>
    </Grid>
  );
}

type Confirm = null | "ship" | "void";

function ShipmentDetail({ shipment: x }: { shipment: TShipment }) {
  const { user } = useAuth();
  const handles = user ? HANDLERS.includes(user.userType) : false;
  const action = useShipmentAction(x.id);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [trackingOpen, setTrackingOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const run = async (a: ShipmentAction, message: string) => {
    setError(null);
    setDone(null);
    try {
      await action.mutateAsync(a);
      setDone(message);
    } catch (e) {
      setError(messageOf(e));
    }
  };
  const pdf = (doc: "label" | "packing-slip") => () =>
    openShipmentPdf(x.id, doc, `${doc}-${x.shipmentNumber}.pdf`).catch((e) => setError(messageOf(e)));

  return (
    <>
      <PageHeader
        title={`Shipment ${x.shipmentNumber}`}
        subtitle={
          <OfOrderSubtitle
            chip={<ShipmentStatusChip status={x.status} />}
            word="of"
            orderId={x.orderId}
            orderNumber={x.orderNumber}
            poNumber={x.poNumber}
            clientName={x.clientName}
          />
        }
        actions={
          <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
            <Button
              startIcon={<Print />}
              onClick={() => openShipmentLabel(x).catch((e) => setError(messageOf(e)))}
              disabled={x.status === "voided"}
            >
              {x.labelFormat === "zpl" ? "Shipping label (ZPL)" : "Shipping label"}
            </Button>
            <Button startIcon={<Print />} onClick={pdf("packing-slip")}>
              Packing slip
            </Button>
            {handles && x.status === "packed" ? (
              <>
                <Button variant="contained" startIcon={<LocalShipping />} onClick={() => setConfirm("ship")}>
                  Ship
                </Button>
                <Button color="error" onClick={() => setConfirm("void")}>
                  Void
                </Button>
              </>
            ) : null}
          </Stack>
        }
      />
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setError(null)}>
          {error}
        </Alert>
      ) : null}
      {done ? (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setDone(null)}>
          {done}
        </Alert>
      ) : null}
      <Card sx={{ mb: 2 }}>
        <CardHeader
          title="Tracking"
          action={
            handles && x.status !== "voided" ? (
              <Stack direction="row" spacing={1}>
                {x.provider !== "manual" ? (
                  <Button onClick={() => run("track", "Tracking checked.")} disabled={action.isPending}>
                    Check tracking
                  </Button>
                ) : null}
                <Button onClick={() => setTrackingOpen(true)}>Update tracking</Button>
              </Stack>
            ) : undefined
          }
        />
        <CardContent>
          <Grid container spacing={2}>
            <Field label="Carrier">
              {carrierName(x.carrier)}
              {x.service ? ` · ${x.service}` : ""}
            </Field>
            <Field label="Tracking number">
              {x.trackingNumber && x.trackingUrl ? (
                <Link href={x.trackingUrl} target="_blank" rel="noopener noreferrer">
                  {x.trackingNumber}
                </Link>
              ) : (
                (x.trackingNumber ?? "—")
              )}
            </Field>
            <Field label="Carrier status">{x.trackingStatus ?? "—"}</Field>
            <Field label="Shipped">{dateText(x.shippedAt)}</Field>
            <Field label="Delivered">{dateText(x.deliveredAt)}</Field>
            <Field label="Label from">{SHIPPING_PROVIDER_LABELS[x.provider]}</Field>
            <Field label="Label cost">{money(x.labelCostCents)}</Field>
            <Field label="Box">
              {weightText(x.weightOz)}
              {x.lengthIn ? ` · ${x.lengthIn} × ${x.widthIn} × ${x.heightIn} in` : ""}
            </Field>
            <Field label="Packed">
              {dateText(x.createdAt)} by {x.createdBy}
            </Field>
          </Grid>
        </CardContent>
      </Card>
      {x.storeNotify !== "not_applicable" ? (
        <Card sx={{ mb: 2 }}>
          <CardHeader
            title="Client's store"
            subheader="A web order's store is told when the box ships, with its tracking."
            action={
              handles && x.status === "shipped" && x.storeNotify !== "notified" ? (
                <Button onClick={() => run("notify-store", "The store was told.")} disabled={action.isPending}>
                  Tell the store again
                </Button>
              ) : undefined
            }
          />
          <CardContent>
            <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
              <StoreNotifyChip state={x.storeNotify} />
              <Typography>
                {x.storeNotifiedAt ? `Told on ${new Date(x.storeNotifiedAt).toLocaleString()}` : ""}
                {x.storeNotifyError ? ` ${x.storeNotifyError}` : ""}
              </Typography>
            </Stack>
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardHeader title={`Units (${x.units.length})`} />
        <Table size="small" aria-label="Units in the box">
          <TableHead>
            <TableRow>
              <TableCell>Unit</TableCell>
              <TableCell>Line</TableCell>
              <TableCell>SKU</TableCell>
              <TableCell>Style</TableCell>
              <TableCell>Size</TableCell>
              <TableCell>Colour</TableCell>
              <TableCell>State</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {x.units.length === 0 ? (
              <TableRow>
                <TableCell colSpan={7}>No units: the shipment was voided and its units went back to packed.</TableCell>
              </TableRow>
            ) : (
              x.units.map((u) => (
                <TableRow key={u.id}>
                  <TableCell>{u.barcode}</TableCell>
                  <TableCell>{u.lineNumber}</TableCell>
                  <TableCell>{u.sku}</TableCell>
                  <TableCell>{u.styleName}</TableCell>
                  <TableCell>{u.size ?? "—"}</TableCell>
                  <TableCell>{u.colour ?? "—"}</TableCell>
                  <TableCell>{UNIT_STATUS_LABELS[u.status]}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </Card>
      <ConfirmDialog
        open={confirm === "ship"}
        title={`Ship ${x.shipmentNumber}?`}
        message={`Its ${x.unitCount} units become shipped and the client is emailed the tracking.`}
        confirmLabel="Ship"
        onConfirm={() => run("ship", "Shipment shipped.")}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === "void"}
        title={`Void ${x.shipmentNumber}?`}
        message="The label is cancelled and its units leave the box (they stay packed, ready for another box)."
        confirmLabel="Void"
        danger
        onConfirm={() => run("void", "Shipment voided.")}
        onClose={() => setConfirm(null)}
      />
      {trackingOpen ? <TrackingDialog shipment={x} onClose={() => setTrackingOpen(false)} /> : null}
    </>
  );
}

/** Spec 7's tracking update: tracking number, carrier and the ship date, by hand. */
function TrackingDialog({ shipment: x, onClose }: { shipment: TShipment; onClose: () => void }) {
  const save = useTrackingUpdate(x.id);
  const { control, handleSubmit, setError } = useForm<TTrackingUpdateRequest>({
    resolver: zodResolver(ZTrackingUpdateRequestSchema),
    defaultValues: {
      trackingNumber: x.trackingNumber ?? "",
      carrier: x.carrier,
      shipDate: x.shippedAt?.slice(0, 10),
    },
  });
  const { formError, submit } = useSubmitErrors(setError, ["trackingNumber", "carrier", "shipDate"]);
  const carriers = CARRIERS.some((c) => c.code === x.carrier)
    ? CARRIERS.map((c) => ({ code: c.code, name: c.name }))
    : [{ code: x.carrier, name: x.carrier }, ...CARRIERS.map((c) => ({ code: c.code, name: c.name }))];
  return (
    <FormDialog
      open
      title="Update tracking"
      submitLabel="Save tracking"
      submitting={save.isPending}
      error={formError}
      onClose={onClose}
      onSubmit={handleSubmit(
        submit(async (values: TTrackingUpdateRequest) => {
          await save.mutateAsync({ ...values, shipDate: values.shipDate || undefined });
          onClose();
        }),
      )}
    >
      <Stack spacing={2} sx={{ mt: 1 }}>
        <Controller
          name="trackingNumber"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              label="Tracking number"
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
              autoFocus
            />
          )}
        />
        <Controller
          name="carrier"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              select
              label="Carrier"
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
            >
              {carriers.map((c) => (
                <MenuItem key={c.code} value={c.code}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          name="shipDate"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              value={field.value ?? ""}
              onChange={(e) => field.onChange(e.target.value || undefined)}
              type="date"
              label="Ship date"
              disabled={x.status !== "shipped"}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? (x.status !== "shipped" ? "Set when the box ships" : undefined)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          )}
        />
      </Stack>
    </FormDialog>
  );
}
