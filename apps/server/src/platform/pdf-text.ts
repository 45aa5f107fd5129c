import { loadOnce } from "./load-once";

/**
 * A PDF's text for search (issue 19: "a PDF tech pack ... with its text extracted for search"), read
 * with unpdf's build of PDF.js and run as for any untrusted file: no eval (this PDF.js has no eval path
 * left: its `isEvalSupported` option is gone, and the bundle holds no `eval` or `new Function`), no system fonts, images
 * never decoded beyond a small size, at most `maxPages` pages and `maxChars` characters, and a
 * deadline checked between pages (PDF.js yields between them, so a huge page cannot hold the server
 * for long past it).
 */

export const PDF_TEXT_LIMITS = { maxPages: 300, maxChars: 200_000, deadlineMs: 15_000 } as const;

export type PdfText = {
  /** Pages in the document (not only the ones read). */
  pages: number;
  /** The text, whitespace collapsed, pages separated by blank lines; "" when the PDF has none (a scan). */
  text: string;
  /** True when a limit stopped the reading before the end. */
  truncated: boolean;
};

/** Why a PDF gave no text: the caller decides whether that refuses the upload or only skips the search text. */
export class PdfUnreadable extends Error {
  constructor(
    message: string,
    readonly reason: "password" | "invalid",
  ) {
    super(message);
  }
}

export const isPdfBytes = (b: Uint8Array) =>
  b.length >= 5 && b[0] === 0x25 && b[1] === 0x50 && b[2] === 0x44 && b[3] === 0x46 && b[4] === 0x2d;

const unpdf = loadOnce(() => import("unpdf"));

export const extractPdfText = async (
  bytes: Uint8Array,
  limits: { maxPages?: number; maxChars?: number; deadlineMs?: number } = {},
): Promise<PdfText> => {
  const maxPages = limits.maxPages ?? PDF_TEXT_LIMITS.maxPages;
  const maxChars = limits.maxChars ?? PDF_TEXT_LIMITS.maxChars;
  const deadline = Date.now() + (limits.deadlineMs ?? PDF_TEXT_LIMITS.deadlineMs);
  if (!isPdfBytes(bytes)) throw new PdfUnreadable("This file is not a PDF.", "invalid");
  const { getDocumentProxy } = await unpdf();
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // PDF.js takes ownership of the array it is given: hand it a copy, never the caller's buffer.
    pdf = await getDocumentProxy(new Uint8Array(bytes), {
      useSystemFonts: false,
      disableFontFace: true,
      maxImageSize: 1024 * 1024,
      stopAtErrors: false,
      verbosity: 0,
    });
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === "PasswordException")
      throw new PdfUnreadable(
        "This PDF is protected by a password: save it without one and upload it again.",
        "password",
      );
    throw new PdfUnreadable("This PDF could not be read: it is damaged or not a PDF.", "invalid");
  }
  try {
    const parts: string[] = [];
    let chars = 0;
    let truncated = false;
    const last = Math.min(pdf.numPages, maxPages);
    if (pdf.numPages > maxPages) truncated = true;
    for (let n = 1; n <= last; n++) {
      if (Date.now() > deadline || chars >= maxChars) {
        truncated = true;
        break;
      }
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : " ") : ""))
        .join("")
        .replace(/[ \t\u00a0]+/g, " ")
        .replace(/ ?\n ?/g, "\n")
        .replace(/\n{2,}/g, "\n")
        .trim();
      page.cleanup();
      if (text) {
        parts.push(text);
        chars += text.length + 2;
      }
    }
    let text = parts.join("\n\n").replaceAll("\0", "");
    if (text.length > maxChars) {
      text = text.slice(0, maxChars);
      truncated = true;
    }
    return { pages: pdf.numPages, text, truncated };
  } finally {
    await pdf.loadingTask.destroy();
  }
};
