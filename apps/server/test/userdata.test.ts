import { ALL_CARDS, DEFAULT_TYPE_CARDS, type TUserDataResponse } from "@hub/contracts";
import { DEMO_ACCOUNTS, schema } from "@hub/db";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, hubUser, type TestApp } from "./helpers/test-app";

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const account of DEMO_ACCOUNTS) tokens[account.username] = await t.signIn(account.username);
});
afterAll(async () => {
  await t?.close();
});

const load = async (username: string, as = username): Promise<TUserDataResponse> => {
  const res = await t.request({
    method: "GET",
    url: `/api/userdata?username=${encodeURIComponent(username)}`,
    token: tokens[as],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TUserDataResponse>();
};

const cardsOf = (data: TUserDataResponse) => data.user.cardAccess.map((c) => c.routeName);

const clientRow = async (siteName: string) => {
  const [row] = await t.db
    .select({ clientId: schema.clients.clientId, subscriptionId: schema.clients.subscriptionId })
    .from(schema.clients)
    .where(eq(schema.clients.siteName, siteName));
  if (!row) throw new Error(`demo client ${siteName} missing`);
  return row;
};

const userId = async (userName: string) => {
  const user = await hubUser(t.db, userName);
  if (!user) throw new Error(`${userName} missing`);
  return user.userId;
};

const teamMemberships = async (userName: string) =>
  t.db
    .select()
    .from(schema.teamUsers)
    .where(eq(schema.teamUsers.userId, await userId(userName)));

describe("the demo accounts' profiles", () => {
  test("admin: internal admin with the superadmin role and every card", async () => {
    const { user, sessionClient } = await load("admin");
    expect(user).toMatchObject({
      userName: "admin",
      email: "admin@demo.hub.test",
      userType: "icreate",
      firstName: "Ada",
      lastName: "Admin",
      available: true,
      clientId: null,
      isSuperadmin: true,
      isClientAdmin: false,
      favorites: [],
    });
    expect(user.userId).toBeGreaterThan(0);
    expect(user.userRoles).toEqual([{ roleName: "superadmin" }]);
    expect(user.groups).toEqual(["icreate", "superadmin"]);
    expect(user.cardAccess.map((c) => c.routeName).sort()).toEqual([...ALL_CARDS].sort());
    expect(sessionClient).toBeNull();
  });

  test("client: Northwind's client admin, without the administration cards", async () => {
    const northwind = await clientRow("northwind");
    const data = await load("client");
    expect(data.user).toMatchObject({
      userType: "client",
      clientId: northwind.clientId,
      defaultSite: "northwind",
      allowedSites: ["northwind"],
      isClientAdmin: true,
      isSuperadmin: false,
      subscriptionName: "Professional",
      userRoles: [],
      factory: [],
    });
    const cards = cardsOf(data);
    expect(cards).not.toContain("clients");
    expect(cards).not.toContain("users");
    expect(cards).toContain("orderEntry");
    expect(cards).toContain("reportDownloads");
    expect([...cards].sort()).toEqual([...(DEFAULT_TYPE_CARDS.client ?? [])].sort());
    expect(data.sessionClient).toEqual({
      clientId: northwind.clientId,
      clientName: "Northwind Apparel",
      siteName: "northwind",
      subscriptionId: northwind.subscriptionId,
    });
  });

  test("client2: Bluebird's client admin on the Basic plan", async () => {
    const bluebird = await clientRow("bluebird");
    const data = await load("client2");
    expect(data.user).toMatchObject({
      userType: "client",
      clientId: bluebird.clientId,
      defaultSite: "bluebird",
      subscriptionName: "Basic",
    });
    expect(data.sessionClient).toMatchObject({
      clientName: "Bluebird Basics",
      siteName: "bluebird",
      subscriptionId: bluebird.subscriptionId,
    });
  });

  test("factory: a facility user with its factory, manufacturing status and order entry (it enters orders for the clients it serves)", async () => {
    const data = await load("factory");
    expect(data.user.userType).toBe("factory");
    expect(data.user.factory).toEqual([
      { factoryId: expect.any(Number), name: "Hub Demo Factory", requires_subscriptions: true },
    ]);
    expect(data.user.userFactoryId).toBe(data.user.factory[0]?.factoryId);
    expect(data.user.manufacturingFactoryId).toBe(data.user.factory[0]?.factoryId);
    expect(data.user.manufacturerId).toBeNull();
    const cards = cardsOf(data);
    expect(cards).toContain("openOrders");
    expect(cards).toContain("orderEntry");
    expect(data.sessionClient).toBeNull();
  });

  test("designer: product development cards, team admin and data admin of a DESIGN_TEAM", async () => {
    const data = await load("designer");
    expect(data.user.userType).toBe("designer");
    expect(cardsOf(data)).toContain("importTechPack");
    expect(cardsOf(data)).not.toContain("orderEntry");
    expect(data.productDevData).toMatchObject({
      isDataAdmin: true,
      isTeamAdmin: true,
      currentTeamType: "DESIGN_TEAM",
      currentTeam: { name: "northwind-design", displayName: "Northwind Design", roleName: "ADMIN", defaultTeam: true },
    });
    expect(data.productDevData.teams).toHaveLength(1);
    expect(data.productDevData.teamsPermissions).toEqual([
      { teamId: data.productDevData.currentTeam?.id, permission: "ADMIN", pending: false },
    ]);
  });

  test("client: a member (not admin) of the design team, so a data admin but not a team admin", async () => {
    const { productDevData } = await load("client");
    expect(productDevData).toMatchObject({
      isDataAdmin: true,
      isTeamAdmin: false,
      currentTeam: { name: "northwind-design", roleName: "MEMBER" },
    });
  });

  test("an internal admin may load another user's session; it is that user's", async () => {
    const data = await load("client", "admin");
    expect(data.user.userName).toBe("client");
    expect(data.sessionClient?.clientName).toBe("Northwind Apparel");
    expect(data.user.isSuperadmin).toBe(false);
  });
});

describe("teams", () => {
  /** A Hub user that has never loaded a session (an internal admin loads it below). */
  const freshUser = async (userName: string, firstName: string, clientId: number | null = null) => {
    const [row] = await t.db
      .insert(schema.users)
      .values({ userName, email: `${userName}@example.com`, typeId: 5, firstName, lastName: "Fresh", clientId })
      .returning();
    if (!row) throw new Error("user insert failed");
    return row.userId;
  };

  test("a user with no team gets one made, once", async () => {
    await freshUser("teamless", "Tina");
    expect(await teamMemberships("teamless")).toHaveLength(0);
    const first = await load("teamless", "admin");
    expect(first.productDevData).toMatchObject({
      isTeamAdmin: true,
      isDataAdmin: false,
      currentTeamType: "BRAND",
      currentTeam: {
        name: "teamless-team",
        displayName: "Tina's team",
        roleName: "ADMIN",
        defaultTeam: true,
        invitationStatus: "ACCEPTED",
      },
    });
    const second = await load("teamless", "admin");
    expect(second.productDevData.teams).toHaveLength(1);
    expect(second.productDevData.currentTeam?.id).toBe(first.productDevData.currentTeam?.id);
    expect(await teamMemberships("teamless")).toHaveLength(1);
  });

  test("parallel first loads still make only one team", async () => {
    const bluebird = await clientRow("bluebird");
    await freshUser("racer", "Rita", bluebird.clientId);
    const results = await Promise.all([1, 2, 3, 4].map(() => load("racer", "admin")));
    const ids = new Set(results.map((r) => r.productDevData.currentTeam?.id));
    expect(ids.size).toBe(1);
    expect(await teamMemberships("racer")).toHaveLength(1);
    const [team] = await t.db.select().from(schema.teams).where(eq(schema.teams.name, "racer-team"));
    expect(team?.clientId).toBe(bluebird.clientId);
  });

  test("pending and declined memberships are hidden; the first active team is current when none is default", async () => {
    const member = await freshUser("member", "Max");
    const [design] = await t.db.select().from(schema.teams).where(eq(schema.teams.name, "northwind-design"));
    const [other] = await t.db
      .insert(schema.teams)
      .values({ name: "member-pending", displayName: "Pending", typeId: 1 })
      .returning();
    if (!design || !other) throw new Error("teams missing");
    await t.db.insert(schema.teamUsers).values([
      { teamId: design.id, userId: member, roleName: "MEMBER", defaultTeam: false, invitationStatus: null },
      {
        teamId: other.id,
        userId: member,
        roleName: "ADMIN",
        defaultTeam: true,
        pending: true,
        invitationStatus: "PENDING",
      },
    ]);
    const { productDevData } = await load("member", "admin");
    expect(productDevData.teams.map((team) => team.name)).toEqual(["northwind-design"]);
    expect(productDevData).toMatchObject({
      currentTeam: { name: "northwind-design" },
      isTeamAdmin: false,
      isDataAdmin: true,
    });
    await t.db
      .update(schema.teamUsers)
      .set({ invitationStatus: "DECLINED", pending: false })
      .where(eq(schema.teamUsers.teamId, other.id));
    expect((await load("member", "admin")).productDevData.teams.map((team) => team.name)).toEqual(["northwind-design"]);
    // No team was made for them: they have an active one.
    expect(await teamMemberships("member")).toHaveLength(2);
  });
});

describe("card access is data", () => {
  test("a user's own denial removes a card its type gives; a user's own grant adds one", async () => {
    const client = await userId("client");
    expect(cardsOf(await load("client"))).toContain("orderEntry");
    expect(cardsOf(await load("client"))).not.toContain("clients");
    await t.db.insert(schema.cardGrants).values([
      { routeName: "orderEntry", userId: client, granted: false },
      { routeName: "clients", userId: client, granted: true },
    ]);
    try {
      const cards = cardsOf(await load("client"));
      expect(cards).not.toContain("orderEntry");
      expect(cards).toContain("clients");
      // Other users of the same type are not affected.
      const other = cardsOf(await load("client2"));
      expect(other).toContain("orderEntry");
      expect(other).not.toContain("clients");
    } finally {
      await t.db
        .delete(schema.cardGrants)
        .where(
          and(eq(schema.cardGrants.userId, client), inArray(schema.cardGrants.routeName, ["orderEntry", "clients"])),
        );
    }
    const restored = cardsOf(await load("client"));
    expect(restored).toContain("orderEntry");
    expect(restored).not.toContain("clients");
  });

  test("a grant to a user type reaches every user of the type; a grant to a role reaches its holders", async () => {
    await t.db.insert(schema.cardGrants).values({ routeName: "inventory", typeId: 4 });
    const [role] = await t.db.select().from(schema.roles).where(eq(schema.roles.roleName, "admin"));
    if (!role) throw new Error("role admin missing");
    await t.db.insert(schema.cardGrants).values({ routeName: "users", roleId: role.id });
    await t.db.insert(schema.userRoles).values({ userId: await userId("factory"), roleId: role.id });
    try {
      expect(cardsOf(await load("designer"))).toContain("inventory");
      const factory = await load("factory");
      expect(cardsOf(factory)).toContain("users");
      expect(factory.user.userRoles).toEqual([{ roleName: "admin" }]);
      expect(cardsOf(await load("client"))).not.toContain("users");
    } finally {
      await t.db
        .delete(schema.cardGrants)
        .where(and(eq(schema.cardGrants.routeName, "inventory"), eq(schema.cardGrants.typeId, 4)));
      await t.db.delete(schema.cardGrants).where(eq(schema.cardGrants.roleId, role.id));
      await t.db.delete(schema.userRoles).where(eq(schema.userRoles.roleId, role.id));
    }
    expect(cardsOf(await load("designer"))).not.toContain("inventory");
  });
});
