import type { TCutTicketDetail } from "@hub/contracts";
import { loadPdfKit, PAPER, type PdfKit, renderPdf } from "../../platform/pdf";

/**
 * A printable cut ticket (the orders' PDF pattern: a plain function over `kit.h`, react-pdf and
 * bwip-js loaded on first use): the ticket number as a Code128 barcode (the cutter scans it to mark
 * the ticket cut), the lay (fabric, colour, marker, ratio, plies, length, utilisation, cutter) and
 * its units, the header repeated on every page and rows never split.
 */
const ticketDocument = async (kit: PdfKit, t: TCutTicketDetail, paper: "letter" | "a4") => {
  const { h, pdf } = kit;
  const { Document, Page, View, Text, Image } = pdf;
  const png = await kit.barcode("code128", t.ticketNumber);
  const ratio = Object.entries(t.ratio)
    .map(([s, n]) => `${s} × ${n}`)
    .join(", ");
  const fact = (label: string, value: string) =>
    h(
      View,
      { style: { flexDirection: "row", marginBottom: 2 } },
      h(Text, { style: { width: 110, color: "#555555" } }, label),
      h(Text, { style: { fontFamily: "Helvetica-Bold" } }, value),
    );
  const cell = (text: string, width: number | string, bold = false) =>
    h(Text, { style: { width, paddingVertical: 3, fontFamily: bold ? "Helvetica-Bold" : "Helvetica" } }, text);
  const cols = ["Unit", "Order", "Client", "Style", "Size", "Colour", "Due"] as const;
  const widths = ["17%", "13%", "20%", "13%", "9%", "14%", "14%"];
  return h(
    Document,
    { title: `Cut ticket ${t.ticketNumber}`, creator: "The Hub", producer: "The Hub" },
    h(
      Page,
      { size: PAPER[paper], style: { padding: 36, fontFamily: "Helvetica", fontSize: 10 } },
      h(
        View,
        { fixed: true, style: { flexDirection: "row", justifyContent: "space-between", marginBottom: 12 } },
        h(
          View,
          null,
          h(Text, { style: { fontSize: 20, fontFamily: "Helvetica-Bold" } }, `Cut ticket ${t.ticketNumber}`),
          h(Text, { style: { color: "#555555", marginTop: 2 } }, `Cutter: ${t.cutterName ?? "-"} · ${t.status}`),
        ),
        h(Image, { src: { data: png, format: "png" }, style: { width: 200, height: 50 } }),
      ),
      fact("Fabric", `${t.fabricCode ?? "-"}${t.colour ? ` · ${t.colour}` : ""}`),
      fact("Style / marker", `${t.styleCode ?? "-"} · ${t.markerName ?? "no library marker"}`),
      fact("Ratio per ply", ratio),
      fact("Plies", String(t.plies)),
      fact("Lay length", `${Number(t.lengthInches).toFixed(2)} in`),
      fact("Utilisation", t.utilisationPct === null ? "-" : `${Number(t.utilisationPct).toFixed(1)}%`),
      fact("Units", String(t.unitList.length)),
      h(
        View,
        { fixed: true, style: { flexDirection: "row", borderBottomWidth: 1, marginTop: 12 } },
        ...cols.map((c, i) => cell(c, widths[i] ?? "10%", true)),
      ),
      ...t.unitList.map((x) =>
        h(
          View,
          { key: x.id, wrap: false, style: { flexDirection: "row", borderBottomWidth: 0.5, borderColor: "#cccccc" } },
          ...[
            x.barcode,
            x.orderNumber,
            x.clientName,
            x.styleCode ?? "-",
            x.size ?? "-",
            x.colour ?? "-",
            x.dueDate ?? "-",
          ].map((v, i) => cell(v, widths[i] ?? "10%")),
        ),
      ),
      h(Text, {
        fixed: true,
        style: { position: "absolute", bottom: 18, right: 36, fontSize: 8, color: "#555555" },
        render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) =>
          `Page ${pageNumber} of ${totalPages}`,
      }),
    ),
  );
};

export const cutTicketPdf = async (t: TCutTicketDetail, paper: "letter" | "a4") => {
  const kit = await loadPdfKit();
  return {
    bytes: await renderPdf(kit, await ticketDocument(kit, t, paper)),
    fileName: `cut-ticket-${t.ticketNumber}.pdf`,
  };
};
