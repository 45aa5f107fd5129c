/**
 * The statements one placing sends (issue 21: "count the round trips"): places one 10-line invoice
 * order (Northwind) and one paid order (Bluebird, a card on file) through the API on the database
 * DATABASE_URL names (or the embedded one), and prints every statement each sent, in order.
 *
 *   npx tsx bench/orders-statements.ts            # counts and statements
 */
import { randomUUID } from "node:crypto";
import { IDEMPOTENCY_HEADER } from "@hub/contracts";
import { schema } from "@hub/db";
import { eq } from "drizzle-orm";
import pg from "pg";
import { createTestApp } from "../apps/server/test/helpers/test-app";
import { readDemoStyles } from "../packages/db/src/seed/orders";

const seen: string[] = [];
let counting = false;
const original = pg.Client.prototype.query;
// Every statement a pooled client sends (the PostgreSQL server); PGlite's are counted by its exec below.
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (counting) {
    const first = args[0] as string | { text?: string };
    seen.push(typeof first === "string" ? first : (first?.text ?? "?"));
  }
  return (original as (...a: unknown[]) => unknown).apply(this, args);
} as typeof original;

const main = async () => {
  const t = await createTestApp({ config: { jobWorkers: false } });
  try {
    const [factory] = await t.db.select().from(schema.factories).where(eq(schema.factories.name, "Hub Demo Factory"));
    if (!factory) throw new Error("no demo factory");
    const styles = (await readDemoStyles(t.db, factory.factoryId)).filter((s) => s.clientIds === null);
    const lines = Array.from({ length: 10 }, (_, k) => {
      const style = styles[k % styles.length];
      if (!style) throw new Error("no styles");
      return {
        styleId: style.id,
        attributeIds: style.options.map((o, j) => o.attributes[(k + j) % o.attributes.length]?.attributeId ?? 0),
        quantity: 6 + k,
      };
    });
    for (const user of ["client", "client2"]) {
      const token = await t.signIn(user);
      seen.length = 0;
      counting = true;
      const res = await t.request({
        method: "POST",
        url: "/api/orders",
        token,
        headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
        payload: {
          shipTo: { name: "Bench", line1: "1 Road", city: "Portland", postalCode: "97201", country: "US" },
          lines,
        },
      });
      counting = false;
      const order = res.json() as { paymentState?: string };
      console.log(
        `\n${user}: ${res.statusCode} ${order.paymentState ?? res.body.slice(0, 200)}: ${seen.length} statements`,
      );
      for (const [i, s] of seen.entries())
        console.log(`${String(i + 1).padStart(3)} ${s.replace(/\s+/g, " ").slice(0, 160)}`);
    }
  } finally {
    await t.close();
  }
};

await main();
