import { schema } from "@hub/db";
import { type Column, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Principal } from "./principal";

const none = sql`false`;
const c = schema.clients;

/** A table's tenant columns: the client a row is for and/or the facility that makes or keeps it. */
export type TenantColumns = { clientId?: Column; factoryId?: Column };

/**
 * The one tenant rule (ARCHITECTURE.md "Tenant scope"): which rows of a table a caller reads, as
 * SQL over the table's tenant columns (undefined: every row; `false`: none).
 *
 * - An internal admin reads every row, or only the session client's when one is chosen
 *   (x-session-client) and the table has a client column.
 * - A facility user reads the rows of its facilities: by the table's facility column when it has
 *   one (an order keeps the facility that makes it), else by the clients its facilities serve.
 * - A client user (or API key) reads its own client's rows; a table without a client column
 *   (the manufacturing library, inventory) none.
 *
 * Rows outside the scope answer 404, as if they did not exist. Every area scopes with this:
 * orders, returns, shipping and units, the open-orders report, the library and inventory (through
 * the resource engine's owners), clients. Product development is scoped by team
 * (`products/scope.ts`), a different axis.
 */
export const tenantScope = (p: Principal, columns: TenantColumns): SQL | undefined => {
  if (p.isInternal) {
    return p.sessionClientId === null || !columns.clientId ? undefined : eq(columns.clientId, p.sessionClientId);
  }
  if (p.isFacility) {
    if (p.factoryIds.length === 0) return none;
    if (columns.factoryId) return inArray(columns.factoryId, p.factoryIds);
    if (columns.clientId) return inArray(columns.clientId, servedClients(p.factoryIds));
    return none;
  }
  if (!columns.clientId || p.clientId === null) return none;
  return eq(columns.clientId, p.clientId);
};

/** The clients a set of facilities serve, as a subquery. */
export const servedClients = (factoryIds: readonly number[]): SQL =>
  sql`(select ${c.clientId} from ${c} where ${inArray(c.factoryId, [...factoryIds])})`;
