import type { HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { inArray, sql } from "drizzle-orm";
import { rowsOf } from "../../platform/database";
import type { Principal } from "../../platform/principal";
import { unitFabricUse } from "../inventory/fabric-use";
import { getMaterial } from "../inventory/materials";
import { appendLedger, lockSettings } from "../inventory/stock.service";

/**
 * The lay's waste (issue 22, docs/adr/0007-cut-planning.md "Waste in the ledger"). Cutting consumes
 * each garment's own fabric (its style's consumption, cut-tickets.service.ts consumeFabric); the
 * lay spreads more: its ply length (marker + end allowance) times its plies, of the ticket's
 * fabric. The difference, when positive, is consumed too, shared among the order lines of the
 * units cut in the lay in proportion to their garments (cumulative rounding to 4 decimals, so the
 * shares add up to the waste exactly): one consumption row per line, reason "Cut waste", at the
 * fabric's weighted average cost, referenced to the line. So the order's actual fabric (its
 * ledger consumption rows, orders/cost-lines.ts) includes its share of the lay. A ticket without
 * a fabric, or whose lay is no longer than its garments' consumption, adds nothing.
 */
const tk = schema.floorCutTickets;
const f = schema.fabrics;
const u = schema.floorUnits;

/** Inches per fabric unit (the library's units: yards and metres). */
const INCHES = sql`(case ${f.unit} when 'm' then 39.37 else 36 end)`;

export const consumeLayWaste = async (
  tx: HubTx,
  p: Principal,
  ticket: { id: number; number: string; factoryId: number },
  unitIds: number[],
): Promise<void> => {
  if (unitIds.length === 0) return;
  const rows = rowsOf<{ item_id: number; fabric_id: number; quantity: string }>(
    await tx.execute(sql`with ${unitFabricUse(inArray(u.id, unitIds))},
      lay as (
        select ${tk.fabricId} as fabric_id, ${tk.lengthInches} * ${tk.plies} / ${INCHES} as quantity
        from ${tk} join ${f} on ${f.id} = ${tk.fabricId} where ${tk.id} = ${ticket.id}
      ), waste as (
        select lay.fabric_id, round(lay.quantity - coalesce((select sum(uf.consumption) from unit_fabric uf
          where uf.fabric_id = lay.fabric_id), 0), 4) as quantity from lay
      ), garments as (
        select ${u.itemId} as item_id, count(*) as n from ${u} where ${inArray(u.id, unitIds)} group by ${u.itemId}
      ), shares as (
        select g.item_id, w.fabric_id, w.quantity as waste, g.n,
          sum(g.n) over (order by g.item_id) as upto, sum(g.n) over () as total
        from garments g cross join waste w where w.quantity > 0
      )
      select item_id, fabric_id,
        (round(waste * upto / total, 4) - round(waste * (upto - n) / total, 4))::numeric(20,4)::text as quantity
      from shares order by item_id`),
  );
  await consumeForLines(tx, p, ticket, rows, "Cut waste");
};

/**
 * A cut's consumption rows: one per order line and fabric with a quantity, at the fabric's weighted
 * average cost then (its settings row locked), referenced by the ticket and tagged with the line.
 * The garments' own fabric (reason "Cut", cut-tickets.service.ts) and the lay's waste write through it.
 */
export const consumeForLines = async (
  tx: HubTx,
  p: Principal,
  ticket: { number: string; factoryId: number },
  rows: readonly { item_id: number; fabric_id: number; quantity: string }[],
  reason: "Cut" | "Cut waste",
): Promise<void> => {
  for (const r of rows) {
    if (!/[1-9]/.test(r.quantity)) continue;
    const m = await getMaterial(tx, p, "fabric", Number(r.fabric_id), { factoryId: ticket.factoryId });
    const settings = await lockSettings(tx, m);
    await appendLedger(tx, p, m, {
      kind: "consumption",
      quantity: `-${r.quantity}`,
      unitCostCents: settings.avgCostCents,
      reference: ticket.number,
      reason,
      orderItemId: Number(r.item_id),
    });
  }
};
