import { zodResolver } from "@hookform/resolvers/zod";
import { USER_TYPES } from "@hub/contracts/access/user-types";
import {
  orderCompletable,
  type TOrder,
  ZCommentRequestSchema,
  ZIssueRequestSchema,
  ZIssueRespondRequestSchema,
} from "@hub/contracts/orders/orders";
import { orderHasShipped } from "@hub/contracts/returns/returns";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Divider,
  Grid,
  Link,
  MenuItem,
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
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import { Link as RouterLink, useLocation, useParams } from "react-router";
import { toast } from "react-toastify";
import type { z } from "zod";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { FormDialog } from "../../components/form-dialog";
import { PageLoader } from "../../components/loading-screen";
import { PageHeader } from "../../components/page-header";
import { ApiError, messageOf } from "../../lib/api-error";
import { useAuth } from "../../lib/auth/auth-context";
import { useSubmitErrors } from "../../lib/form-errors";
import { downloadFile } from "../../lib/transfer";
import { OrderShipments } from "../shipping/order-shipments";
import {
  parseOrderId,
  useAddComment,
  useCancelOrder,
  useChargeOrder,
  useComments,
  useCompleteOrder,
  useHistory,
  useIssues,
  useOrder,
  useRaiseIssue,
  useRefundOrder,
  useUpdateIssue,
} from "./api";
import { OrderDocuments } from "./documents";
import {
  addressLines,
  dateTime,
  ITEM_STATUS_LABELS,
  money,
  PaymentChip,
  SOURCE_LABELS,
  STATUS_LABELS,
  StatusChip,
} from "./format";
import { OrderUnits, ReleaseButton } from "./order-units";

/** Order details (/orders/:orderId): header, lines, comments, issues, history, payments and the actions. */
export default function OrderDetailsPage() {
  const id = parseOrderId(useParams().orderId);
  const order = useOrder(id);
  if (id === null) return <OrderNotFound />;
  if (order.isPending) return <PageLoader />;
  if (order.isError)
    return order.error instanceof ApiError && order.error.status === 404 ? (
      <OrderNotFound />
    ) : (
      <Alert severity="error">{messageOf(order.error)}</Alert>
    );
  return <Details order={order.data} />;
}

function OrderNotFound() {
  return (
    <>
      <PageHeader title="Order not found" />
      <Card>
        <CardContent>
          <Typography sx={{ mb: 2 }}>This order does not exist, or it is not one you may see.</Typography>
          <Button component={RouterLink} to="/orders" variant="contained">
            Back to orders
          </Button>
        </CardContent>
      </Card>
    </>
  );
}

const open = (o: TOrder) => o.status === "placed" || o.status === "in_production";
const refundable = (o: TOrder) => Math.max(0, o.chargedCents - o.refundedCents);
const canCharge = (o: TOrder) =>
  o.status !== "cancelled" && o.hasPaymentMethod && (o.paymentState === "unpaid" || o.paymentState === "failed");

function Details({ order }: { order: TOrder }) {
  const justPlaced = Boolean((useLocation().state as { placed?: boolean } | null)?.placed);
  const [tab, setTab] = useState(0);
  const [dialog, setDialog] = useState<"complete" | "cancel" | "refund" | null>(null);
  const charge = useChargeOrder(order.id);
  const chargeAgain = async () => {
    try {
      const after = await charge.mutateAsync(undefined);
      if (after.paymentState === "paid") toast.success(`${money(after.totalCents)} was charged.`);
      else toast.error(after.paymentMessage ?? "The charge did not go through.");
    } catch (error) {
      toast.error(messageOf(error));
    }
  };
  const editable = order.status === "placed" && order.items.some((i) => i.status === "open");
  // Completing is the factory's (or an internal admin's), once every line has shipped or was cancelled.
  const { user } = useAuth();
  const type = USER_TYPES.find((t) => t.name === user?.userType);
  const canComplete = Boolean(type?.isInternal || type?.isFacility) && orderCompletable(order);

  return (
    <>
      <PageHeader
        title={`Order ${order.orderNumber}`}
        subtitle={`${order.clientName} · placed ${dateTime(order.placedAt)} by ${order.placedBy}`}
        actions={
          <>
            <OrderDocuments orderId={order.id} orderNumber={order.orderNumber} />
            <ReleaseButton order={order} />
            {orderHasShipped(order.status) ? (
              <Button component={RouterLink} to={`/returns/new?orderId=${order.id}`}>
                Return items
              </Button>
            ) : null}
            {editable ? (
              <Button component={RouterLink} to={`/orders/${order.id}/itemEdit`}>
                Edit lines
              </Button>
            ) : null}
            {refundable(order) > 0 ? <Button onClick={() => setDialog("refund")}>Refund part</Button> : null}
            {canComplete ? (
              <Button variant="outlined" onClick={() => setDialog("complete")}>
                Complete
              </Button>
            ) : null}
            {open(order) ? (
              <Button variant="outlined" color="error" onClick={() => setDialog("cancel")}>
                Cancel order
              </Button>
            ) : null}
          </>
        }
      />
      <PaymentResult order={order} justPlaced={justPlaced} onCharge={chargeAgain} charging={charge.isPending} />
      <OrderHeader order={order} />
      <OrderShipments orderId={order.id} />
      <Card>
        <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} sx={{ px: 2 }} variant="scrollable">
          <Tab label={`Lines (${order.items.length})`} />
          <Tab label="Comments" />
          <Tab label="Issues" />
          <Tab label="History" />
          <Tab label="Payments" />
          <Tab label="Units" />
        </Tabs>
        <Divider />
        <CardContent>
          {tab === 0 ? <Lines order={order} /> : null}
          {tab === 1 ? <Comments orderId={order.id} /> : null}
          {tab === 2 ? <Issues order={order} /> : null}
          {tab === 3 ? <History orderId={order.id} /> : null}
          {tab === 4 ? <Payments order={order} /> : null}
          {tab === 5 ? <OrderUnits order={order} /> : null}
        </CardContent>
      </Card>
      {dialog === "complete" ? <CompleteDialog order={order} onClose={() => setDialog(null)} /> : null}
      {dialog === "cancel" ? <CancelDialog order={order} onClose={() => setDialog(null)} /> : null}
      {dialog === "refund" ? <RefundDialog order={order} onClose={() => setDialog(null)} /> : null}
    </>
  );
}

/** The payment result: charged, the clear failure with "Charge again", a charge still being made, or invoiced. */
function PaymentResult({
  order,
  justPlaced,
  onCharge,
  charging,
}: {
  order: TOrder;
  justPlaced: boolean;
  onCharge: () => void;
  charging: boolean;
}) {
  const action = canCharge(order) ? (
    <Button color="inherit" size="small" onClick={onCharge} loading={charging}>
      Charge again
    </Button>
  ) : undefined;
  if (order.paymentState === "failed")
    return (
      <Alert severity="error" sx={{ mb: 2 }} action={action} data-testid="payment-result">
        {order.paymentMessage ?? "The charge of the order failed."}
      </Alert>
    );
  // A charge cut off (a crash, a provider that did not answer): resumed with its own key, never made twice.
  if (order.paymentState === "pending" && order.status !== "cancelled")
    return (
      <Alert
        severity="warning"
        sx={{ mb: 2 }}
        data-testid="payment-result"
        action={
          order.hasPaymentMethod ? (
            <Button color="inherit" size="small" onClick={onCharge} loading={charging}>
              Check the charge
            </Button>
          ) : undefined
        }
      >
        {order.paymentMessage ??
          "The charge is being made with the payment provider. It is checked again within a minute, and never made twice."}
      </Alert>
    );
  if (!justPlaced && !action) return null;
  if (order.paymentState === "paid")
    return (
      <Alert severity="success" sx={{ mb: 2 }} data-testid="payment-result">
        {`Order placed and ${money(order.chargedCents)} charged to the client's payment method.`}
      </Alert>
    );
  return (
    <Alert severity="info" sx={{ mb: 2 }} action={action} data-testid="payment-result">
      {order.paymentMessage ?? (justPlaced ? "Order placed; it is unpaid." : "This order is unpaid.")}
    </Alert>
  );
}

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box>
    <Typography variant="caption" sx={{ color: "text.secondary" }}>
      {label}
    </Typography>
    <Typography component="div">{children}</Typography>
  </Box>
);

function OrderHeader({ order }: { order: TOrder }) {
  return (
    <Card sx={{ mb: 3 }}>
      <CardContent>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Stack spacing={1.5}>
              <Field label="Client">{order.clientName}</Field>
              <Field label="PO number">{order.poNumber ?? "—"}</Field>
              {order.poFileId !== null ? (
                <Field label="PO file">
                  <Link
                    component="button"
                    type="button"
                    onClick={() =>
                      downloadFile(`/orders/${order.id}/poFile`, order.poFileName ?? `${order.orderNumber}-po`).catch(
                        (e) => toast.error(messageOf(e)),
                      )
                    }
                  >
                    {order.poFileName ?? "Download"}
                  </Link>
                </Field>
              ) : null}
              <Field label="Source">
                {SOURCE_LABELS[order.source]}
                {order.externalOrderId ? ` (${order.externalOrderId})` : ""}
              </Field>
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Stack spacing={1.5}>
              <Field label="Ship to">
                {addressLines(order.shipTo).map((l) => (
                  <div key={l}>{l}</div>
                ))}
              </Field>
              <Field label="Requested ship date">{order.requestedShipDate ?? "—"}</Field>
              <Field label="Placed">{dateTime(order.placedAt)}</Field>
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Stack spacing={1.5}>
              <Stack direction="row" spacing={1}>
                <StatusChip status={order.status} />
                <PaymentChip state={order.paymentState} />
              </Stack>
              {order.paymentMessage && order.paymentState !== "failed" ? (
                <Typography variant="body2" sx={{ color: "text.secondary" }}>
                  {order.paymentMessage}
                </Typography>
              ) : null}
              <Field label="Subtotal">{money(order.subtotalCents)}</Field>
              {order.discountCents > 0 ? (
                <Field label={`Discount${order.couponCode ? ` (${order.couponCode})` : ""}`}>
                  {`−${money(order.discountCents)}`}
                </Field>
              ) : null}
              <Field label="Total">
                <strong data-testid="order-total">{money(order.totalCents)}</strong>
              </Field>
              {order.chargedCents > 0 ? (
                <Field label="Charged / refunded">{`${money(order.chargedCents)} / ${money(order.refundedCents)}`}</Field>
              ) : null}
            </Stack>
          </Grid>
          {order.notes ? (
            <Grid size={12}>
              <Field label="Notes">
                <Box sx={{ whiteSpace: "pre-line" }}>{order.notes}</Box>
              </Field>
            </Grid>
          ) : null}
        </Grid>
      </CardContent>
    </Card>
  );
}

function Lines({ order }: { order: TOrder }) {
  return (
    <Box sx={{ overflowX: "auto" }}>
      <Table size="small" aria-label="Lines">
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>Style</TableCell>
            <TableCell>Options</TableCell>
            <TableCell>SKU</TableCell>
            <TableCell align="right">Qty</TableCell>
            <TableCell align="right">Unit price</TableCell>
            <TableCell align="right">Upcharges</TableCell>
            <TableCell align="right">Line total</TableCell>
            <TableCell>Production</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {order.items.map((i) => (
            <TableRow key={i.id}>
              <TableCell>{i.lineNumber}</TableCell>
              <TableCell>{`${i.styleCode} · ${i.styleName}`}</TableCell>
              <TableCell>{i.options.map((o) => `${o.optionName}: ${o.attributeName}`).join(", ")}</TableCell>
              <TableCell sx={{ fontFamily: "monospace" }}>{i.sku}</TableCell>
              <TableCell align="right">{i.quantity}</TableCell>
              <TableCell align="right">{money(i.unitPriceCents)}</TableCell>
              <TableCell align="right">{i.upchargeCents > 0 ? `+${money(i.upchargeCents)}` : "—"}</TableCell>
              <TableCell align="right">{money(i.lineTotalCents)}</TableCell>
              <TableCell>
                <Chip size="small" variant="outlined" label={ITEM_STATUS_LABELS[i.status]} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

type CommentForm = z.input<typeof ZCommentRequestSchema>;

function Comments({ orderId }: { orderId: number }) {
  const comments = useComments(orderId);
  const add = useAddComment(orderId);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CommentForm, unknown, z.output<typeof ZCommentRequestSchema>>({
    resolver: zodResolver(ZCommentRequestSchema),
    defaultValues: { body: "" },
  });
  const { formError, submit } = useSubmitErrors(setError, ["body"]);
  const onSubmit = submit(async (v: z.output<typeof ZCommentRequestSchema>) => {
    await add.mutateAsync(v.body);
    reset({ body: "" });
  });
  return (
    <Stack spacing={2}>
      {comments.isError ? <Alert severity="error">{messageOf(comments.error)}</Alert> : null}
      {comments.data?.items.length === 0 ? (
        <Typography sx={{ color: "text.secondary" }}>No comments yet.</Typography>
      ) : null}
      <Stack spacing={1.5} component="ul" aria-label="Comments" sx={{ listStyle: "none", p: 0, m: 0 }}>
        {comments.data?.items.map((c) => (
          <Box component="li" key={c.id}>
            <Typography variant="subtitle2">
              {c.author}{" "}
              <Typography component="span" variant="caption" sx={{ color: "text.secondary" }}>
                {dateTime(c.at)}
              </Typography>
            </Typography>
            <Typography sx={{ whiteSpace: "pre-line" }}>{c.body}</Typography>
          </Box>
        ))}
      </Stack>
      <Stack component="form" noValidate onSubmit={handleSubmit(onSubmit)} spacing={1} aria-label="Add a comment">
        <TextField
          label="Comment"
          multiline
          minRows={2}
          {...register("body")}
          error={Boolean(errors.body)}
          helperText={errors.body?.message ?? "Seen by the client and the factory"}
        />
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <Box>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            Add comment
          </Button>
        </Box>
      </Stack>
    </Stack>
  );
}

type IssueForm = z.input<typeof ZIssueRequestSchema>;

function Issues({ order }: { order: TOrder }) {
  const issues = useIssues(order.id);
  const raise = useRaiseIssue(order.id);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<IssueForm, unknown, z.output<typeof ZIssueRequestSchema>>({
    resolver: zodResolver(ZIssueRequestSchema),
    defaultValues: { body: "", itemId: undefined },
  });
  const lineOf = (itemId: number | null) => order.items.find((i) => i.id === itemId);
  const { formError, submit } = useSubmitErrors(setError, ["body", "itemId"]);
  const onSubmit = submit(async (v: z.output<typeof ZIssueRequestSchema>) => {
    await raise.mutateAsync(v);
    reset({ body: "", itemId: undefined });
    toast.success("The issue was raised.");
  });
  return (
    <Stack spacing={2}>
      {issues.isError ? <Alert severity="error">{messageOf(issues.error)}</Alert> : null}
      {issues.data?.items.length === 0 ? (
        <Typography sx={{ color: "text.secondary" }}>No issues raised.</Typography>
      ) : null}
      {issues.data?.items.map((i) => (
        <IssueCard
          key={i.id}
          orderId={order.id}
          issue={i}
          line={i.itemId === null ? "The whole order" : `Line ${lineOf(i.itemId)?.lineNumber ?? "?"}`}
        />
      ))}
      <Stack component="form" noValidate onSubmit={handleSubmit(onSubmit)} spacing={1} aria-label="Raise an issue">
        <Typography variant="subtitle2">Raise an issue</Typography>
        <TextField
          select
          label="About"
          value={watch("itemId") ?? ""}
          onChange={(e) => setValue("itemId", e.target.value === "" ? undefined : Number(e.target.value))}
          sx={{ maxWidth: 360 }}
        >
          <MenuItem value="">The whole order</MenuItem>
          {order.items.map((i) => (
            <MenuItem key={i.id} value={i.id}>
              {`Line ${i.lineNumber}: ${i.sku}`}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Problem"
          multiline
          minRows={2}
          {...register("body")}
          error={Boolean(errors.body)}
          helperText={errors.body?.message}
        />
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <Box>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            Raise issue
          </Button>
        </Box>
      </Stack>
    </Stack>
  );
}

function IssueCard({
  orderId,
  issue,
  line,
}: {
  orderId: number;
  issue: NonNullable<ReturnType<typeof useIssues>["data"]>["items"][number];
  line: string;
}) {
  const update = useUpdateIssue(orderId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof ZIssueRespondRequestSchema>, unknown, z.output<typeof ZIssueRespondRequestSchema>>({
    resolver: zodResolver(ZIssueRespondRequestSchema),
    defaultValues: { response: issue.response ?? "" },
  });
  const { formError, submit } = useSubmitErrors(setError, ["response"]);
  const onRespond = submit(async (v: z.output<typeof ZIssueRespondRequestSchema>) => {
    await update.mutateAsync({ issueId: issue.id, response: v.response });
    toast.success("The response was saved.");
  });
  const resolve = async () => {
    try {
      await update.mutateAsync({ issueId: issue.id });
    } catch (error) {
      toast.error(messageOf(error));
    }
  };
  return (
    <Card variant="outlined" data-testid="issue">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1 }}>
          <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
            {`${line} · raised by ${issue.raisedBy}, ${dateTime(issue.at)}`}
          </Typography>
          {issue.resolved ? (
            <Chip size="small" color="success" label="Resolved" />
          ) : (
            <Button size="small" onClick={resolve} loading={update.isPending && !isSubmitting}>
              Resolve
            </Button>
          )}
        </Stack>
        <Typography sx={{ whiteSpace: "pre-line", mb: 1 }}>{issue.body}</Typography>
        {issue.response ? (
          <Typography variant="body2" sx={{ color: "text.secondary", mb: 1 }}>
            {`Response from ${issue.respondedBy ?? "?"}${issue.respondedAt ? `, ${dateTime(issue.respondedAt)}` : ""}: ${issue.response}`}
          </Typography>
        ) : null}
        {!issue.resolved ? (
          <Stack component="form" noValidate onSubmit={handleSubmit(onRespond)} direction="row" spacing={1}>
            <TextField
              size="small"
              label="Response"
              fullWidth
              {...register("response")}
              error={Boolean(errors.response)}
              helperText={errors.response?.message ?? formError}
            />
            <Button type="submit" loading={isSubmitting}>
              Respond
            </Button>
          </Stack>
        ) : null}
      </CardContent>
    </Card>
  );
}

function History({ orderId }: { orderId: number }) {
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

function Payments({ order }: { order: TOrder }) {
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

function CompleteDialog({ order, onClose }: { order: TOrder; onClose: () => void }) {
  const complete = useCompleteOrder(order.id);
  return (
    <ConfirmDialog
      open
      title={`Complete ${order.orderNumber}?`}
      message="The order and its shipped lines become completed; this cannot be undone."
      confirmLabel="Complete order"
      onConfirm={async () => {
        await complete.mutateAsync(undefined);
        toast.success(`${order.orderNumber} was completed.`);
      }}
      onClose={onClose}
    />
  );
}

function CancelDialog({ order, onClose }: { order: TOrder; onClose: () => void }) {
  const cancel = useCancelOrder(order.id);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const back = refundable(order);
  return (
    <ConfirmDialog
      open
      danger
      title={`Cancel ${order.orderNumber}?`}
      confirmLabel="Cancel order"
      message={
        <Stack spacing={2}>
          <span>
            {back > 0
              ? `${money(back)} charged for this order will be refunded to the client's payment method.`
              : "Nothing was charged for this order, so nothing is refunded."}{" "}
            Lines not completed are cancelled too.
          </span>
          <TextField
            label="Reason"
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setReasonError(null);
            }}
            error={Boolean(reasonError)}
            helperText={reasonError ?? "Kept in the order's history"}
            autoFocus
            fullWidth
          />
        </Stack>
      }
      onConfirm={async () => {
        if (reason.trim() === "") {
          setReasonError("Give a reason");
          throw new ApiError(400, "VALIDATION", "Give a reason for the cancellation.");
        }
        await cancel.mutateAsync(reason.trim());
        toast.success(`${order.orderNumber} was cancelled.`);
      }}
      onClose={onClose}
    />
  );
}

/** Refund part of what was charged: at most what is left; the server checks the cap too. */
function RefundDialog({ order, onClose }: { order: TOrder; onClose: () => void }) {
  const refund = useRefundOrder(order.id);
  const max = refundable(order);
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [key] = useState(() => crypto.randomUUID());
  const cents = /^\d+(\.\d{1,2})?$/.test(amount.trim()) ? Math.round(Number(amount.trim()) * 100) : null;
  const amountError =
    amount.trim() === ""
      ? null
      : cents === null || cents < 1
        ? "An amount like 12.50"
        : cents > max
          ? `At most ${money(max)}`
          : null;
  return (
    <FormDialog
      open
      title={`Refund part of ${order.orderNumber}`}
      submitLabel="Refund"
      submitting={refund.isPending}
      error={error}
      onClose={onClose}
      onSubmit={async (e) => {
        e.preventDefault();
        if (cents === null || amountError) {
          setError(amountError ?? "Enter the amount to refund");
          return;
        }
        setError(null);
        try {
          await refund.mutateAsync({ amountCents: cents, reason: reason.trim() || undefined, key });
          toast.success(`${money(cents)} was refunded.`);
          onClose();
        } catch (err) {
          setError(messageOf(err));
        }
      }}
    >
      <Typography>{`Charged ${money(order.chargedCents)}, refunded ${money(order.refundedCents)}: up to ${money(max)} can be refunded.`}</Typography>
      <TextField
        label="Amount (USD)"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={Boolean(amountError)}
        helperText={amountError ?? `At most ${money(max)}`}
        slotProps={{ htmlInput: { inputMode: "decimal" } }}
        autoFocus
      />
      <TextField label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} />
    </FormDialog>
  );
}
