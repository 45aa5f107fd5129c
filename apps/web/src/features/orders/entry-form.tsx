import { zodResolver } from "@hookform/resolvers/zod";
import {
  entryDefaultAddress,
  type TEntryOptions,
  type TPlaceOrderRequest,
  type TQuote,
  ZPlaceOrderRequestSchema,
} from "@hub/contracts/orders/orders";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  FormControlLabel,
  Grid,
  ListSubheader,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from "@mui/material";
import { useMemo, useRef, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { toast } from "react-toastify";
import type { z } from "zod";
import { TextInput } from "../../components/text-input";
import { ApiError, messageOf } from "../../lib/api-error";
import { applyServerErrors } from "../../lib/form-errors";
import { usePlaceOrder, useQuote } from "./api";
import { type EntryLine, PasteSkus, PickOneVariant, parseQuantity, SizeColourGrid, useDebounced } from "./entry-lines";
import { LinesTable, Totals } from "./entry-price";
import { AddAnAddress, OneOffAddress } from "./entry-ship-to";
import { addressLines, money } from "./format";
import { PoFileField } from "./po-file-field";

type FormInput = z.input<typeof ZPlaceOrderRequestSchema>;
const FIELDS = [
  "clientId",
  "addressId",
  "shipTo",
  "poNumber",
  "poFileId",
  "requestedShipDate",
  "notes",
  "couponCode",
] as const;
const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

type Mode = "book" | "oneoff";

/** The order itself: ship-to, PO and notes, lines added three ways, the live price, and Place order. */
export function EntryForm({ clientId, options }: { clientId: number | null; options: TEntryOptions }) {
  const navigate = useNavigate();
  const place = usePlaceOrder();
  const [lines, setLines] = useState<EntryLine[]>([]);
  const [mode, setMode] = useState<Mode>(options.addresses.length > 0 ? "book" : "oneoff");
  const [tab, setTab] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);
  // One key per order attempt: a double click or a retry sends it again and the server makes one order.
  // It is renewed only after the server refused an attempt (nothing was written).
  const [attemptKey, setAttemptKey] = useState(() => crypto.randomUUID());

  // The resolver validates the whole request, lines and the ship-to mode included, with the contract's schema.
  const current = useRef({ lines, mode, clientId });
  current.current = { lines, mode, clientId };
  const resolver = useMemo<Resolver<FormInput, unknown, TPlaceOrderRequest>>(() => {
    const base = zodResolver(ZPlaceOrderRequestSchema);
    return (values, context, opts) => {
      const { lines: l, mode: m, clientId: c } = current.current;
      const body: FormInput = {
        ...values,
        clientId: c ?? undefined,
        lines: l.map((x) => x.input),
        addressId: m === "book" ? values.addressId : undefined,
        shipTo: m === "oneoff" ? values.shipTo : undefined,
      };
      return base(body, context, opts) as ReturnType<Resolver<FormInput, unknown, TPlaceOrderRequest>>;
    };
  }, []);

  const defaultAddress = entryDefaultAddress(options.addresses);
  const mine = options.addresses.filter((a) => a.owner === "me");
  const shared = options.addresses.filter((a) => a.owner === "client");
  const {
    register,
    handleSubmit,
    setError,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, TPlaceOrderRequest>({
    resolver,
    defaultValues: { addressId: defaultAddress?.id, lines: [] },
  });

  const couponText = (watch("couponCode") ?? "").trim();
  const quoteReq = useDebounced({
    clientId: clientId ?? undefined,
    lines: lines.map((l) => l.input),
    couponCode: couponText || undefined,
  });
  const quote = useQuote(quoteReq, quoteReq.lines.length > 0);
  const q: TQuote | undefined = lines.length > 0 ? quote.data : undefined;
  // Lines are priced by their index: a quote of other lines (still debouncing or fetching) prices none of them.
  const inSync = JSON.stringify(quoteReq.lines) === JSON.stringify(lines.map((l) => l.input));
  const linesQuote = inSync && !quote.isPlaceholderData ? q : undefined;

  const addLines = (added: EntryLine[]) => {
    if (added.length === 0) return;
    setLines((ls) => [...ls, ...added]);
    toast.success(added.length === 1 ? "1 line added." : `${added.length} lines added.`);
  };
  const setQuantity = (key: string, text: string) => {
    const quantity = parseQuantity(text);
    if (quantity === null) return;
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, input: { ...l.input, quantity } } : l)));
  };

  const onSubmit = async (body: TPlaceOrderRequest) => {
    setFormError(null);
    try {
      const order = await place.mutateAsync({ body, key: attemptKey });
      toast.success(`Order ${order.orderNumber} was placed.`);
      // This attempt is done: should the entry stay on screen (back pressed mid-navigation), the next is new.
      setLines([]);
      setAttemptKey(crypto.randomUUID());
      navigate(`/orders/${order.id}`, { state: { placed: true } });
    } catch (error) {
      // A refusal wrote nothing: the next attempt is a new one. A lost answer keeps the key, so a retry is safe.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) setAttemptKey(crypto.randomUUID());
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Order entry">
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Stack spacing={3}>
            <Card>
              <CardHeader title="Ship to" subheader={options.clientName} />
              <CardContent>
                <RadioGroup row value={mode} onChange={(e) => setMode(e.target.value as Mode)} sx={{ mb: 2 }}>
                  <FormControlLabel
                    value="book"
                    control={<Radio />}
                    label="From the address book"
                    disabled={options.addresses.length === 0}
                  />
                  <FormControlLabel value="oneoff" control={<Radio />} label="A one-off address" />
                </RadioGroup>
                {options.addresses.length === 0 ? <AddAnAddress /> : null}
                {mode === "book" ? (
                  <TextField
                    select
                    label="Address"
                    value={watch("addressId") ?? ""}
                    onChange={(e) => setValue("addressId", e.target.value === "" ? undefined : Number(e.target.value))}
                    error={Boolean(errors.addressId ?? errors.shipTo?.message)}
                    helperText={errors.addressId?.message ?? errors.shipTo?.message}
                    fullWidth
                  >
                    {mine.length > 0 ? <ListSubheader>My addresses</ListSubheader> : null}
                    {mine.map((a) => (
                      <MenuItem key={a.id} value={a.id}>
                        {`${a.label}: ${addressLines(a).join(", ")}`}
                      </MenuItem>
                    ))}
                    {mine.length > 0 && shared.length > 0 ? (
                      <ListSubheader>{`${options.clientName}'s addresses`}</ListSubheader>
                    ) : null}
                    {shared.map((a) => (
                      <MenuItem key={a.id} value={a.id}>
                        {`${a.label}: ${addressLines(a).join(", ")}`}
                      </MenuItem>
                    ))}
                  </TextField>
                ) : (
                  <OneOffAddress register={register} errors={errors} />
                )}
              </CardContent>
            </Card>
            <Card>
              <CardHeader title="Order" />
              <CardContent>
                <Stack spacing={2}>
                  <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
                    <TextInput
                      label="PO number"
                      {...register("poNumber")}
                      error={Boolean(errors.poNumber)}
                      helperText={errors.poNumber?.message}
                    />
                    <TextField
                      label="Requested ship date"
                      type="date"
                      fullWidth
                      {...register("requestedShipDate", { setValueAs: emptyToUndefined })}
                      error={Boolean(errors.requestedShipDate)}
                      helperText={errors.requestedShipDate?.message}
                      slotProps={{ inputLabel: { shrink: true } }}
                    />
                  </Stack>
                  <PoFileField
                    clientId={clientId}
                    error={errors.poFileId?.message}
                    onChange={(id) => setValue("poFileId", id, { shouldDirty: true })}
                  />
                  <TextField
                    label="Notes"
                    multiline
                    minRows={2}
                    {...register("notes")}
                    error={Boolean(errors.notes)}
                    helperText={errors.notes?.message}
                  />
                </Stack>
              </CardContent>
            </Card>
            <Card>
              <CardHeader title="Add lines" />
              <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} sx={{ px: 2 }}>
                <Tab label="Style and options" />
                <Tab label="Size x colour grid" />
                <Tab label="Paste SKUs" />
              </Tabs>
              <CardContent>
                {tab === 0 ? <PickOneVariant clientId={clientId} onAdd={addLines} /> : null}
                {tab === 1 ? <SizeColourGrid clientId={clientId} onAdd={addLines} /> : null}
                {tab === 2 ? <PasteSkus onAdd={addLines} /> : null}
              </CardContent>
            </Card>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Card sx={{ position: { lg: "sticky" }, top: { lg: 16 } }}>
            <CardHeader title="Lines and price" />
            <CardContent>
              <Stack spacing={2}>
                <LinesTable
                  lines={lines}
                  quote={linesQuote}
                  onQuantity={setQuantity}
                  onRemove={(key) => setLines((ls) => ls.filter((l) => l.key !== key))}
                />
                {errors.lines?.message ? <Alert severity="warning">{errors.lines.message}</Alert> : null}
                {quote.isError && lines.length > 0 ? <Alert severity="error">{messageOf(quote.error)}</Alert> : null}
                <TextInput
                  label="Coupon"
                  {...register("couponCode", { setValueAs: emptyToUndefined })}
                  error={Boolean(errors.couponCode) || q?.coupon?.valid === false}
                  helperText={
                    errors.couponCode?.message ??
                    (q?.coupon
                      ? q.coupon.valid
                        ? `${q.coupon.code}: ${money(q.coupon.discountCents)} off`
                        : q.coupon.reason
                      : "A coupon code, if you have one")
                  }
                />
                <Totals quote={q} stale={quote.isFetching || quote.isPlaceholderData} />
                {options.hasPaymentMethod ? (
                  <Typography variant="body2" sx={{ color: "text.secondary" }}>
                    Placing the order charges the client's default payment method.
                  </Typography>
                ) : (
                  <Typography variant="body2" sx={{ color: "text.secondary" }}>
                    No payment method on file: the order is invoiced and stays unpaid.
                  </Typography>
                )}
                {formError ? <Alert severity="error">{formError}</Alert> : null}
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  loading={isSubmitting || place.isPending}
                  disabled={lines.length === 0 || !linesQuote || linesQuote.problems.length > 0}
                >
                  Place order
                </Button>
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </Box>
  );
}
