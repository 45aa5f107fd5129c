import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import type { PdfKit } from "./pdf";

/**
 * Fonts for PDFs in other languages (issue 19: a tech pack printed in the factory's language). The
 * PDF's standard Helvetica covers Western European letters only; a translated document uses Noto
 * Sans from `@fontsource/noto-sans` (shipped with the Hub: its Latin, Latin Extended, Vietnamese,
 * Cyrillic and Greek subsets, each registered as its own family and listed together, so react-pdf
 * takes each character from the first family that has it). Chinese, Japanese and Korean need a CJK
 * font, too large to ship: the Hub uses one installed on the machine (`PDF_CJK_FONT`, or Noto Sans
 * CJK / WenQuanYi from Debian's packages), and without one it says it cannot print that language.
 */
export type PdfFonts = { regular: string[]; bold: { fontFamily: string[]; fontWeight: number } };

const SUBSETS = ["latin", "latin-ext", "vietnamese", "cyrillic", "greek"] as const;
const CJK_CANDIDATES = [
  "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
  "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
  "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
  "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
];
const CJK_LANGS = new Set(["ZH-HANS", "ZH", "JA", "KO"]);

/** The installed CJK font, if any (PDF_CJK_FONT first). */
export const cjkFontPath = (): string | null => {
  const configured = process.env.PDF_CJK_FONT?.trim();
  if (configured && existsSync(configured)) return configured;
  return CJK_CANDIDATES.find((p) => existsSync(p)) ?? null;
};

/** Whether a PDF in this language can be printed on this machine. */
export const canPrint = (lang: string): boolean => !CJK_LANGS.has(lang) || cjkFontPath() !== null;

const registered = new WeakSet<object>();

/** Registers the fonts once per loaded react-pdf and answers the families a document in `lang` uses. */
export const pdfFontsFor = (kit: PdfKit, lang: string): PdfFonts => {
  const { Font } = kit.pdf;
  const families = SUBSETS.map((s) => `NotoSans-${s}`);
  if (!registered.has(Font)) {
    const require = createRequire(import.meta.url);
    for (const subset of SUBSETS)
      Font.register({
        family: `NotoSans-${subset}`,
        fonts: [400, 700].map((weight) => ({
          src: require.resolve(`@fontsource/noto-sans/files/noto-sans-${subset}-${weight}-normal.woff`),
          fontWeight: weight,
        })),
      });
    const cjk = cjkFontPath();
    if (cjk)
      Font.register({
        family: "HubCJK",
        fonts: [
          { src: cjk, fontWeight: 400 },
          { src: cjk, fontWeight: 700 },
        ],
      });
    registered.add(Font);
  }
  const all = CJK_LANGS.has(lang) && cjkFontPath() ? [...families, "HubCJK"] : families;
  return { regular: all, bold: { fontFamily: all, fontWeight: 700 } };
};
