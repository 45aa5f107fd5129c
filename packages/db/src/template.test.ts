import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, expect, test } from "vitest";
import { openDatabase } from "./client";
import * as schema from "./schema/index";
import { databaseTemplatePath, ensureDatabaseTemplate } from "./template";

const root = mkdtempSync(join(tmpdir(), "hub-db-template-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

test("a new data folder opened from the template has every migration, keeps its writes, and reopens", async () => {
  const path = await ensureDatabaseTemplate();
  expect(path).toBe(databaseTemplatePath("empty"));
  const dataDir = join(root, "pgdata");
  const first = await openDatabase({ dataDir, template: path });
  // The tables are there before this process migrates anything: the folder is the template's copy.
  const [tables] = await first.db
    .select({ n: sql<number>`count(*)::int` })
    .from(sql`information_schema.tables`)
    .where(sql`table_name = 'lib_styles'`);
  expect(tables?.n).toBe(1);
  await first.migrate(); // nothing left to apply, and no error
  await first.db.insert(schema.factories).values({ name: "Template Test Mill" });
  await first.close();
  // The template is used only for an empty folder: reopening keeps what was written.
  const again = await openDatabase({ dataDir, template: path });
  const rows = await again.db.select().from(schema.factories).where(eq(schema.factories.name, "Template Test Mill"));
  expect(rows).toHaveLength(1);
  await again.close();
}, 90_000); // initdb and every migration, once: seconds alone, longer on a busy machine
