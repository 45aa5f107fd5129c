import type { TStockLedgerReportQuery } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, gt, isNotNull, sql } from "drizzle-orm";
import { dateRange, type KeysetPage } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { facilityScope } from "../../platform/resource/owners";

/**
 * The Stock ledger report (Report Downloads): every ledger row of the caller's facilities (internal
 * admins: every facility's), across fabrics and parts, as the stock item page shows one material's,
 * read in keyset pages.
 */

const l = schema.stockLedger;
const f = schema.fabrics;
const pt = schema.parts;
const pol = schema.purchaseOrderLines;
const po = schema.purchaseOrders;

export const STOCK_LEDGER_CSV_HEADER = [
  "at",
  "materialKind",
  "code",
  "name",
  "unit",
  "kind",
  "quantity",
  "unitCostCents",
  "reason",
  "reference",
  "poNumber",
  "by",
];

export const stockLedgerReportPage = async (
  db: HubDb,
  p: Principal,
  q: TStockLedgerReportQuery,
  after: number,
  limit: number,
): Promise<KeysetPage> => {
  const rows = await db
    .select({
      id: l.id,
      at: l.at,
      fabricId: l.fabricId,
      code: sql<string>`coalesce(${f.fabricCode}, ${pt.partCode})`,
      name: sql<string>`coalesce(${f.fabricName}, ${pt.name})`,
      unit: sql<string>`coalesce(${f.unit}, ${pt.unit})`,
      kind: l.kind,
      quantity: sql<string>`${l.quantity}::text`,
      unitCostCents: l.unitCostCents,
      reason: l.reason,
      reference: l.reference,
      poNumber: po.number,
      actorName: l.actorName,
    })
    .from(l)
    .leftJoin(f, eq(f.id, l.fabricId))
    .leftJoin(pt, eq(pt.id, l.partId))
    .leftJoin(pol, eq(pol.id, l.poLineId))
    .leftJoin(po, eq(po.id, pol.poId))
    .where(
      and(
        facilityScope(p, l.factoryId),
        q.materialKind === "fabric" ? isNotNull(l.fabricId) : undefined,
        q.materialKind === "part" ? isNotNull(l.partId) : undefined,
        q.kind ? eq(l.kind, q.kind) : undefined,
        dateRange(l.at, q.from, q.to),
        gt(l.id, after),
      ),
    )
    .orderBy(asc(l.id))
    .limit(limit);
  return {
    rows: rows.map((r) => [
      r.at.toISOString(),
      r.fabricId === null ? "part" : "fabric",
      r.code,
      r.name,
      r.unit,
      r.kind,
      r.quantity,
      r.unitCostCents,
      r.reason,
      r.reference,
      r.poNumber,
      r.actorName,
    ]),
    last: rows.at(-1)?.id ?? null,
  };
};
