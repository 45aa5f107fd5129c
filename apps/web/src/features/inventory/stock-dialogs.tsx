import { zodResolver } from "@hookform/resolvers/zod";
import {
  type TAdjustmentRequest,
  type TReturnRequest,
  type TStockItem,
  ZAdjustmentRequestSchema,
  ZReturnRequestSchema,
} from "@hub/contracts/inventory/stock";
import { FormControlLabel, Radio, RadioGroup, Typography } from "@mui/material";
import { useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { toast } from "react-toastify";
import type { z } from "zod";
import { FormDialog } from "../../components/form-dialog";
import { TextInput } from "../../components/text-input";
import { applyServerErrors } from "../../lib/form-errors";
import { useAdjustStock, useReturnStock } from "./api";
import { qty, qtyUnit } from "./format";

type AdjustInput = z.input<typeof ZAdjustmentRequestSchema>;
type Mode = "count" | "change";

/**
 * The adjustment request from what the dialog holds: only the chosen way's field is sent (the
 * contract wants exactly one), and the contract's schema validates it.
 */
const adjustResolver =
  (mode: Mode): Resolver<AdjustInput, unknown, TAdjustmentRequest> =>
  (values, context, options) =>
    zodResolver(ZAdjustmentRequestSchema)(
      {
        ...values,
        change: mode === "change" ? (values.change ?? "") : undefined,
        countedQuantity: mode === "count" ? (values.countedQuantity ?? "") : undefined,
      },
      context,
      options,
    );

/** Count a roll (the difference is written) or record waste / a correction (a signed change), with a reason. */
export function AdjustmentDialog({ item, open, onClose }: { item: TStockItem; open: boolean; onClose: () => void }) {
  const [mode, setMode] = useState<Mode>("count");
  const [formError, setFormError] = useState<string | null>(null);
  const adjust = useAdjustStock();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AdjustInput, unknown, TAdjustmentRequest>({
    resolver: adjustResolver(mode),
    defaultValues: {
      materialKind: item.materialKind,
      materialId: item.materialId,
      countedQuantity: "",
      change: "",
      reason: "",
      reference: "",
    },
  });
  const onSubmit = async (body: TAdjustmentRequest) => {
    setFormError(null);
    try {
      const { entry, item: after } = await adjust.mutateAsync(body);
      toast.success(`Adjusted by ${qtyUnit(entry.quantity, after.unit)}: now ${qtyUnit(after.quantity, after.unit)}.`);
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ["change", "countedQuantity", "reason", "reference"]));
    }
  };
  return (
    <FormDialog
      open={open}
      title={`Adjust ${item.code}`}
      onSubmit={handleSubmit(onSubmit)}
      onClose={onClose}
      submitLabel="Write adjustment"
      submitting={isSubmitting}
      error={formError}
    >
      <Typography variant="body2" sx={{ color: "text.secondary" }}>
        On hand now: {qtyUnit(item.quantity, item.unit)}. An adjustment is a new ledger row with its reason; it does not
        change the average cost.
      </Typography>
      <RadioGroup
        aria-label="Kind of adjustment"
        value={mode}
        onChange={(e) => {
          setMode(e.target.value as Mode);
          setFormError(null);
        }}
      >
        <FormControlLabel value="count" control={<Radio />} label="Count a roll" />
        <FormControlLabel value="change" control={<Radio />} label="Record waste / correction" />
      </RadioGroup>
      {mode === "count" ? (
        <TextInput
          key="count"
          label={`Counted quantity (${item.unit})`}
          autoFocus
          inputMode="decimal"
          {...register("countedQuantity")}
          error={Boolean(errors.countedQuantity)}
          helperText={errors.countedQuantity?.message ?? "What is really there; the difference is written."}
        />
      ) : (
        <TextInput
          key="change"
          label={`Change (${item.unit})`}
          autoFocus
          inputMode="decimal"
          {...register("change")}
          error={Boolean(errors.change)}
          helperText={errors.change?.message ?? "Negative for waste, e.g. -1.5; positive for a correction up."}
        />
      )}
      <TextInput
        label="Reason"
        {...register("reason")}
        error={Boolean(errors.reason)}
        helperText={errors.reason?.message}
      />
      <TextInput
        label="Reference (optional)"
        {...register("reference")}
        error={Boolean(errors.reference)}
        helperText={errors.reference?.message}
      />
    </FormDialog>
  );
}

type ReturnInput = z.input<typeof ZReturnRequestSchema>;

/** Goods sent back to the supplier: a negative ledger row, never more than is on hand. */
export function ReturnDialog({ item, open, onClose }: { item: TStockItem; open: boolean; onClose: () => void }) {
  const [formError, setFormError] = useState<string | null>(null);
  const send = useReturnStock();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReturnInput, unknown, TReturnRequest>({
    resolver: zodResolver(ZReturnRequestSchema),
    defaultValues: { materialKind: item.materialKind, materialId: item.materialId, quantity: "", reason: "" },
  });
  const onSubmit = async (body: TReturnRequest) => {
    setFormError(null);
    try {
      const { item: after } = await send.mutateAsync(body);
      toast.success(`Returned ${qtyUnit(body.quantity, item.unit)}: now ${qtyUnit(after.quantity, after.unit)}.`);
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ["quantity", "reason"]));
    }
  };
  return (
    <FormDialog
      open={open}
      title={`Return ${item.code} to supplier`}
      onSubmit={handleSubmit(onSubmit)}
      onClose={onClose}
      submitLabel="Record return"
      submitting={isSubmitting}
      error={formError}
    >
      <Typography variant="body2" sx={{ color: "text.secondary" }}>
        On hand now: {qty(item.quantity)} {item.unit}.
      </Typography>
      <TextInput
        label={`Quantity returned (${item.unit})`}
        autoFocus
        inputMode="decimal"
        {...register("quantity")}
        error={Boolean(errors.quantity)}
        helperText={errors.quantity?.message}
      />
      <TextInput
        label="Reason"
        {...register("reason")}
        error={Boolean(errors.reason)}
        helperText={errors.reason?.message}
      />
    </FormDialog>
  );
}
