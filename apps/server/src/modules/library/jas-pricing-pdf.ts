import type { TPriceListStyle } from "@hub/contracts";
import { PAPER, type PdfKit } from "../../platform/pdf";

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * A client's price sheet (the PDF pattern of platform/pdf.ts): per style its quantity breaks and its
 * options' upcharges per piece; the heading repeated on every page, a style never split.
 */
export const priceSheet = (kit: PdfKit, clientName: string, styles: readonly TPriceListStyle[]) => {
  const { h, pdf } = kit;
  const { Document, Page, View, Text } = pdf;
  const today = new Date().toISOString().slice(0, 10);
  const style = (s: TPriceListStyle) => {
    const breaks = [
      { minQuantity: 1, unitPriceCents: s.basePriceCents },
      ...s.priceTiers.filter((t) => t.minQuantity > 1),
    ];
    return h(
      View,
      { key: s.styleId, wrap: false, style: { marginBottom: 12, borderBottom: "1pt solid #dddddd", paddingBottom: 8 } },
      h(Text, { style: { fontSize: 12, fontFamily: "Helvetica-Bold" } }, `${s.styleCode}  ${s.styleName}`),
      h(
        Text,
        { style: { marginTop: 4 } },
        `Unit price: ${breaks.map((b) => `${b.minQuantity}+ ${dollars(b.unitPriceCents)}`).join("   ")}`,
      ),
      ...s.options.map((o) =>
        h(
          Text,
          { key: o.optionId, style: { marginTop: 2, color: "#333333" } },
          `${o.name}: ${o.attributes
            .map((a) => `${a.name}${a.upchargeCents ? ` +${dollars(a.upchargeCents)}` : ""}`)
            .join(", ")}`,
        ),
      ),
    );
  };
  return h(
    Document,
    { title: `Price sheet: ${clientName}`, creator: "The Hub", producer: "The Hub" },
    h(
      Page,
      { size: PAPER.letter, style: { padding: 36, fontFamily: "Helvetica", fontSize: 10 } },
      h(
        View,
        { fixed: true, style: { marginBottom: 12 } },
        h(Text, { style: { fontSize: 18, fontFamily: "Helvetica-Bold" } }, `Price sheet: ${clientName}`),
        h(
          Text,
          { style: { color: "#555555" } },
          `${today}. Unit prices by the quantity of a style on one order; upcharges per piece.`,
        ),
      ),
      styles.length === 0 ? h(Text, null, "No styles are offered to this client.") : styles.map(style),
      h(Text, {
        fixed: true,
        style: { position: "absolute", bottom: 20, right: 36, fontSize: 8, color: "#777777" },
        render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) =>
          `Page ${pageNumber} of ${totalPages}`,
      }),
    ),
  );
};
