import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, expect, test } from "vitest";
import { openDatabase } from "./client";
import { databaseTemplatePath, ensureDatabaseTemplate } from "./template";

const root = mkdtempSync(join(tmpdir(), "hub-db-template-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

test("a new data folder opened from the template has every migration, keeps its writes, and reopens", async () => {
  const path = await ensureDatabaseTemplate();
  expect(path).toBe(databaseTemplatePath());
  const dataDir = join(root, "pgdata");
  const first = await openDatabase({ dataDir, template: path });
  await first.migrate(); // nothing left to apply, and no error
  const tables = await first.db.execute<{ n: number }>(sql`select count(*)::int as n from information_schema.tables where table_name = 'lib_styles'`);
  expect(tables.rows[0]?.n).toBe(1);
  await first.db.execute(sql`insert into factories (name) values ('Template Test Mill')`);
  await first.close();
  // The template is used only for an empty folder: reopening keeps what was written.
  const again = await openDatabase({ dataDir, template: path });
  const rows = await again.db.execute<{ n: number }>(sql`select count(*)::int as n from factories where name = 'Template Test Mill'`);
  expect(rows.rows[0]?.n).toBe(1);
  await again.close();
});
