import { defaultMark, defaultMarksWhere, schema, seedReferenceData } from "@hub/db";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type DemoUser, signInDemoUsers, type TestApp } from "./helpers/test-app";

/**
 * Default card grants reach existing installations (seed/card-defaults.ts): a card added to a user
 * type's defaults after the installation knew the card is granted to that type at the next start,
 * once; a type grant an admin removed later is never given again.
 */

let t: TestApp;
let tokens: Record<DemoUser, string>;
let factoryTypeId: number;
const g = schema.cardGrants;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInDemoUsers(t);
  const [type] = await t.db.select().from(schema.userTypes).where(eq(schema.userTypes.name, "factory"));
  factoryTypeId = type?.id ?? 0;
});
afterAll(async () => {
  await t?.close();
});

const typeHas = async (card: string) =>
  ((
    await t.db
      .select({ n: count() })
      .from(g)
      .where(and(eq(g.routeName, card), eq(g.typeId, factoryTypeId)))
  )[0]?.n ?? 0) > 0;
const removeTypeGrant = (card: string) => t.db.delete(g).where(and(eq(g.routeName, card), eq(g.typeId, factoryTypeId)));
const downloads = async () =>
  (await t.request({ method: "GET", url: "/api/reports/catalogue", token: tokens.factory })).statusCode;

describe("default card grants on existing installations", () => {
  test("an installation from before the bookkeeping, whose facility type lacks Report Downloads, gets it once", async () => {
    expect(await typeHas("reportDownloads")).toBe(true);
    // As an installation seeded before the facility type had the card: no bookkeeping yet, the card
    // known, no grant; and an older default (Styles) an admin removed from the type.
    await t.db.delete(schema.cards).where(defaultMarksWhere);
    await removeTypeGrant("reportDownloads");
    await removeTypeGrant("styles");
    expect(await downloads()).toBe(403);

    await seedReferenceData(t.db);
    expect(await typeHas("reportDownloads")).toBe(true);
    expect(await downloads()).toBe(200);
    // What the admin removed before stays removed.
    expect(await typeHas("styles")).toBe(false);
    const [marks] = await t.db.select({ n: count() }).from(schema.cards).where(defaultMarksWhere);
    expect(marks?.n ?? 0).toBeGreaterThan(0);
  });

  test("bookkeeping that predates a new default gives it at the next start; a removed default stays removed", async () => {
    // The bookkeeping knows every default but Report Downloads for the facility type.
    await t.db.delete(schema.cards).where(eq(schema.cards.routeName, defaultMark("factory", "reportDownloads")));
    await removeTypeGrant("reportDownloads");
    await seedReferenceData(t.db);
    expect(await typeHas("reportDownloads")).toBe(true);

    // An admin removes it afterwards: later starts do not give it back.
    await removeTypeGrant("reportDownloads");
    await seedReferenceData(t.db);
    await seedReferenceData(t.db);
    expect(await typeHas("reportDownloads")).toBe(false);
    expect(await downloads()).toBe(403);
  });
});
