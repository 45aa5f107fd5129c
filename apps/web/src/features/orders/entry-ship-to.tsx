import { ORDER_MESSAGES, type TPlaceOrderRequest, type ZPlaceOrderRequestSchema } from "@hub/contracts/orders/orders";
import { Link, Stack, Typography } from "@mui/material";
import type { useForm } from "react-hook-form";
import { Link as RouterLink } from "react-router";
import type { z } from "zod";
import { TextInput } from "../../components/text-input";
import { useAuth } from "../../lib/auth/auth-context";

type FormInput = z.input<typeof ZPlaceOrderRequestSchema>;

/** No saved address to offer: where to add one (My addresses), rather than a silently greyed-out choice. */
export function AddAnAddress() {
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

/** A one-off ship-to, typed for this order. */
export function OneOffAddress({
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
