import type { HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

/**
 * Finding or making a facility's library rows by name, for a style made from a tech pack (issue 19):
 * an option, attribute, fabric, part or instruction the facility already keeps under that name is
 * reused; otherwise a row is made with a code from the design library's code (or the name), made
 * unique in the facility. All inside the caller's transaction.
 */

const o = schema.options;
const a = schema.attributes;
const oa = schema.optionAttributes;

/** A library code from a name or a design code: letters, digits, . _ - only, at most 36 characters. */
export const codeFrom = (text: string): string =>
  text
    .toUpperCase()
    .replace(/[^A-Z0-9._-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 36) || "X";

/** The first of `base`, `base-2`, `base-3`… not yet a code of the facility in `table`. */
const freeCode = async (
  tx: HubTx,
  table: PgTable,
  codeCol: PgColumn,
  factoryCol: PgColumn,
  factoryId: number,
  base: string,
) => {
  const taken = await tx
    .select({ code: sql<string>`lower(${codeCol})` })
    .from(table)
    .where(and(eq(factoryCol, factoryId), sql`lower(${codeCol}) like ${`${base.toLowerCase()}%`}`));
  const used = new Set(taken.map((r) => r.code));
  if (!used.has(base.toLowerCase())) return base;
  for (let i = 2; ; i++) {
    const code = `${base}-${i}`;
    if (!used.has(code.toLowerCase())) return code;
  }
};

/** The facility's option named `name` (Size, Colour), or a new one. */
export const optionNamed = async (tx: HubTx, factoryId: number, name: string, sortOrder: number): Promise<number> => {
  const [found] = await tx
    .select({ id: o.id })
    .from(o)
    .where(and(eq(o.factoryId, factoryId), sql`lower(${o.name}) = lower(${name})`))
    .orderBy(o.archived, o.id)
    .limit(1);
  if (found) return found.id;
  const code = await freeCode(tx, o, o.code, o.factoryId, factoryId, codeFrom(name));
  const [made] = await tx.insert(o).values({ factoryId, code, name, sortOrder }).returning({ id: o.id });
  if (!made) throw new Error("option insert failed");
  return made.id;
};

/**
 * The attribute named `name` of an option: one already linked to the option, else the facility's
 * attribute of that name (then linked to the option), else a new one.
 */
export const attributeNamed = async (
  tx: HubTx,
  factoryId: number,
  optionId: number,
  name: string,
  sortOrder: number,
): Promise<number> => {
  const [found] = await tx
    .select({ id: a.id, linked: sql<boolean>`${oa.optionId} is not null` })
    .from(a)
    .leftJoin(oa, and(eq(oa.attributeId, a.id), eq(oa.optionId, optionId)))
    .where(and(eq(a.factoryId, factoryId), sql`lower(${a.name}) = lower(${name})`))
    .orderBy(sql`${oa.optionId} is null`, a.archived, a.id)
    .limit(1);
  let id = found?.id;
  if (id === undefined) {
    const code = await freeCode(tx, a, a.code, a.factoryId, factoryId, codeFrom(name));
    const [made] = await tx.insert(a).values({ factoryId, code, name, sortOrder }).returning({ id: a.id });
    if (!made) throw new Error("attribute insert failed");
    id = made.id;
  }
  if (!found?.linked) await tx.insert(oa).values({ optionId, attributeId: id, sortOrder }).onConflictDoNothing();
  return id;
};

type Material = { code: string; name: string; unit: string; costCents: number };

/** The facility's fabric named like the design library's item, or a new one with its code, unit and cost. */
export const fabricNamed = async (tx: HubTx, factoryId: number, m: Material): Promise<number> => {
  const f = schema.fabrics;
  const [found] = await tx
    .select({ id: f.id })
    .from(f)
    .where(and(eq(f.factoryId, factoryId), sql`lower(${f.fabricName}) = lower(${m.name})`))
    .orderBy(f.archived, f.id)
    .limit(1);
  if (found) return found.id;
  const fabricCode = await freeCode(tx, f, f.fabricCode, f.factoryId, factoryId, codeFrom(m.code));
  const [made] = await tx
    .insert(f)
    .values({ factoryId, fabricCode, fabricName: m.name, unit: m.unit.slice(0, 20) || "yd", costCents: m.costCents })
    .returning({ id: f.id });
  if (!made) throw new Error("fabric insert failed");
  return made.id;
};

/** The facility's part named like the design library's item (a trim, label, thread, packaging), or a new one. */
export const partNamed = async (tx: HubTx, factoryId: number, m: Material): Promise<number> => {
  const t = schema.parts;
  const [found] = await tx
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.factoryId, factoryId), sql`lower(${t.name}) = lower(${m.name})`))
    .orderBy(t.archived, t.id)
    .limit(1);
  if (found) return found.id;
  const partCode = await freeCode(tx, t, t.partCode, t.factoryId, factoryId, codeFrom(m.code));
  const [made] = await tx
    .insert(t)
    .values({ factoryId, partCode, name: m.name, unit: m.unit.slice(0, 20) || "each", costCents: m.costCents })
    .returning({ id: t.id });
  if (!made) throw new Error("part insert failed");
  return made.id;
};

/** The facility's instruction named like the construction step, or a new one with the step's description. */
export const instructionNamed = async (
  tx: HubTx,
  factoryId: number,
  title: string,
  description: string,
): Promise<number> => {
  const t = schema.instructions;
  const [found] = await tx
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.factoryId, factoryId), sql`lower(${t.name}) = lower(${title})`))
    .orderBy(t.archived, t.id)
    .limit(1);
  if (found) return found.id;
  const code = await freeCode(tx, t, t.code, t.factoryId, factoryId, codeFrom(title));
  const [made] = await tx
    .insert(t)
    .values({ factoryId, code, name: title, description: description || null })
    .returning({ id: t.id });
  if (!made) throw new Error("instruction insert failed");
  return made.id;
};
