import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { openTestDatabase } from "./helpers/database";

/**
 * Migration 0021 (issue 23) on a database that already holds tech packs: its data statements,
 * run on the demo season with their rows removed, give back every version its product details,
 * every version marked sent its send to the brand's facility, and every file its team.
 */
test("migration 0021 gives existing versions their details, sends and team files", async () => {
  const d = await openTestDatabase();
  const db = d.db;
  const count = async (q: string) =>
    ((await db.execute(sql.raw(q))) as unknown as { rows: { n: number }[] }).rows[0]?.n;
  const before = {
    details: await count("select count(*)::int n from pd_tech_pack_parts where tab = 'editProductDetails'"),
    sends: await count("select count(*)::int n from pd_tech_pack_sends"),
    files: await count("select count(*)::int n from pd_team_files"),
  };
  await db.execute(sql.raw("delete from pd_tech_pack_parts where tab = 'editProductDetails'"));
  await db.execute(sql.raw("delete from pd_tech_pack_sends"));
  await db.execute(sql.raw("delete from pd_team_files"));
  const file = readFileSync("packages/db/migrations/0021_tech_pack_handoff.sql", "utf8");
  const statements = file.split("--> statement-breakpoint").slice(-3);
  for (const s of statements) await db.execute(sql.raw(s));
  const after = {
    details: await count("select count(*)::int n from pd_tech_pack_parts where tab = 'editProductDetails'"),
    sends: await count("select count(*)::int n from pd_tech_pack_sends"),
    files: await count("select count(*)::int n from pd_team_files"),
  };
  expect(after).toEqual(before);
  expect(after.details).toBeGreaterThan(0);
  expect(after.sends).toBeGreaterThan(0);
  expect(after.files).toBeGreaterThan(0);
  // Each version carries what its product showed.
  const mismatched = await count(
    "select count(*)::int n from pd_tech_pack_parts pp join pd_tech_packs t on t.id = pp.tech_pack_id join pd_products p on p.id = t.product_id where pp.tab = 'editProductDetails' and (pp.data->>'fit' is distinct from p.fit or pp.data->>'code' <> p.code or (pp.data->>'targetPriceCents')::int is distinct from p.target_price_cents)",
  );
  expect(mismatched).toBe(0);
  await d.close();
}, 120_000);
