import { zodResolver } from "@hookform/resolvers/zod";
import {
  type TItemEditRequest,
  type TOrder,
  type TOrderItem,
  ZItemEditRequestSchema,
} from "@hub/contracts/orders/orders";
import { Alert, Box, Button, Card, CardContent, Chip, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from "react-router";
import { toast } from "react-toastify";
import type { z } from "zod";
import { PageLoader } from "../../components/loading-screen";
import { PageHeader } from "../../components/page-header";
import { messageOf } from "../../lib/api-error";
import { applyServerErrors } from "../../lib/form-errors";
import { parseOrderId, useEditItem, useEntryStyle, useOrder } from "./api";
import { money } from "./format";

/** /orders/:orderId/itemEdit: change a line's options or quantity while it is not in production, repriced. */
export default function ItemEditPage() {
  const id = parseOrderId(useParams().orderId);
  const order = useOrder(id);
  if (id === null) return <Alert severity="error">That order does not exist.</Alert>;
  if (order.isPending) return <PageLoader />;
  if (order.isError) return <Alert severity="error">{messageOf(order.error)}</Alert>;
  return <ChooseLine order={order.data} />;
}

function ChooseLine({ order }: { order: TOrder }) {
  const [params, setParams] = useSearchParams();
  const editable = order.status === "placed" ? order.items.filter((i) => i.status === "open") : [];
  const wanted = Number(params.get("item"));
  const item = editable.find((i) => i.id === wanted) ?? editable[0];
  return (
    <>
      <PageHeader
        title={`Edit lines of ${order.orderNumber}`}
        subtitle="A line can change while it is not in production; it keeps the order's tier price."
        actions={
          <Button component={RouterLink} to={`/orders/${order.id}`}>
            Back to the order
          </Button>
        }
      />
      {!item ? (
        <Alert severity="info">
          {order.status === "placed"
            ? "Every line of this order is in production or done: none can change."
            : `This order is ${order.status.replace("_", " ")}: its lines cannot change.`}
        </Alert>
      ) : (
        <Card>
          <CardContent>
            <Stack spacing={3}>
              <TextField
                select
                label="Line"
                value={item.id}
                onChange={(e) => setParams({ item: String(e.target.value) }, { replace: true })}
                sx={{ maxWidth: 480 }}
              >
                {editable.map((i) => (
                  <MenuItem key={i.id} value={i.id}>
                    {`Line ${i.lineNumber}: ${i.sku} × ${i.quantity}`}
                  </MenuItem>
                ))}
              </TextField>
              <EditLine key={item.id} order={order} item={item} />
            </Stack>
          </CardContent>
        </Card>
      )}
    </>
  );
}

type Form = z.input<typeof ZItemEditRequestSchema>;

function EditLine({ order, item }: { order: TOrder; item: TOrderItem }) {
  const navigate = useNavigate();
  const style = useEntryStyle(order.clientId, item.styleId);
  const edit = useEditItem(order.id);
  const [formError, setFormError] = useState<string | null>(null);
  const before = item.options.map((o) => o.attributeId);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Form, unknown, TItemEditRequest>({
    resolver: zodResolver(ZItemEditRequestSchema),
    defaultValues: { attributeIds: before, quantity: item.quantity },
  });
  const chosen = watch("attributeIds") ?? before;
  const quantity = watch("quantity");
  const details = style.data;
  const upcharge = details
    ? details.options.reduce((sum, o) => {
        const a = o.attributes.find((x) => chosen.includes(x.attributeId));
        return sum + (a?.upchargeCents ?? 0);
      }, 0)
    : item.upchargeCents;
  const qtyOk = typeof quantity === "number" && Number.isInteger(quantity) && quantity >= 1;
  const newTotal = qtyOk ? (item.unitPriceCents + upcharge) * quantity : null;

  const onSubmit = async (v: TItemEditRequest) => {
    setFormError(null);
    const sameOptions = v.attributeIds?.length === before.length && v.attributeIds.every((x, n) => x === before[n]);
    const body: TItemEditRequest = {
      ...(sameOptions ? {} : { attributeIds: v.attributeIds }),
      ...(v.quantity !== item.quantity ? { quantity: v.quantity } : {}),
    };
    if (Object.keys(body).length === 0) {
      setFormError("Nothing changed.");
      return;
    }
    try {
      await edit.mutateAsync({ itemId: item.id, body });
      toast.success(`Line ${item.lineNumber} was changed.`);
      navigate(`/orders/${order.id}`);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ["attributeIds", "attributeCodes", "quantity"]));
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={handleSubmit(onSubmit)} spacing={3} aria-label="Edit line">
      {style.isError ? <Alert severity="warning">{messageOf(style.error)}: only the quantity can change.</Alert> : null}
      {style.isPending && item.styleId !== null ? <PageLoader /> : null}
      {details?.options.map((o) => {
        const current = o.attributes.find((a) => chosen.includes(a.attributeId))?.attributeId;
        return (
          <Box key={o.optionId} role="group" aria-label={o.name}>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {o.name}
            </Typography>
            <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
              {o.attributes.map((a) => {
                const selected = current === a.attributeId;
                return (
                  <Chip
                    key={a.attributeId}
                    label={`${a.name}${a.upchargeCents > 0 ? ` +${money(a.upchargeCents)}` : ""}`}
                    aria-pressed={selected}
                    color={selected ? "primary" : "default"}
                    variant={selected ? "filled" : "outlined"}
                    onClick={() =>
                      setValue(
                        "attributeIds",
                        details.options.map((x) =>
                          x.optionId === o.optionId
                            ? a.attributeId
                            : (x.attributes.find((y) => chosen.includes(y.attributeId))?.attributeId ?? 0),
                        ),
                      )
                    }
                  />
                );
              })}
            </Stack>
          </Box>
        );
      })}
      {errors.attributeIds?.message ? <Alert severity="error">{errors.attributeIds.message}</Alert> : null}
      <TextField
        label="Quantity"
        {...register("quantity", { valueAsNumber: true })}
        error={Boolean(errors.quantity)}
        helperText={errors.quantity?.message ?? "Pieces"}
        slotProps={{ htmlInput: { inputMode: "numeric" } }}
        sx={{ maxWidth: 200 }}
      />
      <Box aria-live="polite">
        <Typography>{`Now: ${item.quantity} × ${money(item.unitPriceCents + item.upchargeCents)} = ${money(item.lineTotalCents)}`}</Typography>
        <Typography variant="h6" data-testid="new-line-total">
          {newTotal === null
            ? "New price: enter a quantity"
            : `New: ${quantity} × ${money(item.unitPriceCents + upcharge)} = ${money(newTotal)}`}
        </Typography>
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          The order's tier price stays; the chosen options' upcharges apply. The order total is worked out again.
        </Typography>
      </Box>
      {formError ? <Alert severity="error">{formError}</Alert> : null}
      <Box>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          Save line
        </Button>
      </Box>
    </Stack>
  );
}
