import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, ensureDatabaseTemplate, schema } from "@hub/db";
import { sql } from "drizzle-orm";
import { afterAll, expect, test } from "vitest";
import { buildApp } from "../src/app";
import { hashPassword } from "../src/modules/identity/password";
import { openHubDatabase } from "../src/platform/database";
import { testConfig } from "./helpers/test-app";

const root = mkdtempSync(join(tmpdir(), "hub-first-start-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// A first start in demo mode, as `npm start` makes it: the demo template is prepared beforehand, and
// the new data folder starts as its copy. Embedded databases only: a PostgreSQL server has no template.
test("a first start in demo mode begins from the demo template, and the demo accounts sign in", async () => {
  await ensureDatabaseTemplate({ kind: "demo", hashPassword });
  const config = testConfig({ DATA_DIR: root });
  expect(config.demoMode).toBe(true);
  const database = await openHubDatabase(config);
  try {
    const users = await database.db.select({ userName: schema.users.userName }).from(schema.users);
    expect(users.map((u) => u.userName).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.username).sort());
    const [styles] = await database.db.select({ n: sql<number>`count(*)::int` }).from(schema.styles);
    expect(styles?.n).toBeGreaterThan(30);
    // Each installation makes its own token signing keys, at its first sign-in: none came with the template.
    expect(await database.db.select().from(schema.identityKeys)).toHaveLength(0);

    const app = await buildApp({ config, db: database.db });
    try {
      for (const { username } of DEMO_ACCOUNTS) {
        const res = await app.inject({
          method: "POST",
          url: "/api/identity/signIn",
          payload: { username, password: DEMO_PASSWORD },
        });
        expect(res.statusCode, username).toBe(200);
        expect(res.json().result).toBe("tokens");
      }
      expect(await database.db.select().from(schema.identityKeys)).toHaveLength(1);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
});
