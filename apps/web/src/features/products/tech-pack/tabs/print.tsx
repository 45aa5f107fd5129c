import { PdfTab } from "./pdf";

/** Print: the PDF tab, opened to print. */
export default function PrintTab() {
  return <PdfTab print />;
}
