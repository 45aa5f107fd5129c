import { zodResolver } from "@hookform/resolvers/zod";
import { USER_TYPES } from "@hub/contracts/access/user-types";
import type { TClientLimited } from "@hub/contracts/clients/clients";
import { type TStoredFile, ZStoredFileSchema } from "@hub/contracts/files/files";
import { PO_FILE_MAX_BYTES, PO_FILE_MESSAGES, PO_FILE_TYPES } from "@hub/contracts/orders/import";
import {
  entryDefaultAddress,
  ORDER_MESSAGES,
  type TEntryOptions,
  type TPlaceOrderRequest,
  type TQuote,
  ZPlaceOrderRequestSchema,
} from "@hub/contracts/orders/orders";
import AttachFile from "@mui/icons-material/AttachFile";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  FormControlLabel,
  Grid,
  IconButton,
  Link,
  ListSubheader,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from "@mui/material";
import { useMemo, useRef, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { Link as RouterLink, useNavigate } from "react-router";
import { toast } from "react-toastify";
import type { z } from "zod";
import { PageLoader } from "../../components/loading-screen";
import { PageHeader } from "../../components/page-header";
import { TextInput } from "../../components/text-input";
import { ApiError, messageOf } from "../../lib/api-error";
import { useAuth } from "../../lib/auth/auth-context";
import { applyServerErrors } from "../../lib/form-errors";
import { uploadWithProgress } from "../../lib/transfer";
import { useLimitedClients } from "../clients/api";
import { useEntryOptions, usePlaceOrder, useQuote } from "./api";
import { type EntryLine, PasteSkus, PickOneVariant, parseQuantity, SizeColourGrid, useDebounced } from "./entry-lines";
import { addressLines, money } from "./format";

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

/** Who picks the client: internal admins any (the session client first), facility users the ones they serve. */
function useWho() {
  const { user, sessionClient } = useAuth();
  const type = USER_TYPES.find((t) => t.name === user?.userType);
  return {
    picksClient: Boolean(type?.isInternal || type?.isFacility),
    sessionClientId: type?.isInternal ? (sessionClient?.clientId ?? null) : null,
  };
}

/** Order Entry (/orderEntry): choose the client (when one may order for several), then enter the order. */
export default function OrderEntryPage() {
  const { picksClient, sessionClientId } = useWho();
  const clients = useLimitedClients(picksClient);
  const [chosen, setChosen] = useState<number | null>(sessionClientId);
  // A facility serving one client has nothing to choose.
  const only =
    !picksClient || chosen !== null || clients.data?.length !== 1 ? null : (clients.data[0]?.clientId ?? null);
  const clientId = picksClient ? (chosen ?? only) : null;
  const options = clients.data ?? [];
  const value = options.find((c) => c.clientId === clientId) ?? null;

  return (
    <>
      <PageHeader
        title="Order Entry"
        subtitle="Enter an order for garments made to order: ship-to, lines and a live price, then place it."
      />
      {picksClient ? (
        <Card sx={{ mb: 3 }}>
          <CardContent>
            <Autocomplete<TClientLimited>
              options={options}
              value={value}
              loading={clients.isLoading}
              getOptionLabel={(c) => `${c.clientName} (${c.siteName})`}
              isOptionEqualToValue={(a, b) => a.clientId === b.clientId}
              onChange={(_e, next) => setChosen(next?.clientId ?? null)}
              renderInput={(params) => (
                <TextField {...params} label="Client" helperText="The brand this order is for" />
              )}
              sx={{ maxWidth: 480 }}
            />
          </CardContent>
        </Card>
      ) : null}
      {picksClient && clientId === null ? (
        <Alert severity="info">Choose the client this order is for.</Alert>
      ) : (
        <EntryLoader key={clientId ?? "own"} clientId={clientId} />
      )}
    </>
  );
}

function EntryLoader({ clientId }: { clientId: number | null }) {
  const options = useEntryOptions(clientId, true);
  if (options.isPending) return <PageLoader />;
  if (options.isError) return <Alert severity="error">{messageOf(options.error)}</Alert>;
  return <EntryForm clientId={clientId} options={options.data} />;
}

type Mode = "book" | "oneoff";

function EntryForm({ clientId, options }: { clientId: number | null; options: TEntryOptions }) {
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

/** No saved address to offer: where to add one (My addresses), rather than a silently greyed-out choice. */
function AddAnAddress() {
  const { cardAccess } = useAuth();
  const [before, after] = ORDER_MESSAGES.addAnAddress.split("My addresses");
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="no-saved-addresses">
      {cardAccess.has("yourAccount") ? (
        <>
          {before}
          <Link component={RouterLink} to="/yourAddresses">
            My addresses
          </Link>
          {after}
        </>
      ) : (
        ORDER_MESSAGES.addAnAddress
      )}
    </Typography>
  );
}

function OneOffAddress({
  register,
  errors,
}: {
  register: ReturnType<typeof useForm<FormInput, unknown, TPlaceOrderRequest>>["register"];
  errors: ReturnType<typeof useForm<FormInput, unknown, TPlaceOrderRequest>>["formState"]["errors"];
}) {
  const e = errors.shipTo;
  const field = (name: keyof NonNullable<FormInput["shipTo"]>, label: string, helper?: string) => (
    <TextInput
      label={label}
      {...register(`shipTo.${name}`)}
      error={Boolean(e?.[name])}
      helperText={e?.[name]?.message ?? helper}
    />
  );
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        {field("name", "Name")}
        {field("company", "Company")}
      </Stack>
      {field("line1", "Address line 1")}
      {field("line2", "Address line 2")}
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        {field("city", "City")}
        {field("region", "Region or state")}
        {field("postalCode", "Postal code")}
      </Stack>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        {field("country", "Country", "Two letters: US, GB…")}
        {field("phone", "Phone")}
      </Stack>
    </Stack>
  );
}

function LinesTable({
  lines,
  quote,
  onQuantity,
  onRemove,
}: {
  lines: EntryLine[];
  quote: TQuote | undefined;
  onQuantity: (key: string, text: string) => void;
  onRemove: (key: string) => void;
}) {
  if (lines.length === 0)
    return (
      <Typography sx={{ color: "text.secondary" }}>
        No lines yet: add them by style, through the grid, or by pasting SKUs.
      </Typography>
    );
  return (
    <Table size="small" aria-label="Order lines">
      <TableHead>
        <TableRow>
          <TableCell>Line</TableCell>
          <TableCell align="right">Qty</TableCell>
          <TableCell align="right">Unit</TableCell>
          <TableCell align="right">Total</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map((l, index) => {
          const priced = quote?.lines.find((x) => x.index === index);
          const problems = quote?.problems.filter((p) => p.index === index) ?? [];
          return (
            <TableRow key={l.key} data-testid="entry-line">
              <TableCell>
                <Typography variant="body2">
                  {priced ? `${priced.styleCode} · ${priced.styleName}` : l.label}
                </Typography>
                {priced ? (
                  <Typography variant="caption" sx={{ color: "text.secondary" }}>
                    {`${priced.sku} · ${priced.options.map((o) => o.attributeName).join(" / ")}`}
                  </Typography>
                ) : null}
                {problems.map((p) => (
                  <Typography key={p.field + p.message} variant="caption" color="error" component="div" role="alert">
                    {p.message}
                  </Typography>
                ))}
              </TableCell>
              <TableCell align="right">
                <QuantityCell value={l.input.quantity} onChange={(t) => onQuantity(l.key, t)} label={l.label} />
              </TableCell>
              <TableCell align="right">
                {priced ? money(priced.unitPriceCents + priced.upchargeCents) : "—"}
                {priced && priced.upchargeCents > 0 ? (
                  <Typography variant="caption" component="div" sx={{ color: "text.secondary" }}>
                    {`incl. +${money(priced.upchargeCents)}`}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell align="right">{priced ? money(priced.lineTotalCents) : "—"}</TableCell>
              <TableCell padding="none">
                <IconButton aria-label={`Remove ${l.label}`} onClick={() => onRemove(l.key)} size="small">
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function QuantityCell({ value, onChange, label }: { value: number; onChange: (t: string) => void; label: string }) {
  const [text, setText] = useState(String(value));
  const bad = parseQuantity(text) === null;
  return (
    <TextField
      size="small"
      value={text}
      error={bad}
      onChange={(e) => {
        setText(e.target.value);
        onChange(e.target.value);
      }}
      slotProps={{
        htmlInput: {
          inputMode: "numeric",
          "aria-label": `Quantity of ${label}`,
          style: { width: 56, textAlign: "right" },
        },
      }}
    />
  );
}

function Totals({ quote, stale }: { quote: TQuote | undefined; stale: boolean }) {
  const row = (label: string, cents: number | undefined, testId: string, strong = false) => (
    <Stack direction="row" sx={{ justifyContent: "space-between" }}>
      <Typography sx={{ fontWeight: strong ? 600 : undefined }}>{label}</Typography>
      <Typography sx={{ fontWeight: strong ? 600 : undefined }} data-testid={testId}>
        {cents === undefined ? "—" : money(cents)}
      </Typography>
    </Stack>
  );
  return (
    <Box aria-live="polite" aria-busy={stale} sx={{ opacity: stale ? 0.7 : 1 }}>
      {row("Subtotal", quote?.subtotalCents, "subtotal")}
      {quote && quote.discountCents > 0 ? row("Discount", -quote.discountCents, "discount") : null}
      {row("Total", quote?.totalCents, "order-total", true)}
    </Box>
  );
}

/**
 * The optional PO file: a PDF or a picture of the purchase order, uploaded at once through the
 * files adapter (for the order's client) and named by its id when the order is placed.
 */
function PoFileField({
  clientId,
  error,
  onChange,
}: {
  clientId: number | null;
  error: string | undefined;
  onChange: (id: number | undefined) => void;
}) {
  const [file, setFile] = useState<TStoredFile | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = async (chosen: File) => {
    setProblem(null);
    const ext = chosen.name.split(".").pop()?.toLowerCase() ?? "";
    if (!PO_FILE_TYPES.some((t) => t.ext === ext)) return setProblem(PO_FILE_MESSAGES.wrongType);
    if (chosen.size > PO_FILE_MAX_BYTES) return setProblem("A PO file can be at most 10 MB.");
    const form = new FormData();
    form.append("file", chosen);
    setProgress(0);
    try {
      const stored = await uploadWithProgress(
        `/orders/poFiles${clientId !== null ? `?clientId=${clientId}` : ""}`,
        form,
        ZStoredFileSchema,
        { expectStatus: 201, onProgress: setProgress },
      );
      setFile(stored);
      onChange(stored.id);
    } catch (e) {
      setProblem(messageOf(e));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <Button component="label" variant="outlined" startIcon={<AttachFile />} loading={progress !== null}>
          {file ? "Replace PO file" : "Attach PO file"}
          <input
            hidden
            type="file"
            accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
            aria-label="PO file"
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = "";
              if (f) void upload(f);
            }}
          />
        </Button>
        {file ? (
          <Chip
            label={file.fileName}
            data-testid="po-file"
            onDelete={() => {
              setFile(null);
              onChange(undefined);
            }}
          />
        ) : (
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            Optional: PDF, PNG or JPEG, up to 10 MB
          </Typography>
        )}
      </Stack>
      {problem || error ? (
        <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
          {problem ?? error}
        </Typography>
      ) : null}
    </Box>
  );
}
