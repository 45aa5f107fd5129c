import { addressLines, type TPaperSize } from "@hub/contracts";
import { PAPER, type PdfKit } from "../../../platform/pdf";

/** What a packing slip shows: the order as the facility ships it (no prices). */
export type SlipOrder = {
  facilityName: string;
  orderNumber: string;
  poNumber: string | null;
  clientName: string;
  placedAt: string;
  requestedShipDate: string | null;
  notes: string | null;
  shipTo: {
    name: string;
    company: string | null;
    line1: string;
    line2: string | null;
    city: string;
    region: string | null;
    postalCode: string;
    country: string;
    phone: string | null;
  };
  lines: SlipLine[];
};
export type SlipLine = {
  lineNumber: number;
  styleCode: string;
  styleName: string;
  options: { optionName: string; attributeName: string }[];
  sku: string;
  quantity: number;
};

const S = {
  page: { paddingTop: 36, paddingBottom: 48, paddingHorizontal: 36, fontSize: 9, fontFamily: "Helvetica" },
  band: { flexDirection: "row", justifyContent: "space-between", alignItems: "flex-start", marginBottom: 10 },
  facility: { fontSize: 14, fontFamily: "Helvetica-Bold" },
  title: { fontSize: 11, marginTop: 2 },
  muted: { color: "#555555" },
  orderNo: { fontSize: 12, fontFamily: "Helvetica-Bold", textAlign: "right" },
  barcode: { width: 170, height: 34, marginTop: 3 },
  blocks: { flexDirection: "row", marginBottom: 12, borderTop: "1pt solid #999999", paddingTop: 8 },
  block: { flex: 1, paddingRight: 12 },
  label: { fontSize: 7, color: "#555555", textTransform: "uppercase", marginBottom: 2 },
  row: { flexDirection: "row", borderBottom: "0.5pt solid #cccccc", paddingVertical: 4 },
  head: { flexDirection: "row", borderBottom: "1pt solid #333333", paddingVertical: 4, fontFamily: "Helvetica-Bold" },
  cLine: { width: 28 },
  cStyle: { width: 150, paddingRight: 6 },
  cOptions: { flex: 1, paddingRight: 6 },
  cSku: { width: 130, paddingRight: 6 },
  cQty: { width: 40, textAlign: "right" },
  totals: { flexDirection: "row", justifyContent: "flex-end", marginTop: 8, fontFamily: "Helvetica-Bold" },
  notes: { marginTop: 14 },
  footer: {
    position: "absolute",
    bottom: 20,
    left: 36,
    right: 36,
    flexDirection: "row",
    justifyContent: "space-between",
    fontSize: 8,
    color: "#555555",
  },
} as const;

/**
 * The packing slip: a header band repeated on every page (facility, order number as text and as a
 * Code128 barcode, PO, client), the ship-to and dates on the first, the lines as a table whose
 * heading repeats on each page (a row never splits), the total of pieces, the notes, and "Page n
 * of N" at the foot of every page.
 */
export const packingSlip = async (kit: PdfKit, order: SlipOrder, paper: TPaperSize) => {
  const { h, pdf } = kit;
  const { Document, Page, View, Text, Image } = pdf;
  const code = await kit.barcode("code128", order.orderNumber);
  const pieces = order.lines.reduce((sum, l) => sum + l.quantity, 0);
  const t = order.shipTo;
  const block = (label: string, ...lines: (string | null)[]) =>
    h(
      View,
      { style: S.block },
      h(Text, { style: S.label }, label),
      ...lines.filter((x): x is string => !!x).map((x, i) => h(Text, { key: i }, x)),
    );
  const row = (style: typeof S.row | typeof S.head, values: string[], extra: object = {}) =>
    h(
      View,
      { style, ...extra },
      h(Text, { style: S.cLine }, values[0]),
      h(Text, { style: S.cStyle }, values[1]),
      h(Text, { style: S.cOptions }, values[2]),
      h(Text, { style: S.cSku }, values[3]),
      h(Text, { style: S.cQty }, values[4]),
    );
  return h(
    Document,
    { title: `Packing slip ${order.orderNumber}`, author: order.facilityName, creator: "The Hub", producer: "The Hub" },
    h(
      Page,
      { size: PAPER[paper], style: S.page, wrap: true },
      h(
        View,
        { style: S.band, fixed: true },
        h(
          View,
          null,
          h(Text, { style: S.facility }, order.facilityName),
          h(Text, { style: S.title }, "Packing slip"),
          h(Text, { style: S.muted }, `Client: ${order.clientName}`),
          h(Text, { style: S.muted }, `PO: ${order.poNumber ?? "-"}`),
        ),
        h(
          View,
          null,
          h(Text, { style: S.orderNo }, order.orderNumber),
          h(Image, { src: { data: code, format: "png" }, style: S.barcode }),
        ),
      ),
      h(
        View,
        { style: S.blocks },
        block("Ship to", ...addressLines(t), t.phone),
        block(
          "Order",
          `Order ${order.orderNumber}`,
          `PO ${order.poNumber ?? "-"}`,
          `Placed ${order.placedAt.slice(0, 10)}`,
          `Requested ship date ${order.requestedShipDate ?? "-"}`,
        ),
      ),
      row(S.head, ["#", "Style", "Options", "SKU", "Qty"], { fixed: true }),
      ...order.lines.map((l) =>
        row(
          S.row,
          [
            String(l.lineNumber),
            `${l.styleCode} ${l.styleName}`,
            l.options.map((o) => `${o.optionName}: ${o.attributeName}`).join(", ") || "-",
            l.sku,
            String(l.quantity),
          ],
          { key: l.lineNumber, wrap: false },
        ),
      ),
      h(
        View,
        { style: S.totals, wrap: false },
        h(
          Text,
          null,
          `${order.lines.length} line${order.lines.length === 1 ? "" : "s"}, ${pieces} piece${pieces === 1 ? "" : "s"}`,
        ),
      ),
      order.notes
        ? h(View, { style: S.notes, wrap: false }, h(Text, { style: S.label }, "Notes"), h(Text, null, order.notes))
        : null,
      h(
        View,
        { style: S.footer, fixed: true },
        h(Text, null, `${order.orderNumber} · packing slip`),
        h(Text, {
          render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) =>
            `Page ${pageNumber} of ${totalPages}`,
        }),
      ),
    ),
  );
};
