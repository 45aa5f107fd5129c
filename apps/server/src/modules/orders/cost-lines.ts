import { FACTORY_SETTINGS_DEFAULTS } from "@hub/contracts";
import { schema } from "@hub/db";
import { type SQL, sql } from "drizzle-orm";

/**
 * Each order line's quoted and actual cost (issue 22), in cents, as one SQL select over the orders
 * and lines `where` picks (set-based: the picked lines' ledger rows and unit events are read once): the single definition the order's Cost tab (cost.service.ts) and the
 * margin report (margin.service.ts) both read, so their figures agree to the cent.
 *
 * Quoted: the per-piece build-up kept at placing (cost-sql.ts) times the quantity (null on a line
 * placed before costs were kept). Actual: fabric = the line's consumption rows in the stock ledger
 * at the weighted average cost they were drawn at (cut consumption, recuts and the lay's waste:
 * floor/cut-waste.ts), rounded once per line; parts = the per-piece parts times the pieces cut
 * (mark_cut events); labour = the minutes each unit spent at each station times the order
 * facility's rate, rounded once per line. The floor scans a unit when a step is done, so a scan's
 * minutes run from the later of the station's previous scan (the operator finished the last piece)
 * and the unit's own previous event (the piece arrived) to the scan, at most the facility's
 * "Longest work cycle" (Factory Config, `labourCycleCapMinutes`: a longer gap is the station standing
 * idle, a night, a break, a slow day). A batch scanned together shares its cycle: the first scan
 * carries it, the rest the seconds between them.
 */
const o = schema.orders;
const oi = schema.orderItems;
const u = schema.floorUnits;
const ev = schema.floorUnitEvents;
const l = schema.stockLedger;
const fa = schema.factories;
const fs = schema.factorySettings;

/** The columns of a line cost row (numbers come back as text or numbers depending on the driver). */
export type LineCostRow = {
  item_id: number;
  order_id: number;
  client_id: number;
  style_code: string;
  month: string;
  line_number: number;
  sku: string;
  quantity: number;
  price_cents: number | string;
  q_fabric: number | string | null;
  q_part: number | string | null;
  q_labour: number | string | null;
  a_fabric: number | string;
  a_part: number | string;
  a_labour: number | string;
  labour_minutes: string;
  rate: number | null;
};

export const lineCostSql = (where: SQL | undefined): SQL => sql`
  with b as (
    select ${oi.id} as item_id, ${o.id} as order_id, ${o.clientId} as client_id, ${oi.styleCode} as style_code,
      to_char(${o.placedAt} at time zone 'UTC', 'YYYY-MM') as month,
      ${oi.lineNumber} as line_number, ${oi.sku} as sku, ${oi.quantity} as quantity,
      ${oi.lineTotalCents}::bigint as price_cents,
      ${oi.quotedFabricCents}::bigint as q_fabric, ${oi.quotedPartCents}::bigint as q_part,
      ${oi.quotedLabourCents}::bigint as q_labour,
      (select ${fa.labourCentsPerMinute} from ${fa} where ${fa.factoryId} = ${o.factoryId}) as rate,
      coalesce((select ${fs.labourCycleCapMinutes} from ${fs} where ${fs.factoryId} = ${o.factoryId}),
        ${FACTORY_SETTINGS_DEFAULTS.labourCycleCapMinutes}) as cap
    from ${o} join ${oi} on ${oi.orderId} = ${o.id}
    where ${where ?? sql`true`}
  ), fabric as (
    select ${l.orderItemId} as item_id, round(sum(-${l.quantity} * coalesce(${l.unitCostCents}, 0)))::bigint as cents
    from ${l} where ${l.orderItemId} in (select item_id from b) and ${l.kind} = 'consumption'
    group by ${l.orderItemId}
  ), ev as (
    select ${u.itemId} as item_id, ${ev.id} as id, ${ev.action} as action, ${ev.stationId} as station_id, ${ev.at} as at,
      lag(${ev.at}) over (partition by ${ev.unitId} order by ${ev.at}, ${ev.id}) as unit_prev
    from ${ev} join ${u} on ${u.id} = ${ev.unitId} where ${u.itemId} in (select item_id from b)
  ), cycle as (
    -- A scan at a station ends the unit's work there; it began when both the station's previous scan
    -- (any unit, by moment then id) and the unit's own previous event had happened.
    select ev.item_id, ev.action, ev.station_id,
      extract(epoch from (ev.at - greatest(ev.unit_prev,
        (select p."at" from ${ev} p where p."station_id" = ev.station_id
          and (p."at", p."id") < (ev.at, ev.id)
          order by p."at" desc, p."id" desc limit 1)))) / 60 as minutes
    from ev
  ), work as (
    select cycle.item_id, count(*) filter (where action = 'mark_cut') as cut_pieces,
      coalesce(sum(least(minutes, b.cap))
        filter (where station_id is not null and minutes is not null), 0)::numeric(20,4) as labour_minutes
    from cycle join b on b.item_id = cycle.item_id group by cycle.item_id
  )
  select b.item_id, b.order_id, b.client_id, b.style_code, b.month, b.line_number, b.sku, b.quantity, b.price_cents,
    b.q_fabric * b.quantity as q_fabric, b.q_part * b.quantity as q_part, b.q_labour * b.quantity as q_labour,
    coalesce(fabric.cents, 0) as a_fabric, coalesce(b.q_part, 0) * coalesce(w.cut_pieces, 0) as a_part,
    round(coalesce(w.labour_minutes, 0) * coalesce(b.rate, 0))::bigint as a_labour,
    coalesce(w.labour_minutes, 0)::numeric(20,4)::text as labour_minutes, b.rate
  from b left join fabric on fabric.item_id = b.item_id left join work w on w.item_id = b.item_id`;
