/** What the facility already has: the codes rows may name, and the keys of the rows a file would update. */
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, sql } from "drizzle-orm";
import type { ImportDef, Refs } from "./types";

/** The facility's machine, option, style, fabric and part codes, for rows that name them. */
export const loadRefs = async (tx: HubDb | HubTx, factoryId: number): Promise<Refs> => {
  const m = schema.machines;
  const o = schema.options;
  const machines = await tx.select({ id: m.id, code: m.code }).from(m).where(eq(m.factoryId, factoryId));
  const options = await tx.select({ id: o.id, code: o.code }).from(o).where(eq(o.factoryId, factoryId));
  const styles = await tx
    .select({ id: schema.styles.id, code: schema.styles.code })
    .from(schema.styles)
    .where(eq(schema.styles.factoryId, factoryId));
  const fabrics = await tx
    .select({ id: schema.fabrics.id, code: schema.fabrics.fabricCode })
    .from(schema.fabrics)
    .where(eq(schema.fabrics.factoryId, factoryId));
  const parts = await tx
    .select({ id: schema.parts.id, code: schema.parts.partCode })
    .from(schema.parts)
    .where(eq(schema.parts.factoryId, factoryId));
  return {
    fabrics: new Map(fabrics.map((x) => [x.code.toLowerCase(), x.id])),
    parts: new Map(parts.map((x) => [x.code.toLowerCase(), x.id])),
    machines: new Map(machines.map((x) => [x.code.toLowerCase(), x.id])),
    options: new Map(options.map((x) => [x.code.toLowerCase(), x.id])),
    styles: new Map(styles.map((x) => [x.code.toLowerCase(), x.id])),
  };
};

/** Key → id of the rows the facility already has (id 0 for resources of another shape). */
export const existingKeys = async (
  tx: HubDb | HubTx,
  def: ImportDef,
  factoryId: number,
): Promise<Map<string, number>> => {
  if ("write" in def) return new Map([...(await def.existing(tx, factoryId))].map((k) => [k, 0]));
  const rows = await tx
    .select({ id: sql<number>`${def.table.id}`, code: sql<string>`lower(${def.codeColumn})` })
    .from(def.table)
    .where(and(eq(def.table.factoryId, factoryId), def.filter));
  return new Map(rows.map((r) => [r.code, Number(r.id)]));
};
