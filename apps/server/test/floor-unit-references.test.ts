import { schema } from "@hub/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { rowsOf } from "../src/platform/database";
import { createTestApp, type TestApp } from "./helpers/test-app";

/**
 * What a floor unit and its events name besides their order (the floor's stations, totes and
 * tickets, the library's styles and fabrics, print files, users, the unit a recut remakes) has no
 * foreign key (migration 0060, ADR 0003 issue 21): the parent's delete trigger does what the keys'
 * "on delete" did. Checked here on the database itself, as a delete from any path would meet it.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const one = async <T>(query: ReturnType<typeof sql>): Promise<T> => {
  const [row] = rowsOf<T>(await t.db.execute(query));
  if (!row) throw new Error("no row");
  return row;
};

const unitOf = (id: number) => one<Record<string, number | null>>(sql`select * from floor_units where id = ${id}`);

test("deleting a station, tote, style, fabric or user sets what names it null", async () => {
  const u = await one<{ id: number; factory_id: number }>(
    sql`select id, factory_id from floor_units order by id limit 1`,
  );
  const f = u.factory_id;
  const station = await one<{ id: number }>(
    sql`insert into floor_stations (factory_id, code, name, kind) values (${f}, 'REF-1', 'Ref station', 'sew') returning id`,
  );
  const tote = await one<{ id: number }>(
    sql`insert into floor_totes (factory_id, barcode) values (${f}, 'T-REF-1') returning id`,
  );
  const style = await one<{ id: number }>(
    sql`insert into lib_styles (factory_id, code, name, category) values (${f}, 'REF-STYLE', 'Ref style', 'tops') returning id`,
  );
  const fabric = await one<{ id: number }>(
    sql`insert into lib_fabrics (factory_id, fabric_code, fabric_name) values (${f}, 'REF-FAB', 'Ref fabric') returning id`,
  );
  const user = await one<{ id: number }>(
    sql`insert into users (user_name, type_id, email, first_name, last_name)
      select 'ref-user', type_id, 'ref-user@example.com', 'Ref', 'User' from users limit 1 returning user_id as id`,
  );
  await t.db.execute(sql`update floor_units set station_id = ${station.id}, tote_id = ${tote.id},
    style_id = ${style.id}, fabric_id = ${fabric.id} where id = ${u.id}`);
  const event = await one<{ id: number }>(
    sql`insert into floor_unit_events (unit_id, action, to_status, actor, station_id, actor_user_id)
      values (${u.id}, 'note', 'queued', 'ref', ${station.id}, ${user.id}) returning id`,
  );
  for (const [table, key, id] of [
    ["floor_stations", "id", station.id],
    ["floor_totes", "id", tote.id],
    ["lib_styles", "id", style.id],
    ["lib_fabrics", "id", fabric.id],
    ["users", "user_id", user.id],
  ] as const)
    await t.db.execute(sql`delete from ${sql.identifier(table)} where ${sql.identifier(key)} = ${id}`);
  const after = await unitOf(u.id);
  expect([after.station_id, after.tote_id, after.style_id, after.fabric_id]).toEqual([null, null, null, null]);
  const e = await one<{ station_id: number | null; actor_user_id: number | null }>(
    sql`select station_id, actor_user_id from floor_unit_events where id = ${event.id}`,
  );
  expect(e).toEqual({ station_id: null, actor_user_id: null });
});

test("deleting an order deletes its units and their events; a recut's original gone, the recut names none", async () => {
  const [order] = await t.db
    .select({ id: schema.orders.id })
    .from(schema.orders)
    .where(sql`exists (select 1 from floor_units u where u.order_id = ${schema.orders.id})`)
    .limit(1);
  if (!order) throw new Error("no order with units");
  const units = rowsOf<{ id: number }>(
    await t.db.execute(sql`select id from floor_units where order_id = ${order.id}`),
  );
  const ids = units.map((r) => r.id);
  expect(ids.length).toBeGreaterThan(0);
  const events = await one<{ n: number }>(
    sql`select count(*)::int as n from floor_unit_events where unit_id = any(${`{${ids.join(",")}}`}::int[])`,
  );
  expect(events.n).toBeGreaterThan(0);
  // A unit of another order names one of these as the unit it remakes (as a recut would).
  const other = await one<{ id: number }>(sql`select id from floor_units where order_id <> ${order.id} limit 1`);
  await t.db.execute(sql`update floor_units set recut_of_id = ${ids[0]} where id = ${other.id}`);
  await t.db.delete(schema.orders).where(eq(schema.orders.id, order.id));
  const left = await one<{ units: number; events: number }>(sql`select
    (select count(*)::int from floor_units where id = any(${`{${ids.join(",")}}`}::int[])) as units,
    (select count(*)::int from floor_unit_events where unit_id = any(${`{${ids.join(",")}}`}::int[])) as events`);
  expect(left).toEqual({ units: 0, events: 0 });
  expect((await unitOf(other.id)).recut_of_id).toBeNull();
});
