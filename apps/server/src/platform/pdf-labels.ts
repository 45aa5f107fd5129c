import { inch, PAPER, type PdfKit } from "./pdf";

/**
 * Barcode labels, shared by every area that prints them (order lines, units, totes): each label
 * encodes its code in Code128 or QR (bwip-js) with a title and a few lines printed, on a sheet of
 * 2 x 1 in labels (Letter 4 x 10, A4 3 x 11, pages as needed) or one 4 x 6 in label per page for a
 * label printer. A sheet label prints the code, the title and the first two lines.
 */

export type BarcodeLabel = {
  code: string;
  title: string;
  lines: string[];
  /** A small line above the code on a 4 x 6 label (facility and client). */
  header?: string;
};
export type LabelOptions = {
  format: "sheet" | "single";
  symbology: "code128" | "qr";
  paper: keyof typeof PAPER;
};

const PAGE_POINTS = { letter: [612, 792], a4: [595.28, 841.89] } as const;
const LABEL_W = inch(2);
const LABEL_H = inch(1);
const SHEET_MARGIN = 18;

/** How many 2 x 1 in labels a sheet holds: Letter 4 x 10, A4 3 x 11. */
export const sheetGrid = (paper: LabelOptions["paper"]) => {
  const [w, h] = PAGE_POINTS[paper];
  const cols = Math.floor((w - 2 * SHEET_MARGIN) / LABEL_W);
  const rows = Math.floor((h - 2 * SHEET_MARGIN) / LABEL_H);
  return { cols, rows, perPage: cols * rows };
};

/** A labels document: `q.format` sheet (2 x 1 in) or single (4 x 6 in per page), `q.symbology` Code128 or QR. */
export const labelsDocument = async (
  kit: PdfKit,
  labels: BarcodeLabel[],
  q: LabelOptions,
  doc: { title: string; author?: string },
) => {
  const { h, pdf } = kit;
  const { Document, Page, View, Text, Image } = pdf;
  const qr = q.symbology === "qr";
  const drawn = await Promise.all(labels.map(async (l) => ({ ...l, png: await kit.barcode(q.symbology, l.code) })));
  const docProps = { ...doc, creator: "The Hub", producer: "The Hub" };
  if (q.format === "single") {
    return h(
      Document,
      docProps,
      ...drawn.map((l) =>
        h(
          Page,
          { key: l.code, size: [inch(4), inch(6)], style: { padding: 18, fontFamily: "Helvetica", fontSize: 12 } },
          ...(l.header ? [h(Text, { style: { fontSize: 9, color: "#555555", marginBottom: 6 } }, l.header)] : []),
          h(Text, { style: { fontSize: 28, fontFamily: "Helvetica-Bold" } }, l.code),
          h(Image, {
            src: { data: l.png, format: "png" },
            style: qr
              ? { width: 200, height: 200, marginVertical: 16 }
              : { width: 252, height: 80, marginVertical: 16 },
          }),
          h(Text, { style: { fontSize: 16, fontFamily: "Helvetica-Bold" } }, l.title),
          ...l.lines.map((line, i) => h(Text, { key: i, style: { marginTop: 4 } }, line)),
        ),
      ),
    );
  }
  const grid = sheetGrid(q.paper);
  const [pageW] = PAGE_POINTS[q.paper];
  const sidePad = (pageW - grid.cols * LABEL_W) / 2;
  const pages: (typeof drawn)[] = [];
  for (let i = 0; i < drawn.length; i += grid.perPage) pages.push(drawn.slice(i, i + grid.perPage));
  const small = { fontSize: 6.5, lineHeight: 1.15 };
  const label = (l: (typeof drawn)[number]) =>
    h(
      View,
      {
        key: l.code,
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
        src: { data: l.png, format: "png" },
        style: qr ? { width: 56, height: 56, marginRight: 5 } : { width: LABEL_W - 10, height: 26 },
      }),
      h(
        View,
        { style: { flex: 1, marginTop: qr ? 0 : 2 } },
        h(Text, { style: { fontSize: 8, fontFamily: "Helvetica-Bold" } }, l.code),
        h(Text, { style: small }, l.title),
        ...l.lines.slice(0, 2).map((line, i) => h(Text, { key: i, style: small }, line)),
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
