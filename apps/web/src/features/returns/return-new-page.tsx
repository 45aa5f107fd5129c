import type { TOrderListItem } from "@hub/contracts/orders/orders";
import {
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  type TCreateReturnRequest,
  ZCreateReturnRequestSchema,
} from "@hub/contracts/returns/returns";
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
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
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { PageHeader } from "../../components/page-header";
import { ApiError, messageOf } from "../../lib/api-error";
import { useCreateReturn, useOrderSearch, useReturnable } from "./api";
import { money, SkuCell } from "./labels";

type FormValues = { quantities: Record<string, string>; reasonCode: string; note: string };

/**
 * /returns/new (returns/createReturn): pick an order (or come with ?orderId=), then the quantities
 * of its lines to send back (at most what is left of each) and a reason. The request is checked
 * with the contract's schema before it is sent; the server's refusals land under their lines.
 */
export default function ReturnNewPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const fromUrl = Number.parseInt(params.get("orderId") ?? "", 10);
  const orderId = Number.isFinite(fromUrl) && fromUrl > 0 ? fromUrl : null;
  const [searchText, setSearchText] = useState("");
  const orders = useOrderSearch(searchText);
  const returnable = useReturnable(orderId);
  const create = useCreateReturn();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<FormValues>({ defaultValues: { quantities: {}, reasonCode: "", note: "" } });
  const { register, handleSubmit, setError, formState, control, reset } = form;
  const lines = returnable.data?.lines ?? [];

  const chooseOrder = (order: TOrderListItem | null) => {
    reset({ quantities: {}, reasonCode: form.getValues("reasonCode"), note: form.getValues("note") });
    setAlert(null);
    setParams(order ? { orderId: String(order.id) } : {}, { replace: true });
  };

  /** A message about `lines.{i}.…` of the request belongs to the row of that line. */
  const placeErrors = (fields: Record<string, string>, sent: { itemId: number }[]) => {
    let placed = false;
    for (const [name, message] of Object.entries(fields)) {
      const m = /^lines\.(\d+)\./.exec(name);
      const itemId = m ? sent[Number(m[1])]?.itemId : undefined;
      if (itemId !== undefined) {
        setError(`quantities.${itemId}`, { type: "server", message });
        placed = true;
      } else if (name === "reasonCode" || name === "note") {
        setError(name, { type: "server", message });
        placed = true;
      }
    }
    return placed;
  };

  const submit = handleSubmit(async (values) => {
    setAlert(null);
    if (orderId === null) return setAlert("Choose an order");
    const chosen = lines
      .map((l) => ({ itemId: l.itemId, quantity: Number(values.quantities[String(l.itemId)] || 0) }))
      .filter((l) => l.quantity !== 0);
    const request = {
      orderId,
      lines: chosen,
      reasonCode: values.reasonCode,
      note: values.note,
    };
    const parsed = ZCreateReturnRequestSchema.safeParse(request);
    if (!parsed.success) {
      const fields = Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
      if (!placeErrors(fields, chosen)) setAlert(parsed.error.issues[0]?.message ?? "Check the return");
      else if (fields.lines) setAlert(fields.lines);
      return;
    }
    try {
      const saved = await create.mutateAsync(parsed.data as TCreateReturnRequest);
      navigate(`/returns/${saved.id}`);
    } catch (error) {
      if (error instanceof ApiError && placeErrors(error.fields ?? {}, chosen)) return;
      setAlert(messageOf(error));
    }
  });

  const picked = orders.data?.items.find((o) => o.id === orderId) ?? null;
  return (
    <>
      <PageHeader title="New return" subtitle="Choose an order, the pieces coming back and why." />
      <Card>
        <CardContent>
          <Stack spacing={3} component="form" onSubmit={submit} noValidate>
            <Autocomplete<TOrderListItem>
              options={orders.data?.items ?? []}
              value={picked}
              onChange={(_, order) => chooseOrder(order)}
              onInputChange={(_, text, why) => {
                if (why === "input") setSearchText(text);
              }}
              filterOptions={(x) => x}
              getOptionLabel={(o) => `${o.orderNumber} · ${o.clientName}${o.poNumber ? ` · PO ${o.poNumber}` : ""}`}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              loading={orders.isFetching}
              renderInput={(p) => (
                <TextField
                  {...p}
                  label="Order"
                  placeholder={returnable.data ? returnable.data.orderNumber : "Search order number, PO or SKU"}
                />
              )}
            />
            {returnable.error ? <Alert severity="error">{messageOf(returnable.error)}</Alert> : null}
            {returnable.data ? (
              <Box>
                <Typography variant="subtitle1" gutterBottom>
                  Lines of {returnable.data.orderNumber} ({returnable.data.clientName})
                </Typography>
                <Table size="small" aria-label="Lines to return">
                  <TableHead>
                    <TableRow>
                      <TableCell>Line</TableCell>
                      <TableCell>SKU</TableCell>
                      <TableCell align="right">Ordered</TableCell>
                      <TableCell align="right">Shipped</TableCell>
                      <TableCell align="right">Already returned</TableCell>
                      <TableCell align="right">Unit value</TableCell>
                      <TableCell width={180}>Return</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {lines.map((l) => {
                      const error = formState.errors.quantities?.[String(l.itemId)]?.message;
                      return (
                        <TableRow key={l.itemId}>
                          <TableCell>{l.lineNumber}</TableCell>
                          <SkuCell sku={l.sku} styleName={l.styleName} />
                          <TableCell align="right">{l.ordered}</TableCell>
                          <TableCell align="right">{l.shipped}</TableCell>
                          <TableCell align="right">{l.alreadyReturned}</TableCell>
                          <TableCell align="right">{money(l.unitValueCents)}</TableCell>
                          <TableCell>
                            <TextField
                              size="small"
                              type="number"
                              disabled={l.returnable === 0}
                              placeholder={
                                l.shipped === 0
                                  ? "not shipped"
                                  : l.returnable === 0
                                    ? "none left"
                                    : `up to ${l.returnable}`
                              }
                              error={Boolean(error)}
                              helperText={error}
                              slotProps={{
                                htmlInput: {
                                  min: 0,
                                  max: l.returnable,
                                  step: 1,
                                  "aria-label": `Quantity to return of line ${l.lineNumber}`,
                                },
                              }}
                              {...register(`quantities.${l.itemId}`)}
                            />
                          </TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </Box>
            ) : null}
            <Controller
              name="reasonCode"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label="Reason"
                  {...field}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                  sx={{ maxWidth: 320 }}
                >
                  {RETURN_REASONS.map((r) => (
                    <MenuItem key={r} value={r}>
                      {RETURN_REASON_LABELS[r]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField
              label="Note"
              multiline
              minRows={2}
              {...register("note")}
              error={Boolean(formState.errors.note)}
              helperText={formState.errors.note?.message ?? "What is wrong, in a few words (required for Other)"}
            />
            {alert ? <Alert severity="error">{alert}</Alert> : null}
            <Stack direction="row" spacing={2}>
              <Button type="submit" variant="contained" loading={formState.isSubmitting} disabled={orderId === null}>
                Request return
              </Button>
              <Button component={RouterLink} to="/returns">
                Cancel
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </>
  );
}
