import { LIBRARY_MESSAGES } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, getTableName, inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { badRequest, forbidden } from "../../platform/errors";
import type { Principal } from "../../platform/principal";

/**
 * Whose library a caller sees: internal admins every facility's, facility users their own
 * facility's; anyone else none (client users read styles through the styles resource's own scope).
 */
export const factoryScope = (p: Principal, factoryId: PgColumn): SQL | undefined => {
  if (p.isInternal) return undefined;
  if (p.isFacility) return p.factoryIds.length > 0 ? inArray(factoryId, p.factoryIds) : sql`false`;
  return sql`false`;
};

/**
 * The facility a new row belongs to: a facility user's own (the one named, if it is theirs, else
 * their first); for internal admins the one named, or the first facility.
 */
export const resolveOwnerFactory = async (
  db: HubDb | HubTx,
  p: Principal,
  requested: number | undefined,
): Promise<number> => {
  if (p.isFacility) {
    if (requested !== undefined && !p.factoryIds.includes(requested)) {
      throw badRequest("You can add to your own facility's library only.", { factoryId: "Not your facility" });
    }
    const own = requested ?? p.factoryIds[0];
    if (own === undefined) throw forbidden(LIBRARY_MESSAGES.noFactory);
    return own;
  }
  if (!p.isInternal) throw forbidden();
  const f = schema.factories;
  const [row] = await db
    .select({ id: f.factoryId })
    .from(f)
    .where(requested === undefined ? undefined : eq(f.factoryId, requested))
    .orderBy(asc(f.factoryId))
    .limit(1);
  if (!row)
    throw badRequest(
      requested === undefined ? "There is no facility yet to own this." : "That facility does not exist.",
      { factoryId: "Unknown facility" },
    );
  return row.id;
};

/**
 * Referenced ids must be rows of the same facility: otherwise a 400 naming the field. Archived
 * rows may stay referenced, but new references to them are refused when `activeOnly`.
 */
export const ensureRefs = async (
  db: HubDb | HubTx,
  table: PgTable & { id: PgColumn; factoryId: PgColumn },
  ids: readonly number[],
  factoryId: number,
  field: string,
  what: string,
): Promise<void> => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const found = await db
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, unique), eq(table.factoryId, factoryId)));
  if (found.length !== unique.length) {
    const known = new Set(found.map((r) => r.id));
    const missing = unique.filter((id) => !known.has(id));
    throw badRequest(
      `${what} ${missing.join(", ")} ${missing.length === 1 ? "does" : "do"} not exist in this library.`,
      {
        [field]: `Unknown ${what.toLowerCase()}`,
      },
    );
  }
};

/** "styles TEE-100, HOOD-200 and 3 more" */
export const nameList = (names: string[], total: number): string => {
  const shown = names.slice(0, 5).join(", ");
  return total > names.slice(0, 5).length ? `${shown} and ${total - Math.min(5, names.length)} more` : shown;
};

/**
 * A column written with its table's name, for correlated subqueries: drizzle leaves columns bare
 * when a query reads one table, and a bare "id" inside a subquery names the subquery's own table.
 */
export const col = (column: PgColumn): SQL => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);
