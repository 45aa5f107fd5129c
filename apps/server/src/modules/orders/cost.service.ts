import type { TOrderCost } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, sql } from "drizzle-orm";
import { rowsOf } from "../../platform/database";
import { notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { orderScope } from "./scope";

/**
 * What an order really cost (issue 22), computed on read in one statement. Quoted: the per-piece
 * build-up kept at placing (cost-sql.ts) times the quantity. Actual: fabric = the order lines' cut
 * consumption in the stock ledger at the weighted average cost it was drawn at (recuts are units of
 * the line too, so their cuts count); parts = the per-piece parts times the pieces cut (mark_cut
 * events); labour = the time each unit spent at each station (from an event at a station to the
 * unit's next event) at the order facility's labour rate. Margin = the line's price − actual.
 */
const o = schema.orders;
const oi = schema.orderItems;
const u = schema.floorUnits;
const ev = schema.floorUnitEvents;
const l = schema.stockLedger;
const fa = schema.factories;

type Row = {
  item_id: number;
  line_number: number;
  sku: string;
  style_code: string;
  quantity: number;
  price_cents: number;
  q_fabric: number | null;
  q_part: number | null;
  q_labour: number | null;
  a_fabric: string;
  cut_pieces: string;
  labour_minutes: string;
  rate: number | null;
  order_id: number;
};

export const getOrderCost = async (db: HubDb, p: Principal, orderId: number): Promise<TOrderCost> => {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select ${oi.id} as item_id, ${oi.lineNumber} as line_number, ${oi.sku} as sku, ${oi.styleCode} as style_code,
        ${oi.quantity} as quantity, ${oi.lineTotalCents} as price_cents, ${oi.quotedFabricCents} as q_fabric,
        ${oi.quotedPartCents} as q_part, ${oi.quotedLabourCents} as q_labour, ${o.id} as order_id,
        (select coalesce(round(sum(-${l.quantity} * coalesce(${l.unitCostCents}, 0))), 0)::text from ${l}
          where ${l.orderItemId} = ${oi.id} and ${l.kind} = 'consumption') as a_fabric,
        (select count(*)::text from ${ev} join ${u} on ${u.id} = ${ev.unitId}
          where ${u.itemId} = ${oi.id} and ${ev.action} = 'mark_cut') as cut_pieces,
        (select coalesce(sum(extract(epoch from (t.next_at - t.at)) / 60), 0)::numeric(20,4)::text from (
          select ${ev.stationId} as station_id, ${ev.at} as at,
            lead(${ev.at}) over (partition by ${ev.unitId} order by ${ev.at}, ${ev.id}) as next_at
          from ${ev} join ${u} on ${u.id} = ${ev.unitId} where ${u.itemId} = ${oi.id}) t
          where t.station_id is not null and t.next_at is not null) as labour_minutes,
        (select ${fa.labourCentsPerMinute} from ${fa} where ${fa.factoryId} = ${o.factoryId}) as rate
      from ${o} join ${oi} on ${oi.orderId} = ${o.id}
      where ${and(eq(o.id, orderId), orderScope(p))}
      order by ${oi.lineNumber}`),
  );
  const [first] = rows;
  if (!first) throw notFound("That order");
  const rate = Number(first.rate ?? 0);
  const lines = rows.map((r) => {
    const quantity = Number(r.quantity);
    const quoted =
      r.q_fabric === null || r.q_part === null || r.q_labour === null
        ? null
        : split(Number(r.q_fabric) * quantity, Number(r.q_part) * quantity, Number(r.q_labour) * quantity);
    const labourMinutes = Number(r.labour_minutes);
    const actual = split(
      Number(r.a_fabric),
      Number(r.q_part ?? 0) * Number(r.cut_pieces),
      Math.round(labourMinutes * rate),
    );
    const priceCents = Number(r.price_cents);
    return {
      itemId: Number(r.item_id),
      lineNumber: Number(r.line_number),
      sku: r.sku,
      styleCode: r.style_code,
      quantity,
      priceCents,
      quoted,
      actual,
      labourMinutes,
      marginCents: priceCents - actual.totalCents,
    };
  });
  const sum = (f: (x: (typeof lines)[number]) => number) => lines.reduce((acc, x) => acc + f(x), 0);
  const priceCents = sum((x) => x.priceCents);
  const actualCents = sum((x) => x.actual.totalCents);
  return {
    orderId: Number(first.order_id),
    labourCentsPerMinute: rate,
    lines,
    priceCents,
    quotedCents: lines.some((x) => !x.quoted) ? null : sum((x) => x.quoted?.totalCents ?? 0),
    actualCents,
    marginCents: priceCents - actualCents,
  };
};

const split = (fabricCents: number, partCents: number, labourCents: number) => ({
  fabricCents,
  partCents,
  labourCents,
  totalCents: fabricCents + partCents + labourCents,
});
