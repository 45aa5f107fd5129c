/** Printed documents' shared choices: paper for packing slips and label sheets, label layouts and barcodes. */
export const PAPER_SIZES = ["letter", "a4"] as const;
export const LABEL_FORMATS = ["sheet", "single"] as const;
export const LABEL_SYMBOLOGIES = ["code128", "qr"] as const;
export type TPaperSize = (typeof PAPER_SIZES)[number];
export type TLabelFormat = (typeof LABEL_FORMATS)[number];
export type TLabelSymbology = (typeof LABEL_SYMBOLOGIES)[number];
