import { ApiError } from "../../lib/api-error";

/** Prices are kept in cents; whole amounts are shown without decimals. */
export const formatPrice = (cents: number) => {
  const digits = cents % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    cents / 100,
  );
};

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The message for the alert above a form's buttons; none when the server's message already sits under a field. */
export const alertUnlessFieldErrors = (error: unknown, message: string, fields: readonly string[]): string | null => {
  const named = error instanceof ApiError ? Object.keys(error.fields ?? {}) : [];
  return named.some((f) => fields.includes(f)) ? null : message;
};
