import type { TFactoryConfig } from "@hub/contracts/factory-config/factory-config";
import { UNIT_STATUS_LABELS } from "@hub/contracts/floor/units";
import {
  CARRIERS,
  type TPackOrder,
  type TRate,
  type TShipment,
  type TShippingProvider,
  ZCreateShipmentRequestSchema,
} from "@hub/contracts/shipping/shipping";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  Grid,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { ScanInput } from "../../components/scan/scan-input";
import { messageOf } from "../../lib/api-error";
import { useFactoryConfig } from "../factory-config/api";
import { QUEUED_MESSAGE } from "../floor/scan-queue";
import { OfflineBanner, QueuedScans, useScanQueue } from "../floor/use-scan-queue";
import { fetchRates, packScan, shippingKeys, useCreateShipment, usePackOrder, useShippingOptions } from "./api";
import { money } from "./labels";
import { BoxDone, OrderHeader, TARGET } from "./pack-out-done";
import { PackSuggestion } from "./pack-suggestion";

type BoxDraft = {
  weightOz: string;
  lengthIn: string;
  widthIn: string;
  heightIn: string;
  provider: TShippingProvider;
  carrier: string;
  service: string;
  trackingNumber: string;
};
const EMPTY_BOX: BoxDraft = {
  weightOz: "",
  lengthIn: "12",
  widthIn: "10",
  heightIn: "4",
  provider: "manual",
  carrier: "ups",
  service: "",
  trackingNumber: "",
};

/** A new box as the facility's Factory Config says (its default carrier and box), else EMPTY_BOX. */
const newBox = (facility: TFactoryConfig | undefined): BoxDraft =>
  facility
    ? {
        ...EMPTY_BOX,
        carrier: facility.settings.defaultCarrier,
        lengthIn: String(facility.settings.defaultBoxLengthIn),
        widthIn: String(facility.settings.defaultBoxWidthIn),
        heightIn: String(facility.settings.defaultBoxHeightIn),
      }
    : EMPTY_BOX;

/** Whether the box's size is still the facility's default box (Factory Config), so its name applies. */
const isDefaultBox = (facility: TFactoryConfig | undefined, b: BoxDraft): boolean => {
  const d = facility?.settings;
  return (
    !!d &&
    [d.defaultBoxLengthIn, d.defaultBoxWidthIn, d.defaultBoxHeightIn].join() ===
      [b.lengthIn, b.widthIn, b.heightIn].map(Number).join()
  );
};

const num = (v: string) => (v.trim() === "" ? undefined : Number(v));

/**
 * Pack Out (/packOut, kiosk): scan a tote or units (each inspected unit becomes packed; anything
 * else is refused with its state), then build the box: the order's packed units not yet in a box,
 * its weight and size, the provider (manual, or ShipStation with its rates), buy the label, print
 * the label and packing slip, and ship. An order may leave in several boxes.
 */
export default function PackOutPage() {
  const [orderId, setOrderId] = useState<number | null>(null);
  const [box, setBox] = useState<TShipment | null>(null);
  const order = usePackOrder(orderId);
  const queryClient = useQueryClient();
  // Read on opening, so the first box already starts from the facility's defaults.
  const facility = useFactoryConfig();
  // Scans are kept offline and sent when the network is back (issue 22); a box's label needs the network.
  const queue = useScanQueue("packOut");

  const onScan = async (code: string) => {
    const sent = await queue.submit(code, { kind: "pack", code }, (scanId) => packScan(scanId, code));
    if (sent.queued) return { ok: true, queued: true, message: `${code}: ${QUEUED_MESSAGE}` };
    const result = sent.done;
    queryClient.setQueryData(shippingKeys.packOrder(result.order.orderId), result.order);
    if (result.order.orderId !== orderId) setBox(null);
    setOrderId(result.order.orderId);
    return { ok: result.ok, message: `${result.order.orderNumber}: ${result.message}` };
  };

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1200, mx: "auto" }}>
      <Stack spacing={2} sx={{ mb: 2 }}>
        <OfflineBanner online={queue.online} waiting={queue.waiting} />
        {queue.online ? null : (
          <Alert severity="info" data-testid="offline-box" sx={{ fontSize: 18 }}>
            Scanned units are packed when the network is back; a box's rates and label can be bought once the network is
            back.
          </Alert>
        )}
      </Stack>
      <ScanInput onScan={onScan} label="Scan a tote or a unit" />
      {!orderId ? (
        <Typography sx={{ mt: 3, fontSize: 20, color: "text.secondary" }}>
          Scan a tote or a unit to start a box. Units must be inspected; each scan packs them.
        </Typography>
      ) : order.error ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {messageOf(order.error)}
        </Alert>
      ) : order.data ? (
        box ? (
          <BoxDone
            shipment={box}
            order={order.data}
            onNext={() => setBox(null)}
            labelPrinter={facility.data?.settings.shippingLabelPrinter || undefined}
          />
        ) : (
          <BoxForm key={order.data.orderId} order={order.data} onCreated={setBox} facility={facility.data} />
        )
      ) : null}
      <Box sx={{ mt: 3 }}>
        <QueuedScans scans={queue.scans} />
      </Box>
    </Box>
  );
}

function BoxForm({
  order,
  onCreated,
  facility,
}: {
  order: TPackOrder;
  onCreated: (s: TShipment) => void;
  facility: TFactoryConfig | undefined;
}) {
  const options = useShippingOptions();
  const create = useCreateShipment();
  const free = useMemo(() => order.units.filter((u) => u.status === "packed" && u.shipmentId === null), [order]);
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(free.map((u) => u.id)));
  const [b, setB] = useState<BoxDraft>(() => newBox(facility));
  const [rates, setRates] = useState<TRate[] | null>(null);
  const [rateId, setRateId] = useState<string>("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [key, setKey] = useState(() => crypto.randomUUID());

  // A new scan packs more units: they join the box, ticked.
  useEffect(() => {
    setChosen((current) => {
      const next = new Set([...current].filter((id) => free.some((u) => u.id === id)));
      for (const u of free) if (!current.has(u.id)) next.add(u.id);
      return next;
    });
  }, [free]);

  const set = (field: keyof BoxDraft) => (e: { target: { value: string } }) => {
    setB((x) => ({ ...x, [field]: e.target.value }));
    if (["weightOz", "lengthIn", "widthIn", "heightIn", "provider"].includes(field)) setRates(null);
  };
  const provider = options.data?.providers.find((p) => p.provider === b.provider);
  const parcel = {
    weightOz: num(b.weightOz),
    lengthIn: num(b.lengthIn),
    widthIn: num(b.widthIn),
    heightIn: num(b.heightIn),
  };

  const getRates = async () => {
    setFormError(null);
    try {
      const answer = await fetchRates({
        orderId: order.orderId,
        provider: b.provider,
        weightOz: parcel.weightOz ?? 0,
        lengthIn: parcel.lengthIn ?? 0,
        widthIn: parcel.widthIn ?? 0,
        heightIn: parcel.heightIn ?? 0,
      });
      setRates(answer.rates);
      setRateId(answer.rates[0]?.rateId ?? "");
    } catch (e) {
      setFormError(messageOf(e));
    }
  };

  const buy = async () => {
    setFormError(null);
    const body = {
      orderId: order.orderId,
      unitIds: free.filter((u) => chosen.has(u.id)).map((u) => u.id),
      ...parcel,
      provider: b.provider,
      ...(provider?.hasRates
        ? { rateId: rateId || undefined }
        : {
            carrier: b.carrier,
            service: b.service.trim() || undefined,
            trackingNumber: b.trackingNumber.trim() || undefined,
          }),
    };
    const parsed = ZCreateShipmentRequestSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? "form"), i.message])));
      return;
    }
    setErrors({});
    try {
      const shipment = await create.mutateAsync({ body: parsed.data, key });
      setKey(crypto.randomUUID());
      onCreated(shipment);
    } catch (e) {
      // A refusal wrote nothing: the next attempt is a new one.
      setKey(crypto.randomUUID());
      setFormError(messageOf(e));
    }
  };

  return (
    <>
      <OrderHeader order={order} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card>
            <Table aria-label="Units of the order">
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox" />
                  <TableCell>Unit</TableCell>
                  <TableCell>SKU</TableCell>
                  <TableCell>Size</TableCell>
                  <TableCell>State</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {order.units.map((u) => {
                  const boxable = u.status === "packed" && u.shipmentId === null;
                  return (
                    <TableRow key={u.id} selected={chosen.has(u.id)}>
                      <TableCell padding="checkbox">
                        {boxable ? (
                          <Checkbox
                            checked={chosen.has(u.id)}
                            onChange={(e) =>
                              setChosen((c) => {
                                const next = new Set(c);
                                if (e.target.checked) next.add(u.id);
                                else next.delete(u.id);
                                return next;
                              })
                            }
                            slotProps={{ input: { "aria-label": `Box ${u.barcode}` } }}
                          />
                        ) : null}
                      </TableCell>
                      <TableCell sx={{ fontSize: 18 }}>{u.barcode}</TableCell>
                      <TableCell>{u.sku}</TableCell>
                      <TableCell>{u.size ?? "—"}</TableCell>
                      <TableCell>
                        {UNIT_STATUS_LABELS[u.status]}
                        {u.shipmentNumber ? ` · ${u.shipmentNumber}` : ""}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Card>
          {errors.unitIds ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              {errors.unitIds}
            </Alert>
          ) : null}
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card>
            <CardContent>
              <Typography variant="h5" component="h3" sx={{ mb: 2, fontWeight: 700 }}>
                Box of {chosen.size} unit{chosen.size === 1 ? "" : "s"}
              </Typography>
              <Stack spacing={2}>
                <PackSuggestion
                  order={order}
                  unitIds={chosen}
                  onAccept={(x) => {
                    const text = (n: number | null, was: string) => (n === null ? was : String(n));
                    setB((d) => ({
                      ...d,
                      weightOz: String(x.weightOz),
                      lengthIn: text(x.lengthIn, d.lengthIn),
                      widthIn: text(x.widthIn, d.widthIn),
                      heightIn: text(x.heightIn, d.heightIn),
                    }));
                    setRates(null);
                  }}
                />
                <TextField
                  label="Weight (oz)"
                  value={b.weightOz}
                  onChange={set("weightOz")}
                  error={!!errors.weightOz}
                  helperText={errors.weightOz}
                  slotProps={{ htmlInput: { inputMode: "decimal" } }}
                />
                {isDefaultBox(facility, b) ? (
                  <Typography color="text.secondary" data-testid="default-box">
                    Box: {facility?.settings.defaultBoxName}
                  </Typography>
                ) : null}
                <Stack direction="row" spacing={1}>
                  {(["lengthIn", "widthIn", "heightIn"] as const).map((f) => (
                    <TextField
                      key={f}
                      label={{ lengthIn: "Length (in)", widthIn: "Width (in)", heightIn: "Height (in)" }[f]}
                      value={b[f]}
                      onChange={set(f)}
                      error={!!errors[f]}
                      helperText={errors[f]}
                      slotProps={{ htmlInput: { inputMode: "decimal" } }}
                    />
                  ))}
                </Stack>
                <TextField select label="Label from" value={b.provider} onChange={set("provider")}>
                  {(options.data?.providers ?? [{ provider: "manual", label: "Manual", hasRates: false }]).map((p) => (
                    <MenuItem key={p.provider} value={p.provider}>
                      {p.label}
                    </MenuItem>
                  ))}
                </TextField>
                {provider?.hasRates ? (
                  <>
                    <Button variant="outlined" onClick={getRates} sx={TARGET}>
                      Get rates
                    </Button>
                    {rates ? (
                      rates.length === 0 ? (
                        <Alert severity="warning">No rates for this box.</Alert>
                      ) : (
                        <RadioGroup value={rateId} onChange={(e) => setRateId(e.target.value)} aria-label="Rates">
                          {rates.map((r) => (
                            <FormControlLabel
                              key={r.rateId}
                              value={r.rateId}
                              control={<Radio />}
                              label={`${r.serviceName} · ${money(r.amountCents)}${r.deliveryDays ? ` · ${r.deliveryDays} days` : ""}`}
                            />
                          ))}
                        </RadioGroup>
                      )
                    ) : null}
                    {errors.rateId ? <Alert severity="error">{errors.rateId}</Alert> : null}
                  </>
                ) : (
                  <>
                    <TextField
                      select
                      label="Carrier"
                      value={b.carrier}
                      onChange={set("carrier")}
                      error={!!errors.carrier}
                      helperText={errors.carrier}
                    >
                      {(options.data?.carriers ?? CARRIERS).map((c) => (
                        <MenuItem key={c.code} value={c.code}>
                          {c.name}
                        </MenuItem>
                      ))}
                    </TextField>
                    <TextField label="Service" value={b.service} onChange={set("service")} placeholder="Ground" />
                    <TextField
                      label="Tracking number"
                      value={b.trackingNumber}
                      onChange={set("trackingNumber")}
                      helperText={errors.trackingNumber ?? "Leave empty and the Hub makes one"}
                      error={!!errors.trackingNumber}
                    />
                  </>
                )}
                {formError ? <Alert severity="error">{formError}</Alert> : null}
                <Button
                  variant="contained"
                  size="large"
                  onClick={buy}
                  disabled={create.isPending || chosen.size === 0}
                  sx={TARGET}
                >
                  Buy label
                </Button>
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </>
  );
}
