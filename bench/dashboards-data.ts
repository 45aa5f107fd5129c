/**
 * The data bench part 12 (bench/dashboards.ts) measures on, beside the generated orders
 * (bench/orders-generator.ts): the floor's unit history, and the people who view the dashboards.
 */
import { type HubDb, schema } from "@hub/db";
import { eq, sql } from "drizzle-orm";
import type { TestApp } from "../apps/server/test/helpers/test-app";

/**
 * `n` signed-in people with the demo admin's access (copies of its user, pool entry and roles,
 * kept in the database for a later run): twenty viewers are twenty people, each with a session of
 * their own, as on a floor or in a team, not one person's twenty tabs.
 */
export const viewerTokens = async (t: TestApp, db: HubDb, n: number): Promise<string[]> => {
  const [user] = await db.select().from(schema.users).where(eq(schema.users.userName, "admin"));
  const [identity] = await db.select().from(schema.identityUsers).where(eq(schema.identityUsers.username, "admin"));
  if (!user || !identity) throw new Error("the demo admin is missing");
  const roles = await db.select().from(schema.userRoles).where(eq(schema.userRoles.userId, user.userId));
  const tokens: string[] = [];
  for (let i = 1; i <= n; i++) {
    const name = `bench-viewer-${i}`;
    const [had] = await db.select().from(schema.users).where(eq(schema.users.userName, name));
    if (!had) {
      const { userId: _u, ...person } = user;
      const { id: _i, ...pooled } = identity;
      const email = `${name}@bench.example`;
      const [made] = await db
        .insert(schema.users)
        .values({ ...person, userName: name, email, keyPrefix: null })
        .returning();
      await db.insert(schema.identityUsers).values({ ...pooled, username: name, email });
      if (made && roles.length > 0)
        await db.insert(schema.userRoles).values(roles.map((r) => ({ userId: made.userId, roleId: r.roleId })));
    }
    tokens.push(await t.signIn(name));
  }
  return tokens;
};

/** Unit history for the newest orders: 2 units a line, each walked to shipped, with QC. */
export const generateUnits = async (db: HubDb, events: number, progress: (m: string) => void) => {
  // 1 to 6 events a unit (its steps up to its state, none in the future), 2 units a line, 3 lines an
  // order: the newest orders first, as many as it takes to write `events` rows (read for 3 a unit).
  const orders = Math.ceil(events / (3 * 2 * 3));
  const ids = (await db.execute(
    sql`select id from orders where status <> 'cancelled' and external_order_id like 'BENCH-%' order by placed_at desc limit ${orders}`,
  )) as unknown as { rows: { id: number }[] };
  const list = ids.rows.map((r) => Number(r.id));
  const [station] = await db.select().from(schema.floorStations).limit(1);
  const stationId = station?.id ?? null;
  let written = 0;
  for (let from = 0; from < list.length && written < events; from += 20_000) {
    const part = list.slice(from, from + 20_000);
    const made = (await db.execute(sql`
      with u as (
        insert into floor_units (factory_id, client_id, order_id, item_id, instance, status, size, colour, due_date, created_at, updated_at)
        select o.factory_id, o.client_id, o.id, i.id, k,
          case when (o.id + k) % 20 = 0 then 'failed' when o.status = 'completed' then 'shipped'
               else (array['queued','cut','sewn','inspected','packed'])[1 + (o.id + i.line_number + k) % 5] end,
          (array['S','M','L','XL'])[1 + (i.id + k) % 4], (array['Black','White','Navy'])[1 + i.id % 3],
          (o.placed_at + interval '14 days')::date, o.placed_at + interval '6 hours', o.placed_at + interval '5 days'
        from orders o join order_items i on i.order_id = o.id cross join generate_series(1, 2) k
        where o.id = any(${`{${part.join(",")}}`}::int[])
        returning id, status, created_at
      ),
      steps as (
        select u.id, s.step, s.name, u.created_at + s.step * interval '17 hours' as at
        from u cross join lateral (values (0, 'queued'), (1, 'cut'), (2, 'sewn'), (3, 'inspected'), (4, 'packed'), (5, 'shipped'))
          as s(step, name)
        where s.step <= case u.status when 'queued' then 0 when 'cut' then 1 when 'sewn' then 2 when 'inspected' then 3
          when 'packed' then 4 when 'shipped' then 5 else 2 end
          -- No scan in the future: the newest orders' later steps have not happened yet.
          and u.created_at + s.step * interval '17 hours' <= now() - interval '20 minutes'
      ),
      ev as (
        insert into floor_unit_events (unit_id, action, from_status, to_status, station_id, actor, at)
        select id, case step when 0 then 'release' else 'mark_' || name end,
          case step when 0 then null else (array['queued','cut','sewn','inspected','packed'])[step] end, name,
          ${stationId}::int, 'bench', at
        from steps
        returning unit_id
      ),
      qc as (
        insert into floor_qc_inspections (unit_id, station_id, passed, actor, at)
        select u.id, ${stationId}::int, u.status <> 'failed', 'bench', u.created_at + interval '51 hours'
        from u where u.status in ('inspected', 'packed', 'shipped', 'failed')
          and u.created_at + interval '51 hours' <= now() - interval '20 minutes'
        returning 1
      )
      select (select count(*) from ev)::int as n, (select count(*) from qc)::int as qc`)) as unknown as {
      rows: { n: number }[];
    };
    written += Number(made.rows[0]?.n ?? 0);
    progress(
      `units: ${(from + part.length).toLocaleString("en-US")} orders, ${written.toLocaleString("en-US")} of ${events.toLocaleString("en-US")} history rows`,
    );
  }
  // Vacuumed as autovacuum would have by the time anyone looks: work in progress is an index-only
  // count of the open units, which reads the heap for every page not yet marked all-visible.
  await db.execute(sql`vacuum analyze floor_units`);
  await db.execute(sql`analyze floor_unit_events`);
  await db.execute(sql`analyze floor_qc_inspections`);
  const counted = (await db.execute(sql`select count(*)::bigint::text as n from floor_unit_events`)) as unknown as {
    rows: { n: string }[];
  };
  return Number(counted.rows[0]?.n ?? 0);
};
