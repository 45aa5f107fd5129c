import {
  CUTTING_MESSAGES,
  type TCutter,
  type TCutterListQuery,
  type TCutterRequest,
  type TPage,
  ZCutterRequestSchema,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { and, count, eq, sql } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import { isUniqueViolation } from "../../platform/db-errors";
import { badRequest, conflict, notFound } from "../../platform/errors";
import { orderByFor, searchAny, toPage } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { facilityScope, resolveFacility } from "../../platform/resource/owners";
import { col } from "../../platform/resource/resource";
import { st, tk, u } from "./cutting-rows";

/** Cutters: the cutting stations (presses), listed and saved. */

const cutterColumns = {
  id: st.id,
  factoryId: st.factoryId,
  code: st.code,
  name: st.name,
  isPress: st.isPress,
  active: st.active,
  queuedTickets: sql<number>`(select count(*)::int from ${tk} where ${col(tk.cutterStationId)} = ${col(st.id)} and ${col(tk.status)} = 'queued')`,
  ticketUnits: sql<number>`(select count(*)::int from ${u} join ${tk} on ${col(tk.id)} = ${col(u.cutTicketId)}
    where ${col(tk.cutterStationId)} = ${col(st.id)} and ${col(tk.status)} = 'queued')`,
  pulledUnits: sql<number>`(select count(*)::int from ${u} where ${col(u.stationId)} = ${col(st.id)} and ${col(u.cutTicketId)} is null
    and ${col(u.status)} in ('queued','printed'))`,
  cutToday: sql<number>`(select count(*)::int from ${tk} where ${col(tk.cutterStationId)} = ${col(st.id)} and ${col(tk.status)} = 'cut'
    and ${col(tk.cutAt)} >= date_trunc('day', now() at time zone 'utc') at time zone 'utc')`,
};

export const cutterWhere = (p: Principal) => and(eq(st.kind, "cutter"), facilityScope(p, st.factoryId));

export const listCutters = async (db: HubDb, p: Principal, q: TCutterListQuery): Promise<TPage<TCutter>> => {
  const where = and(
    cutterWhere(p),
    q.active === undefined ? undefined : eq(st.active, q.active === "true"),
    searchAny(q.searchString, [st.code, st.name]),
  );
  const order = orderByFor(q.sort, { code: st.code, name: st.name, isPress: st.isPress }, ["code", "asc"], st.id);
  const rows = await db
    .select(cutterColumns)
    .from(st)
    .where(where)
    .orderBy(...order)
    .limit(q.size)
    .offset(q.page * q.size);
  const [total] = await db.select({ n: count() }).from(st).where(where);
  return toPage(rows, total?.n ?? 0, q);
};

export const getCutter = async (db: HubDb | HubTx, p: Principal, id: number): Promise<TCutter> => {
  const [row] = await db
    .select(cutterColumns)
    .from(st)
    .where(and(cutterWhere(p), eq(st.id, id)));
  if (!row) throw notFound("That cutter");
  return row;
};

/** A cutter of `factoryId` named in a body: else a 400 on `field`. */
export const cutterOf = async (tx: HubTx, p: Principal, id: number, factoryId: number, field: string) => {
  const [row] = await tx
    .select({ id: st.id, name: st.name, code: st.code })
    .from(st)
    .where(and(cutterWhere(p), eq(st.id, id), eq(st.factoryId, factoryId)));
  if (!row) throw badRequest(CUTTING_MESSAGES.notCutter, { [field]: CUTTING_MESSAGES.notCutter });
  return row;
};

export const saveCutter = async (db: HubDb, p: Principal, id: number | null, raw: TCutterRequest): Promise<TCutter> => {
  const body = ZCutterRequestSchema.parse(raw);
  try {
    const savedId = await db.transaction(async (tx) => {
      let rowId: number;
      if (id === null) {
        const factoryId = await resolveFacility(tx, p, body.factoryId);
        const [row] = await tx
          .insert(st)
          .values({
            factoryId,
            kind: "cutter",
            code: body.code,
            name: body.name,
            isPress: body.isPress,
            active: body.active,
          })
          .returning({ id: st.id });
        rowId = row?.id ?? 0;
      } else {
        await getCutter(tx, p, id);
        await tx
          .update(st)
          .set({ code: body.code, name: body.name, isPress: body.isPress, active: body.active, updatedAt: new Date() })
          .where(eq(st.id, id));
        rowId = id;
      }
      await recordAudit(tx, {
        actor: p.userName,
        action: id === null ? "floor.cutter.create" : "floor.cutter.update",
        subject: `station:${rowId}`,
        detail: { code: body.code, name: body.name, isPress: body.isPress, active: body.active },
      });
      return rowId;
    });
    return await getCutter(db, p, savedId);
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(CUTTING_MESSAGES.codeTaken, { code: CUTTING_MESSAGES.codeTaken });
    throw e;
  }
};
