import { randomBytes } from "node:crypto";
import { ensureDatabaseTemplateDump, openDatabase, seedDemoData, seedReferenceData } from "@hub/db";
import { sql } from "drizzle-orm";
import type { TestProject } from "vitest/node";
import { hashPassword } from "../../src/modules/identity/password";
import "./provided";

/**
 * Prepares, once per run, the database every HTTP test file on PGlite starts from (a dump of the
 * demo template, test/helpers/database.ts), so that a file loads a ready database instead of
 * migrating and seeding its own, which took seconds a file. When DATABASE_URL names a PostgreSQL
 * server, the same holds there: one database is migrated and seeded here, and each test file's
 * database is created from it as a template (a copy in tens of milliseconds instead of two seconds).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  project.provide("pgliteDump", await ensureDatabaseTemplateDump({ kind: "demo", hashPassword }));
  const serverUrl = process.env.DATABASE_URL?.trim();
  if (!serverUrl) {
    project.provide("pgTemplate", "");
    return async () => {};
  }
  const name = `hub_t_template_${randomBytes(4).toString("hex")}`;
  const onServer = async (statement: string) => {
    const admin = await openDatabase({ url: serverUrl, poolSize: 1 });
    try {
      await admin.db.execute(sql.raw(statement));
    } finally {
      await admin.close();
    }
  };
  await onServer(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const template = await openDatabase({ url: url.toString(), poolSize: 1 });
  try {
    await template.migrate();
    await seedReferenceData(template.db);
    await seedDemoData(template.db, hashPassword);
  } finally {
    await template.close();
  }
  project.provide("pgTemplate", name);
  return async () => {
    await onServer(`drop database if exists "${name}" with (force)`);
  };
}
