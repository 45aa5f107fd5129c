/**
 * A real, small PDF written in the test (one page per entry of `pages`, each a few lines of
 * Helvetica text), so no binary fixture lives in the repo. The cross-reference table carries the
 * true byte offsets, so strict readers read it too. Used by the server's tests and the e2e specs.
 */
export const textPdf = (pages: string[][]): Buffer => {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) - 1;
  const catalog = add("");
  const pageTree = add("");
  const font = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  const pdfString = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const kids: number[] = [];
  for (const lines of pages) {
    const stream = `BT /F1 12 Tf 14 TL 72 720 Td ${lines.map((l) => `(${pdfString(l)}) Tj T*`).join(" ")} ET`;
    const content = add(`<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent ${pageTree + 1} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font + 1} 0 R >> >> /Contents ${content + 1} 0 R >>`,
      ),
    );
  }
  objects[catalog] = `<< /Type /Catalog /Pages ${pageTree + 1} 0 R >>`;
  objects[pageTree] = `<< /Type /Pages /Kids [${kids.map((k) => `${k + 1} 0 R`).join(" ")}] /Count ${kids.length} >>`;
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog + 1} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
};
