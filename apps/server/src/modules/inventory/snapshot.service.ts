import {
  SNAPSHOT_CSV_HEADER,
  type TMaterialKind,
  type TSnapshotPage,
  type TSnapshotQuery,
  type TSnapshotReportQuery,
  type TSnapshotRow,
} from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, type SQL, sql } from "drizzle-orm";
import { rowsOf } from "../../platform/database";
import { type KeysetPage, orderByFor, searchAny } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { facilityScope as factoryScope } from "../../platform/resource/owners";

/**
 * Inventory Snapshot (/inventorySnapshot, issue 18): a material's stock at the end of a day (UTC) is
 * the sum of its ledger movements before midnight after it (the ledger is append-only, so the past
 * never moves); its average cost then is the last recalculation before that moment
 * (`inv_average_cost_history.cost_after`), else the cost before its first later one, else today's
 * (no receipt ever moved it); value = quantity × average cost, rounded to the cent. With `compareTo`,
 * the same at an earlier day and the change between. Archived materials show while they held stock.
 */

const l = schema.stockLedger;
const h = schema.averageCostHistory;
const s = schema.stockSettings;
const f = schema.fabrics;
const pt = schema.parts;

/** Midnight (UTC) after a day: movements before it belong to the day's snapshot. */
const cutoffOf = (day: string) => sql`((${day}::date + 1)::timestamp at time zone 'UTC')`;

const atCutoff = (kind: TMaterialKind, id: SQL, cutoff: SQL) => {
  const lCol = kind === "fabric" ? l.fabricId : l.partId;
  const hCol = kind === "fabric" ? h.fabricId : h.partId;
  const sCol = kind === "fabric" ? s.fabricId : s.partId;
  return {
    quantity: sql`coalesce((select sum(${l.quantity}) from ${l} where ${lCol} = ${id} and ${l.at} < ${cutoff}), 0)`,
    avg: sql`coalesce(
      (select ${h.costAfterCents} from ${h} where ${hCol} = ${id} and ${h.at} < ${cutoff} order by ${h.at} desc, ${h.id} desc limit 1),
      (select ${h.costBeforeCents} from ${h} where ${hCol} = ${id} and ${h.at} >= ${cutoff} order by ${h.at}, ${h.id} limit 1),
      (select ${s.avgCostCents} from ${s} where ${sCol} = ${id}), 0)`,
  };
};

const branch = (p: Principal, kind: TMaterialKind, q: TSnapshotQuery): SQL => {
  const t = kind === "fabric" ? f : pt;
  const code = kind === "fabric" ? f.fabricCode : pt.partCode;
  const name = kind === "fabric" ? f.fabricName : pt.name;
  const id = sql`${t.id}`;
  const now = atCutoff(kind, id, cutoffOf(q.date));
  const then = q.compareTo ? atCutoff(kind, id, cutoffOf(q.compareTo)) : null;
  const where = and(factoryScope(p, t.factoryId), searchAny(q.searchString, [code, name]));
  return sql`
    select ${kind}::text as material_kind, ${t.id} as material_id, ${code} as code, ${name} as name,
      ${t.unit} as unit, ${t.archived} as archived,
      ${now.quantity} as quantity, ${now.avg} as avg_cost,
      ${then ? then.quantity : sql`null::numeric`} as compare_quantity,
      ${then ? then.avg : sql`null::int`} as compare_avg
    from ${t} where ${where ?? sql`true`}`;
};

const snapshotFrom = (p: Principal, q: TSnapshotQuery): SQL => {
  const kinds = q.materialKind ? [q.materialKind] : (["fabric", "part"] as const);
  const union = sql.join(
    kinds.map((k) => branch(p, k, q)),
    sql` union all `,
  );
  return sql`(select u.*, round(u.quantity * u.avg_cost) as value_cents,
      round(u.compare_quantity * u.compare_avg) as compare_value_cents
    from (${union}) u
    where not u.archived or u.quantity <> 0 or coalesce(u.compare_quantity, 0) <> 0) snap`;
};

const SORTABLE: Record<string, SQL> = {
  code: sql`snap.code`,
  name: sql`snap.name`,
  materialKind: sql`snap.material_kind`,
  quantity: sql`snap.quantity`,
  avgCostCents: sql`snap.avg_cost`,
  valueCents: sql`snap.value_cents`,
  valueChangeCents: sql`(snap.value_cents - snap.compare_value_cents)`,
};

const COLUMNS = sql`snap.material_kind, snap.material_id, snap.code, snap.name, snap.unit,
  snap.quantity::numeric(20,4)::text as quantity, snap.avg_cost::int as avg_cost, snap.value_cents::bigint::text as value_cents,
  snap.compare_quantity::numeric(20,4)::text as compare_quantity, snap.compare_value_cents::bigint::text as compare_value_cents,
  (snap.quantity - snap.compare_quantity)::numeric(20,4)::text as quantity_change`;

type Raw = Record<string, unknown>;
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const toRow = (r: Raw): TSnapshotRow => {
  const value = Number(r.value_cents);
  const compareValue = numOrNull(r.compare_value_cents);
  return {
    materialKind: r.material_kind as TMaterialKind,
    materialId: Number(r.material_id),
    code: String(r.code),
    name: String(r.name),
    unit: String(r.unit),
    quantity: String(r.quantity),
    avgCostCents: Number(r.avg_cost),
    valueCents: value,
    compareQuantity: r.compare_quantity === null ? null : String(r.compare_quantity),
    compareValueCents: compareValue,
    quantityChange: r.quantity_change === null ? null : String(r.quantity_change),
    valueChangeCents: compareValue === null ? null : value - compareValue,
  };
};

const selectRows = (db: HubDb, p: Principal, q: TSnapshotQuery, paged: boolean) => {
  const order = orderByFor(q.sort, SORTABLE, ["code", "asc"]);
  return db.execute(
    sql`select ${COLUMNS} from ${snapshotFrom(p, q)} order by ${sql.join(order, sql`, `)}, snap.material_kind, snap.material_id
      ${paged ? sql`limit ${q.size} offset ${q.page * q.size}` : sql`limit 100000`}`,
  );
};

/** GET /api/inventory/snapshot: a page of materials at the day, with the whole filter's value. */
export const inventorySnapshot = async (db: HubDb, p: Principal, q: TSnapshotQuery): Promise<TSnapshotPage> => {
  const rows = rowsOf<Raw>(await selectRows(db, p, q, true));
  const [totals] = rowsOf<Raw>(
    await db.execute(
      sql`select count(*)::int as n, coalesce(sum(snap.value_cents), 0)::bigint::text as value,
        sum(snap.compare_value_cents)::bigint::text as compare_value from ${snapshotFrom(p, q)}`,
    ),
  );
  return {
    items: rows.map(toRow),
    total: Number(totals?.n ?? 0),
    page: q.page,
    size: q.size,
    totalValueCents: Number(totals?.value ?? 0),
    compareTotalValueCents: q.compareTo ? Number(totals?.compare_value ?? 0) : null,
  };
};

/** A snapshot row as the CSV's columns (SNAPSHOT_CSV_HEADER). */
const snapshotCsvRow = (r: TSnapshotRow): unknown[] => [
  r.materialKind,
  r.code,
  r.name,
  r.unit,
  r.quantity,
  r.avgCostCents,
  r.valueCents,
  r.compareQuantity,
  r.compareValueCents,
  r.quantityChange,
  r.valueChangeCents,
];

/** Every material of the filter at the day, for the CSV. */
export const exportInventorySnapshot = async (db: HubDb, p: Principal, q: TSnapshotQuery): Promise<unknown[][]> =>
  rowsOf<Raw>(await selectRows(db, p, q, false))
    .map(toRow)
    .map(snapshotCsvRow);

/** The report's columns: the day, then the screen's CSV's. */
export const SNAPSHOT_REPORT_HEADER = ["date", ...SNAPSHOT_CSV_HEADER];

/**
 * The Inventory snapshot report (Report Downloads): the screen's rows for the caller and filter (the
 * day absent: today, UTC), in keyset pages by material: fabrics by id, then parts by id (a part's
 * key is its id + 2^32, so both kinds share one ascending number).
 */
export const snapshotReportPage = async (
  db: HubDb,
  p: Principal,
  q: TSnapshotReportQuery,
  after: number,
  limit: number,
): Promise<KeysetPage> => {
  const day = q.date ?? new Date().toISOString().slice(0, 10);
  const key = sql`(snap.material_id::bigint + case when snap.material_kind = 'fabric' then 0 else 4294967296 end)`;
  const rows = rowsOf<Raw>(
    await db.execute(
      sql`select ${COLUMNS}, ${key}::text as report_key from ${snapshotFrom(p, { ...q, date: day })}
        where ${key} > ${after} order by ${key} limit ${limit}`,
    ),
  );
  return {
    rows: rows.map((r) => [day, ...snapshotCsvRow(toRow(r))]),
    last: rows.length === 0 ? null : Number(rows.at(-1)?.report_key),
  };
};
