import { zodResolver } from "@hookform/resolvers/zod";
import { type TAddCardRequest, type TAddCardRequestInput, ZAddCardRequestSchema } from "@hub/contracts/billing/billing";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "react-toastify";
import { FormDialog } from "../../components/form-dialog";
import { TextInput } from "../../components/text-input";
import { applyServerErrors } from "../../lib/form-errors";
import { useAddBankAccount, useAddCard } from "./api";

const FIELDS = ["label", "brand", "last4", "token"] as const;

type Props = { kind: "card" | "bank_account"; provider: "builtin" | "stripe"; onClose: () => void };

/**
 * Adds a card or bank account. The built-in ledger keeps only a label, brand and last 4 digits (never
 * a card number); with Stripe, the person pastes the payment-method id or bank token Stripe gave them.
 */
export function AddMethodDialog({ kind, provider, onClose }: Props) {
  const addCard = useAddCard();
  const addBank = useAddBankAccount();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TAddCardRequestInput, unknown, TAddCardRequest>({
    resolver: zodResolver(ZAddCardRequestSchema),
    defaultValues: { label: "", brand: "", last4: "", token: "" },
  });
  const title = kind === "card" ? "Add card" : "Add bank account";
  const submit = handleSubmit(async (values) => {
    setFormError(null);
    const token = values.token || undefined;
    try {
      const saved =
        kind === "card"
          ? await addCard.mutateAsync({ label: values.label, brand: values.brand, last4: values.last4, token })
          : await addBank.mutateAsync({ label: values.label, last4: values.last4, token });
      toast.success(`${saved.label} was added.`);
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });
  return (
    <FormDialog
      open
      title={title}
      onSubmit={submit}
      onClose={onClose}
      submitLabel="Add"
      submitting={isSubmitting}
      error={formError}
      maxWidth="xs"
    >
      <TextInput
        label="Label"
        autoFocus
        {...register("label")}
        error={!!errors.label}
        helperText={errors.label?.message ?? "A name you will recognise, e.g. Company Visa"}
      />
      {kind === "card" ? (
        <TextInput label="Brand" {...register("brand")} error={!!errors.brand} helperText={errors.brand?.message} />
      ) : null}
      <TextInput
        label="Last 4 digits"
        inputProps={{ inputMode: "numeric", maxLength: 4 }}
        {...register("last4")}
        error={!!errors.last4}
        helperText={errors.last4?.message}
      />
      {provider === "stripe" ? (
        <TextInput
          label={kind === "card" ? "Stripe payment method id" : "Stripe bank account token"}
          {...register("token")}
          error={!!errors.token}
          helperText={errors.token?.message ?? (kind === "card" ? "pm_…" : "btok_…")}
        />
      ) : null}
    </FormDialog>
  );
}
