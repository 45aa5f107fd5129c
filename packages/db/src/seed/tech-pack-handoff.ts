import { sql } from "drizzle-orm";
import type { HubTx } from "../client";

/**
 * Issue 23 on the demo season (the same statements as migration 0021, which ran before the seed
 * on a fresh database): each version keeps its own product details, the versions marked sent were
 * sent to the brand's own facility (the demo factory sees them in Tech Packs), and the demo sketches
 * are the design team's files. Idempotent.
 */
export const seedTechPackHandoff = async (tx: HubTx, teamId: number, sketchIds: number[]): Promise<void> => {
  await tx.execute(sql`
    insert into pd_tech_pack_parts (tech_pack_id, tab, data)
    select t.id, 'editProductDetails', jsonb_build_object(
      'code', p.code, 'name', p.name, 'status', p.status, 'season', p.season, 'category', p.category,
      'collection', p.collection, 'batch', p.batch, 'fit', p.fit, 'description', p.description,
      'tags', to_jsonb(p.tags), 'targetCostCents', p.target_cost_cents, 'targetPriceCents', p.target_price_cents)
    from pd_tech_packs t join pd_products p on p.id = t.product_id
    where p.team_id = ${teamId}
    on conflict do nothing`);
  await tx.execute(sql`
    insert into pd_tech_pack_sends (tech_pack_id, factory_id, sent_at, sent_by, sent_by_name)
    select t.id, c.factory_id, t.sent_to_factory_at, coalesce(t.sent_to_factory_by, ''),
      coalesce((select nullif(trim(u.first_name || ' ' || u.last_name), '') from users u
                where lower(u.user_name) = lower(t.sent_to_factory_by) limit 1), t.sent_to_factory_by, '')
    from pd_tech_packs t
    join pd_products p on p.id = t.product_id
    join teams tm on tm.id = p.team_id
    join clients c on c.client_id = tm.client_id
    where p.team_id = ${teamId} and t.sent_to_factory_at is not null and c.factory_id is not null
    on conflict do nothing`);
  for (const fileId of sketchIds)
    await tx.execute(
      sql`insert into pd_team_files (file_id, team_id) values (${fileId}, ${teamId}) on conflict (file_id) do update set team_id = excluded.team_id`,
    );
};
