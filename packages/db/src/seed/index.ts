import { ROLE_NAMES, TEAM_TYPE, USER_TYPES } from "@hub/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { HubDb } from "../client";
import {
  clients,
  factories,
  identityUsers,
  roles,
  subscriptions,
  teams,
  teamTypes,
  teamUsers,
  userRoles,
  users,
  userTypes,
} from "../schema/index";
import { applyDefaultCardGrants } from "./card-defaults";
import { seedDemoDesignLibrary } from "./design-library";
import { seedDemoFloor } from "./floor";
import { seedDemoFloorSetup } from "./floor-setup";
import { seedDemoInventory } from "./inventory";
import { seedDemoLibrary } from "./library";
import { seedDemoOrders } from "./orders";
import { seedDemoShippingProfiles } from "./shipping-profiles";
import { seedDemoTechPacks } from "./tech-packs";

export const PLANS = [
  { name: "Basic", level: 1, nbrOfUsers: 3, priceCents: 4900, storageQuotaBytes: 1_073_741_824 },
  { name: "Professional", level: 2, nbrOfUsers: 10, priceCents: 14900, storageQuotaBytes: 10_737_418_240 },
  { name: "Enterprise", level: 3, nbrOfUsers: 50, priceCents: 49900, storageQuotaBytes: 107_374_182_400 },
] as const;

/** Reference data every installation needs, demo or not. Safe to run on every start. */
export const seedReferenceData = async (db: HubDb): Promise<void> => {
  await db.transaction(async (tx) => {
    await tx
      .insert(userTypes)
      .values(
        USER_TYPES.map((t) => ({
          id: t.id,
          name: t.name,
          label: t.label,
          isFacility: t.isFacility,
          isInternal: t.isInternal,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(roles)
      .values(Object.values(ROLE_NAMES).map((roleName) => ({ roleName })))
      .onConflictDoNothing();
    await tx
      .insert(teamTypes)
      .values([
        { id: 1, name: TEAM_TYPE.admin },
        { id: 2, name: TEAM_TYPE.designTeam },
        { id: 3, name: TEAM_TYPE.brand },
      ])
      .onConflictDoNothing();
    await tx
      .insert(subscriptions)
      .values([...PLANS])
      .onConflictDoNothing();
    // Every default (type, card) grant is given once per installation, a default added later too
    // (seed/card-defaults.ts); after that, grants are data that admins change.
    // The facility type's Supplier Details (who raises purchase orders opens the suppliers it orders
    // from) reaches installations seeded before it had it the same way (DEFAULTS_ADDED_LATER).
    await applyDefaultCardGrants(tx);
  });
};

export const DEMO_PASSWORD = "Hub!demo1";

export const DEMO_ACCOUNTS = [
  { username: "admin", type: "icreate", description: "Internal admin with the superadmin role: every card" },
  { username: "client", type: "client", description: "Client admin of Northwind Apparel (Professional plan)" },
  { username: "client2", type: "client", description: "Client admin of Bluebird Basics (Basic plan, level 1)" },
  { username: "factory", type: "factory", description: "Facility user of the Hub Demo Factory" },
  { username: "designer", type: "designer", description: "Design-team user (data admin in product development)" },
] as const;

/**
 * The demo organisation: one factory, two brands, and the demo accounts. Idempotent: running it
 * again changes nothing that exists.
 */
/** The demo organisation (accounts, clients, teams), the demo factory's library, its order book and stock. */
export const seedDemoData = async (db: HubDb, hashPassword: (plain: string) => Promise<string>): Promise<void> => {
  await seedDemoOrganisation(db, hashPassword);
  await seedDemoLibrary(db);
  await seedDemoOrders(db);
  await seedDemoFloor(db);
  await seedDemoInventory(db);
  await seedDemoFloorSetup(db);
  await seedDemoDesignLibrary(db);
  await seedDemoTechPacks(db);
  await seedDemoShippingProfiles(db);
};

const seedDemoOrganisation = async (db: HubDb, hashPassword: (plain: string) => Promise<string>): Promise<void> => {
  // Fast path for every start after the first: the demo organisation is complete.
  const usernames = DEMO_ACCOUNTS.map((a) => a.username);
  const [present] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(sql`lower(${users.userName}) in ${usernames}`);
  if ((present?.n ?? 0) === usernames.length) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const plan = async (name: string) =>
      (await tx.select().from(subscriptions).where(eq(subscriptions.name, name)))[0]?.subscriptionId ?? null;

    await tx
      .insert(factories)
      .values({ name: "Hub Demo Factory", kind: "factory", requiresSubscriptions: true })
      .onConflictDoNothing();
    const [factory] = await tx.select().from(factories).where(eq(factories.name, "Hub Demo Factory"));
    if (!factory) throw new Error("demo factory missing");

    const ensureClient = async (clientName: string, siteName: string, planName: string) => {
      const existing = await tx.select().from(clients).where(sql`lower(${clients.siteName}) = ${siteName}`);
      if (existing[0]) return existing[0];
      const [row] = await tx
        .insert(clients)
        .values({ clientName, siteName, subscriptionId: await plan(planName), factoryId: factory.factoryId })
        .returning();
      if (!row) throw new Error("client insert failed");
      return row;
    };
    const northwind = await ensureClient("Northwind Apparel", "northwind", "Professional");
    const bluebird = await ensureClient("Bluebird Basics", "bluebird", "Basic");

    const typeId = (name: string) => {
      const t = USER_TYPES.find((u) => u.name === name);
      if (!t) throw new Error(`unknown user type ${name}`);
      return t.id;
    };

    type DemoUser = {
      username: string;
      firstName: string;
      lastName: string;
      type: string;
      values: Partial<typeof users.$inferInsert>;
    };
    const demoUsers: DemoUser[] = [
      { username: "admin", firstName: "Ada", lastName: "Admin", type: "icreate", values: { isInternalAdmin: true } },
      {
        username: "client",
        firstName: "Clara",
        lastName: "Northwind",
        type: "client",
        values: {
          clientId: northwind.clientId,
          defaultSite: northwind.siteName,
          allowedSites: [northwind.siteName],
          isClientAdmin: true,
        },
      },
      {
        username: "client2",
        firstName: "Ben",
        lastName: "Bluebird",
        type: "client",
        values: {
          clientId: bluebird.clientId,
          defaultSite: bluebird.siteName,
          allowedSites: [bluebird.siteName],
          isClientAdmin: true,
        },
      },
      {
        username: "factory",
        firstName: "Fatima",
        lastName: "Floor",
        type: "factory",
        values: { userFactoryId: factory.factoryId, manufacturingFactoryId: factory.factoryId },
      },
      { username: "designer", firstName: "Dario", lastName: "Design", type: "designer", values: {} },
    ];

    const ids: Record<string, number> = {};
    for (const u of demoUsers) {
      const email = `${u.username}@demo.hub.test`;
      await tx
        .insert(identityUsers)
        .values({
          username: u.username,
          email,
          emailVerified: true,
          firstName: u.firstName,
          lastName: u.lastName,
          passwordHash,
          status: "CONFIRMED",
        })
        .onConflictDoNothing();
      const existing = await tx.select().from(users).where(sql`lower(${users.userName}) = ${u.username}`);
      if (existing[0]) {
        ids[u.username] = existing[0].userId;
        continue;
      }
      const [row] = await tx
        .insert(users)
        .values({
          userName: u.username,
          email,
          typeId: typeId(u.type),
          firstName: u.firstName,
          lastName: u.lastName,
          ...u.values,
        })
        .returning();
      if (!row) throw new Error("user insert failed");
      ids[u.username] = row.userId;
    }

    const [superadmin] = await tx.select().from(roles).where(eq(roles.roleName, ROLE_NAMES.superadmin));
    if (superadmin && ids.admin) {
      await tx.insert(userRoles).values({ userId: ids.admin, roleId: superadmin.id }).onConflictDoNothing();
    }

    // The designer works in Northwind's design team; being in a DESIGN_TEAM makes them a data admin.
    const designTeamName = "northwind-design";
    let [designTeam] = await tx.select().from(teams).where(eq(teams.name, designTeamName));
    if (!designTeam) {
      [designTeam] = await tx
        .insert(teams)
        .values({ name: designTeamName, displayName: "Northwind Design", clientId: northwind.clientId, typeId: 2 })
        .returning();
    }
    if (designTeam && ids.designer && ids.client) {
      const existingMembers = await tx
        .select()
        .from(teamUsers)
        .where(and(eq(teamUsers.teamId, designTeam.id)));
      if (existingMembers.length === 0) {
        await tx.insert(teamUsers).values([
          {
            teamId: designTeam.id,
            userId: ids.designer,
            roleName: "ADMIN",
            defaultTeam: true,
            invitationStatus: "ACCEPTED",
          },
          {
            teamId: designTeam.id,
            userId: ids.client,
            roleName: "MEMBER",
            defaultTeam: false,
            invitationStatus: "ACCEPTED",
          },
        ]);
      }
    }
  });
};
