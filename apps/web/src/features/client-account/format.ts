/** Prices are kept in cents; whole amounts are shown without decimals. */
export const formatPrice = (cents: number) => {
  const digits = cents % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(cents / 100);
};

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
