import { lineLabelCode, type TLabelsQuery } from "@hub/contracts";
import type { SlipOrder } from "./packing-slip";
import { inch, PAPER, type PdfKit } from "./pdf";

/** Page sizes in points, for the sheet's grid. */
const PAGE_POINTS = { letter: [612, 792], a4: [595.28, 841.89] } as const;
const LABEL_W = inch(2);
const LABEL_H = inch(1);
const SHEET_MARGIN = 18;

/** How many 2 x 1 in labels a sheet holds: Letter 4 x 10, A4 3 x 11. */
export const sheetGrid = (paper: TLabelsQuery["paper"]) => {
  const [w, h] = PAGE_POINTS[paper];
  const cols = Math.floor((w - 2 * SHEET_MARGIN) / LABEL_W);
  const rows = Math.floor((h - 2 * SHEET_MARGIN) / LABEL_H);
  return { cols, rows, perPage: cols * rows };
};

const optionsText = (l: SlipOrder["lines"][number]) => l.options.map((o) => o.attributeName).join(" / ");

/**
 * Barcode labels, one per line, encoding `SO-000123-L2` (order and line number) in Code128 or QR,
 * with the code, style, SKU and quantity printed: a sheet of 2 x 1 in labels (Letter or A4, pages
 * as needed), or one 4 x 6 in label per page for a label printer.
 */
export const lineLabels = async (kit: PdfKit, order: SlipOrder, q: TLabelsQuery) => {
  const { h, pdf } = kit;
  const { Document, Page, View, Text, Image } = pdf;
  const qr = q.symbology === "qr";
  const labels = await Promise.all(
    order.lines.map(async (l) => {
      const code = lineLabelCode(order.orderNumber, l.lineNumber);
      return { line: l, code, png: await kit.barcode(q.symbology, code) };
    }),
  );
  const docProps = {
    title: `Labels ${order.orderNumber}`,
    author: order.facilityName,
    creator: "The Hub",
    producer: "The Hub",
  };

  if (q.format === "single") {
    return h(
      Document,
      docProps,
      ...labels.map(({ line, code, png }) =>
        h(
          Page,
          { key: code, size: [inch(4), inch(6)], style: { padding: 18, fontFamily: "Helvetica", fontSize: 11 } },
          h(Text, { style: { fontSize: 9, color: "#555555" } }, `${order.facilityName} · ${order.clientName}`),
          h(Text, { style: { fontSize: 22, fontFamily: "Helvetica-Bold", marginTop: 6 } }, code),
          h(Image, {
            src: { data: png, format: "png" },
            style: qr
              ? { width: 180, height: 180, marginVertical: 14 }
              : { width: 252, height: 70, marginVertical: 14 },
          }),
          h(Text, { style: { fontSize: 14, fontFamily: "Helvetica-Bold" } }, `${line.styleCode} ${line.styleName}`),
          h(Text, { style: { marginTop: 4 } }, optionsText(line) || "-"),
          h(Text, { style: { marginTop: 4 } }, `SKU ${line.sku}`),
          h(Text, { style: { marginTop: 8, fontSize: 18, fontFamily: "Helvetica-Bold" } }, `Qty ${line.quantity}`),
          h(Text, { style: { marginTop: 8, fontSize: 9, color: "#555555" } }, `PO ${order.poNumber ?? "-"}`),
        ),
      ),
    );
  }

  const grid = sheetGrid(q.paper);
  const [pageW] = PAGE_POINTS[q.paper];
  const sidePad = (pageW - grid.cols * LABEL_W) / 2;
  const pages: (typeof labels)[] = [];
  for (let i = 0; i < labels.length; i += grid.perPage) pages.push(labels.slice(i, i + grid.perPage));
  const small = { fontSize: 6.5, lineHeight: 1.15 };
  const label = ({ line, code, png }: (typeof labels)[number]) =>
    h(
      View,
      {
        key: code,
        style: {
          width: LABEL_W,
          height: LABEL_H,
          padding: 5,
          flexDirection: qr ? "row" : "column",
          alignItems: qr ? "center" : "stretch",
          overflow: "hidden",
        },
      },
      h(Image, {
        src: { data: png, format: "png" },
        style: qr ? { width: 56, height: 56, marginRight: 5 } : { width: LABEL_W - 10, height: 26 },
      }),
      h(
        View,
        { style: { flex: 1, marginTop: qr ? 0 : 2 } },
        h(Text, { style: { fontSize: 8, fontFamily: "Helvetica-Bold" } }, code),
        h(Text, { style: small }, `${line.styleCode} · ${line.sku}`),
        h(Text, { style: small }, `Qty ${line.quantity}${optionsText(line) ? ` · ${optionsText(line)}` : ""}`),
      ),
    );
  return h(
    Document,
    docProps,
    ...pages.map((page, i) =>
      h(
        Page,
        {
          key: i,
          size: PAPER[q.paper],
          style: {
            paddingTop: SHEET_MARGIN,
            paddingHorizontal: sidePad,
            fontFamily: "Helvetica",
            flexDirection: "row",
            flexWrap: "wrap",
            alignContent: "flex-start",
          },
        },
        ...page.map(label),
      ),
    ),
  );
};
