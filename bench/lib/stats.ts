/** Numbers and printing: percentiles, units, verdicts, tables and section headings. */

/** Nearest-rank percentile of an ascending array. */
export const percentile = (sorted: readonly number[], p: number): number => {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
};
export const ascending = (values: readonly number[]) => [...values].sort((a, b) => a - b);
export const mean = (values: readonly number[]) =>
  values.length ? values.reduce((s, v) => s + v, 0) / values.length : Number.NaN;

export const ms = (value: number, digits = 1) => (Number.isFinite(value) ? `${value.toFixed(digits)} ms` : "n/a");
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const verdict = (value: number, target: number) =>
  Number.isFinite(value) ? (value < target ? "PASS" : "MISS") : "n/a";

export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export const table = (
  header: readonly string[],
  rows: readonly (readonly string[])[],
  rightAlign: readonly number[] = [],
): string => {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => {
        const width = widths[i] ?? 0;
        return rightAlign.includes(i) ? cell.padStart(width) : cell.padEnd(width);
      })
      .join("  ")
      .trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
};

export const section = (title: string) => console.log(`\n== ${title} ${"=".repeat(Math.max(0, 76 - title.length))}`);
export const progress = (message: string) => console.error(`bench: ${message}`);
