import { ensureDatabaseTemplateDump } from "@hub/db";
import type { TestProject } from "vitest/node";
import { hashPassword } from "../../src/modules/identity/password";
import "./provided";

/**
 * Prepares, once per run, the database every HTTP test file on PGlite starts from (a dump of the
 * demo template, test/helpers/database.ts), so that a file loads a ready database instead of
 * migrating and seeding its own, which took seconds a file. On PostgreSQL that costs little, and each
 * file still migrates and seeds its own database.
 */
export default async function setup(project: TestProject): Promise<void> {
  project.provide("pgliteDump", await ensureDatabaseTemplateDump({ kind: "demo", hashPassword }));
}
