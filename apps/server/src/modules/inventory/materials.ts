import type { TMaterialKind } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { badRequest, notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { facilityScope as factoryScope } from "../../platform/resource/owners";

/**
 * A stock item is a library fabric or part (docs/adr/0004-inventory.md): these helpers name one by
 * `materialKind` and id, scoped to the caller's facilities with the library's own `factoryScope`.
 */

export type Material = {
  kind: TMaterialKind;
  id: number;
  factoryId: number;
  code: string;
  name: string;
  unit: string;
};

const tableOf = (kind: TMaterialKind) =>
  kind === "fabric"
    ? { t: schema.fabrics, code: schema.fabrics.fabricCode, name: schema.fabrics.fabricName }
    : { t: schema.parts, code: schema.parts.partCode, name: schema.parts.name };

/** The column of a material table (ledger, settings, history, PO line, supplier material) that names this kind. */
export const materialColumn = (t: { fabricId: PgColumn; partId: PgColumn }, kind: TMaterialKind): PgColumn =>
  kind === "fabric" ? t.fabricId : t.partId;

/** `fabric_id = id` or `part_id = id`. */
export const isMaterial = (t: { fabricId: PgColumn; partId: PgColumn }, m: { kind: TMaterialKind; id: number }): SQL =>
  eq(materialColumn(t, m.kind), m.id);

/** The insert values naming the material: `{ fabricId }` or `{ partId }`. */
export const materialValues = (m: { kind: TMaterialKind; id: number }) =>
  m.kind === "fabric" ? { fabricId: m.id, partId: null } : { fabricId: null, partId: m.id };

/** `{ kind, id }` of a row that names exactly one of fabric_id and part_id. */
export const materialOf = (row: {
  fabricId: number | null;
  partId: number | null;
}): { kind: TMaterialKind; id: number } =>
  row.fabricId !== null ? { kind: "fabric", id: row.fabricId } : { kind: "part", id: row.partId ?? 0 };

/**
 * The material, if the caller may see it: else 404, or with `field` (a body names it) a 400 on that field.
 * `factoryId` further requires it to belong to that facility (a PO's or supplier's own).
 */
export const getMaterial = async (
  db: HubDb | HubTx,
  p: Principal,
  kind: TMaterialKind,
  id: number,
  opts: { field?: string; factoryId?: number } = {},
): Promise<Material> => {
  const { t, code, name } = tableOf(kind);
  const [row] = await db
    .select({ id: t.id, factoryId: t.factoryId, code, name, unit: t.unit })
    .from(t)
    .where(
      and(
        eq(t.id, id),
        factoryScope(p, t.factoryId),
        opts.factoryId === undefined ? undefined : eq(t.factoryId, opts.factoryId),
      ),
    );
  if (!row) {
    const what = kind === "fabric" ? "That fabric" : "That part";
    if (opts.field) throw badRequest(`${what} does not exist in this library.`, { [opts.field]: `Unknown ${kind}` });
    throw notFound(what);
  }
  return { kind, ...row };
};

/** Several materials of one facility at once, by kind and id; a missing one is a 400 on its field. */
export const getMaterials = async (
  db: HubDb | HubTx,
  factoryId: number,
  wanted: { kind: TMaterialKind; id: number; field: string }[],
): Promise<Map<string, Material>> => {
  const out = new Map<string, Material>();
  for (const kind of ["fabric", "part"] as const) {
    const ids = [...new Set(wanted.filter((w) => w.kind === kind).map((w) => w.id))];
    if (ids.length === 0) continue;
    const { t, code, name } = tableOf(kind);
    const rows = await db
      .select({ id: t.id, factoryId: t.factoryId, code, name, unit: t.unit })
      .from(t)
      .where(and(inArray(t.id, ids), eq(t.factoryId, factoryId)));
    for (const r of rows) out.set(`${kind}:${r.id}`, { kind, ...r });
  }
  for (const w of wanted) {
    if (!out.has(`${w.kind}:${w.id}`)) {
      throw badRequest(
        `${w.kind === "fabric" ? "Fabric" : "Part"} ${w.id} does not exist in this facility's library.`,
        {
          [w.field]: `Unknown ${w.kind}`,
        },
      );
    }
  }
  return out;
};

/** The current quantity of a material: the sum of its ledger, as exact decimal text. */
export const quantityOf = async (db: HubDb | HubTx, m: { kind: TMaterialKind; id: number }): Promise<string> => {
  const l = schema.stockLedger;
  const [row] = await db
    .select({ q: sql<string>`coalesce(sum(${l.quantity}), 0)::numeric(20,4)::text` })
    .from(l)
    .where(isMaterial(l, m));
  return row?.q ?? "0.0000";
};
