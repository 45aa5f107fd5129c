import type * as ReactPdf from "@react-pdf/renderer";
import type { FastifyReply } from "fastify";
import type { ReactElement } from "react";
import { loadOnce } from "./load-once";

/**
 * Server-side PDFs (order documents, floor labels, cut tickets, shipping labels, tech packs): documents are React trees of `@react-pdf/renderer` primitives
 * (Document, Page, View, Text, Image) rendered to a Buffer; barcodes are PNGs from `bwip-js`. Both
 * load on the first document, not at start (react-pdf takes most of a second to import), through
 * `loadOnce`. A document is a plain function `(kit, data) => element` written with `kit.h`
 * (React's createElement), so the server needs no JSX build step.
 */
export type PdfKit = {
  h: typeof import("react").createElement;
  pdf: typeof ReactPdf;
  /** A barcode as a PNG: Code128 (with no human-readable text: the document prints it) or QR. */
  barcode: (symbology: "code128" | "qr", text: string) => Promise<Buffer>;
};

export const loadPdfKit = loadOnce(async (): Promise<PdfKit> => {
  const [react, pdf, bwip] = await Promise.all([
    import("react"),
    import("@react-pdf/renderer"),
    import("bwip-js/node"),
  ]);
  const barcode: PdfKit["barcode"] = (symbology, text) =>
    symbology === "qr"
      ? bwip.toBuffer({ bcid: "qrcode", text, scale: 4 })
      : bwip.toBuffer({ bcid: "code128", text, scale: 3, height: 10 });
  return { h: react.createElement, pdf, barcode };
});

/** Renders a document to PDF bytes. */
export const renderPdf = async (kit: PdfKit, doc: ReactElement): Promise<Buffer> =>
  kit.pdf.renderToBuffer(doc as Parameters<typeof ReactPdf.renderToBuffer>[0]);

/** Page sizes in points (72 per inch). */
export const PAPER = { letter: "LETTER", a4: "A4" } as const;
export const inch = (n: number) => n * 72;

/** A rendered document and the name the browser saves it under. */
export type PdfFile = { bytes: Buffer; fileName: string };

/** A PDF the browser opens in a tab (to print) and saves under a sensible name; never cached. */
export const sendPdf = (reply: FastifyReply, file: PdfFile) =>
  reply
    .header("content-type", "application/pdf")
    .header("content-disposition", `inline; filename="${file.fileName}"`)
    .header("cache-control", "private, no-store")
    .send(file.bytes);
