import type { PdfFonts } from "../../platform/pdf-fonts";

/** The tech pack PDF's styles (tech-pack-pdf.ts), in Helvetica or, for a translated tech pack, its fonts. */
export const BASE_STYLES = {
  page: { paddingTop: 60, paddingBottom: 44, paddingHorizontal: 32, fontSize: 8.5, fontFamily: "Helvetica" },
  band: {
    position: "absolute",
    top: 20,
    left: 32,
    right: 32,
    flexDirection: "row",
    justifyContent: "space-between",
    borderBottom: "1pt solid #333333",
    paddingBottom: 4,
  },
  bandTitle: { fontSize: 11, fontFamily: "Helvetica-Bold" },
  h1: { fontSize: 18, fontFamily: "Helvetica-Bold", marginBottom: 4 },
  h2: { fontSize: 12, fontFamily: "Helvetica-Bold", marginTop: 10, marginBottom: 5 },
  muted: { color: "#555555" },
  facts: { flexDirection: "row", flexWrap: "wrap", marginTop: 8 },
  fact: { width: "33%", marginBottom: 6 },
  label: { fontSize: 7, color: "#555555", textTransform: "uppercase" },
  pictures: { flexDirection: "row", flexWrap: "wrap", marginTop: 10 },
  picture: { width: 170, marginRight: 10, marginBottom: 10 },
  img: { width: 170, height: 170, objectFit: "contain", border: "0.5pt solid #cccccc" },
  head: { flexDirection: "row", borderBottom: "1pt solid #333333", paddingVertical: 3, fontFamily: "Helvetica-Bold" },
  row: { flexDirection: "row", borderBottom: "0.5pt solid #cccccc", paddingVertical: 3 },
  critical: {
    flexDirection: "row",
    borderBottom: "0.5pt solid #cccccc",
    paddingVertical: 3,
    backgroundColor: "#fdecea",
  },
  cell: { flex: 1, paddingRight: 4 },
  wide: { flex: 2, paddingRight: 4 },
  num: { flex: 1, paddingRight: 4, textAlign: "right" },
  step: { marginBottom: 12 },
  stepImage: { position: "relative", width: 260, height: 260, marginTop: 4 },
  marker: {
    position: "absolute",
    width: 14,
    height: 14,
    borderRadius: 7,
    backgroundColor: "#d32f2f",
    color: "#ffffff",
    fontSize: 7,
    textAlign: "center",
    paddingTop: 3,
    fontFamily: "Helvetica-Bold",
  },
  footer: {
    position: "absolute",
    bottom: 18,
    left: 32,
    right: 32,
    flexDirection: "row",
    justifyContent: "space-between",
    fontSize: 7.5,
    color: "#555555",
  },
} as const;

export type Styles = typeof BASE_STYLES;
/** The styles with the document's fonts in place of Helvetica (a translated tech pack: platform/pdf-fonts.ts). */
export const withFonts = (fonts: PdfFonts | null): Styles => {
  if (!fonts) return BASE_STYLES;
  const out: Record<string, unknown> = {};
  for (const [key, style] of Object.entries(BASE_STYLES)) {
    const family = (style as { fontFamily?: string }).fontFamily;
    out[key] =
      family === "Helvetica"
        ? { ...style, fontFamily: fonts.regular }
        : family === "Helvetica-Bold"
          ? { ...style, ...fonts.bold }
          : style;
  }
  return out as unknown as Styles;
};
