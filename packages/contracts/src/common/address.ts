/**
 * The one way the Hub writes an address, on every screen and document (order entry and details,
 * Your Addresses, pack-out, the packing slip, the shipping label): name and company, the street
 * lines, then the city line in the US order "Portland OR 97209", then the country.
 */
export type TAddressParts = {
  name?: string | null;
  company?: string | null;
  line1: string;
  line2?: string | null;
  city: string;
  region?: string | null;
  postalCode: string;
  country: string;
};

/** "Portland OR 97209": city, region (state) and postal code, in that order. */
export const cityLine = (a: Pick<TAddressParts, "city" | "region" | "postalCode">): string =>
  [a.city, a.region, a.postalCode].filter(Boolean).join(" ");

/** An address on a few lines: "Nora Buyer, Northwind Apparel", "1 Harbour Road", "Portland OR 97209", "US". */
export const addressLines = (a: TAddressParts): string[] =>
  [[a.name, a.company].filter(Boolean).join(", "), a.line1, a.line2, cityLine(a), a.country.toUpperCase()].filter(
    (l): l is string => Boolean(l),
  );

/** An address on one line, for a list or a kiosk: its lines joined by commas. */
export const addressOneLine = (a: TAddressParts): string => addressLines(a).join(", ");
