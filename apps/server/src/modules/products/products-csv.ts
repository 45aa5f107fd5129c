import type { TProduct } from "@hub/contracts";

/** The products list's CSV (GET /products/export.csv): the list's columns, money in dollars. */
export const PRODUCT_CSV_HEADER = [
  "code",
  "name",
  "status",
  "season",
  "category",
  "collection",
  "batch",
  "tags",
  "targetCost",
  "targetPrice",
  "latestVersion",
  "team",
  "updatedAt",
];
const dollars = (c: number | null) => (c === null ? "" : (c / 100).toFixed(2));
export const productCsvRow = (x: TProduct): unknown[] => [
  x.code,
  x.name,
  x.status,
  x.season,
  x.category,
  x.collection,
  x.batch,
  x.tags,
  dollars(x.targetCostCents),
  dollars(x.targetPriceCents),
  x.latestVersion,
  x.teamName,
  x.updatedAt,
];
