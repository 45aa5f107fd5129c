import { TEAM_MESSAGES, type TMyTeam, type TTeamMember, type TUserDataResponse, USER_TYPES } from "@hub/contracts";
import { schema } from "@hub/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type DemoUser, signInDemoUsers, type TestApp } from "./helpers/test-app";

/**
 * Teams over HTTP (issue 12, spec 4 and 7): a team admin invites by email (pending until the
 * invitee accepts, hidden from their switcher until then), sets roles, removes members (never the
 * last admin); the current team is remembered as the default team; internal admins list every team.
 */

let t: TestApp;
let tokens: Record<DemoUser | "dana", string>;
let northwind: number;

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (who: DemoUser | "dana", method: Method, url: string, payload?: object) =>
  t.request({ method, url, token: tokens[who], ...(payload ? { payload: { ...payload } } : {}) });
const T = "/api/productDev/teams";
const U = "/api/productDev/teamUsers";
const session = async (who: DemoUser | "dana") =>
  (await call(who, "GET", `/api/userdata?username=${who}`)).json<TUserDataResponse>().productDevData;

beforeAll(async () => {
  t = await createTestApp();
  const demo = await signInDemoUsers(t);
  // Dana: a second designer, signing in with the demo password.
  const [designer] = await t.db
    .select()
    .from(schema.identityUsers)
    .where(eq(schema.identityUsers.username, "designer"));
  await t.db.insert(schema.identityUsers).values({
    username: "dana",
    email: "dana@demo.hub.test",
    emailVerified: true,
    firstName: "Dana",
    lastName: "Drape",
    passwordHash: designer?.passwordHash ?? "",
    status: "CONFIRMED",
  });
  await t.db.insert(schema.users).values({
    userName: "dana",
    email: "dana@demo.hub.test",
    firstName: "Dana",
    lastName: "Drape",
    typeId: USER_TYPES.find((u) => u.name === "designer")?.id ?? 0,
  });
  tokens = { ...demo, dana: await t.signIn("dana") };
  const [team] = await t.db.select().from(schema.teams).where(eq(schema.teams.name, "northwind-design"));
  northwind = team?.id ?? 0;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("teams", () => {
  test("productDevData: the designer is admin of Northwind Design, a data admin; the client a member", async () => {
    const d = await session("designer");
    expect(d.currentTeam?.id).toBe(northwind);
    expect(d.isTeamAdmin).toBe(true);
    expect(d.isDataAdmin).toBe(true);
    const c = await session("client");
    expect(c.teams.map((x) => x.id)).toContain(northwind);
    const mine = (await call("designer", "GET", `${T}/findAll`)).json<TMyTeam[]>();
    expect(mine.find((x) => x.id === northwind)).toMatchObject({
      roleName: "ADMIN",
      memberCount: 2,
      clientName: "Northwind Apparel",
    });
    const types = (await call("designer", "GET", `${T}/types`)).json<{ name: string }[]>();
    expect(types.map((x) => x.name)).toEqual(["ADMIN", "DESIGN_TEAM", "BRAND"]);
  });

  test("an invitation is pending and hidden until accepted; then the team is in the switcher and its library opens", async () => {
    const invited = await call("designer", "POST", `${U}/create`, { teamId: northwind, email: " Dana@Demo.Hub.Test" });
    expect(invited.statusCode, invited.body).toBe(201);
    const member = invited.json<TTeamMember>();
    expect(member).toMatchObject({ userName: "dana", roleName: "MEMBER", pending: true, invitationStatus: "PENDING" });
    const mail = (await t.mailbox()).filter((m) => m.to === "dana@demo.hub.test").at(-1);
    expect(mail?.subject).toBe(TEAM_MESSAGES.inviteMail.subject("Northwind Design"));

    // Pending: not in the switcher, no access to the team's library; listed to answer.
    expect((await session("dana")).teams.map((x) => x.id)).not.toContain(northwind);
    expect((await call("dana", "GET", `/api/productDev/libary/fabrics/findAll?teamId=${northwind}`)).statusCode).toBe(
      404,
    );
    const pending = (await call("dana", "GET", `${T}/findAll`)).json<TMyTeam[]>();
    expect(pending.find((x) => x.id === northwind)).toMatchObject({ pending: true, invitationStatus: "PENDING" });

    // Twice is refused; only the invitee answers.
    expect(
      (await call("designer", "POST", `${U}/create`, { teamId: northwind, email: "dana@demo.hub.test" })).statusCode,
    ).toBe(409);
    expect((await call("designer", "PUT", `${U}/invitationStatus?id=${member.id}&status=ACCEPTED`)).statusCode).toBe(
      404,
    );

    const accepted = await call("dana", "PUT", `${U}/invitationStatus?id=${member.id}&status=ACCEPTED`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ pending: false, invitationStatus: "ACCEPTED" });
    // The team's admin (the designer) hears it under the bell (issue 20, Messages); dana does not.
    const heard = (await call("designer", "GET", "/api/messages")).json<{ items: { title: string; link: string }[] }>();
    expect(heard.items.filter((x) => x.title.startsWith("dana joined "))).toEqual([
      expect.objectContaining({ link: "/productDev/teamManagement" }),
    ]);
    const own = (await call("dana", "GET", "/api/messages")).json<{ items: { title: string }[] }>();
    expect(own.items.some((x) => x.title.startsWith("dana joined "))).toBe(false);
    const after = await session("dana");
    expect(after.teams.map((x) => x.id)).toContain(northwind);

    // Switching makes it the current team (remembered as the default team), and lists follow it.
    const switched = await call("dana", "PUT", `${T}/current`, { teamId: northwind });
    expect(switched.statusCode, switched.body).toBe(200);
    const now = await session("dana");
    expect(now.currentTeam?.id).toBe(northwind);
    expect(now.isTeamAdmin).toBe(false);
    const fabrics = (await call("dana", "GET", "/api/productDev/libary/fabrics/findAll")).json<{ total: number }>();
    expect(fabrics.total).toBeGreaterThanOrEqual(12);
  });

  test("roles: only a team admin sets them or invites; the last admin cannot step down; removal", async () => {
    const members = (await call("designer", "GET", `${U}/findAll?teamId=${northwind}`)).json<TTeamMember[]>();
    const dana = members.find((m) => m.userName === "dana");
    const designer = members.find((m) => m.userName === "designer");
    const clara = members.find((m) => m.userName === "client");
    if (!dana || !designer || !clara) throw new Error("members missing");

    expect((await call("client", "PUT", `${U}/update?id=${dana.id}`, { roleName: "ADMIN" })).statusCode).toBe(403);
    expect(
      (await call("client", "POST", `${U}/create`, { teamId: northwind, email: "factory@demo.hub.test" })).statusCode,
    ).toBe(403);
    expect((await call("client2", "GET", `${U}/findAll?teamId=${northwind}`)).statusCode).toBe(404);
    expect((await call("client2", "PUT", `${U}/update?id=${dana.id}`, { roleName: "ADMIN" })).statusCode).toBe(404);

    const lonely = await call("designer", "PUT", `${U}/update?id=${designer.id}`, { roleName: "MEMBER" });
    expect(lonely.statusCode).toBe(409);
    expect(lonely.json().message).toBe(TEAM_MESSAGES.lastAdmin);
    expect((await call("designer", "DELETE", `${U}/delete?id=${designer.id}`)).statusCode).toBe(409);

    const promoted = await call("designer", "PUT", `${U}/update?id=${dana.id}`, { roleName: "ADMIN" });
    expect(promoted.json()).toMatchObject({ roleName: "ADMIN" });
    expect((await session("dana")).isTeamAdmin).toBe(true);
    expect((await call("dana", "PUT", `${U}/update?id=${designer.id}`, { roleName: "MEMBER" })).statusCode).toBe(200);
    expect((await call("dana", "PUT", `${U}/update?id=${designer.id}`, { roleName: "ADMIN" })).statusCode).toBe(200);

    const removed = await call("designer", "DELETE", `${U}/delete?id=${dana.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await session("dana")).teams.map((x) => x.id)).not.toContain(northwind);
    expect((await call("dana", "GET", `/api/productDev/libary/fabrics/findAll?teamId=${northwind}`)).statusCode).toBe(
      404,
    );
  });

  test("invitations name a Hub user of the team's client; a declined one is hidden and may be sent again", async () => {
    const unknown = await call("designer", "POST", `${U}/create`, { teamId: northwind, email: "nobody@example.com" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.email).toBe(TEAM_MESSAGES.unknownEmail);
    const other = await call("designer", "POST", `${U}/create`, { teamId: northwind, email: "client2@demo.hub.test" });
    expect(other.statusCode).toBe(400);
    expect(other.json().fields.email).toBe(TEAM_MESSAGES.otherClient);
    const bad = await call("designer", "POST", `${U}/create`, {
      teamId: northwind,
      email: "not an email",
      roleName: "BOSS",
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(["email", "roleName"]);

    const invited = (
      await call("designer", "POST", `${U}/create`, {
        teamId: northwind,
        email: "dana@demo.hub.test",
        roleName: "ADMIN",
      })
    ).json<TTeamMember>();
    const declined = await call("dana", "PUT", `${U}/invitationStatus?id=${invited.id}&status=DECLINED`);
    expect(declined.json()).toMatchObject({ invitationStatus: "DECLINED" });
    expect((await call("dana", "GET", `${T}/findAll`)).json<TMyTeam[]>().map((x) => x.id)).not.toContain(northwind);
    expect((await call("dana", "PUT", `${U}/invitationStatus?id=${invited.id}&status=ACCEPTED`)).statusCode).toBe(409);
    const again = await call("designer", "POST", `${U}/create`, { teamId: northwind, email: "dana@demo.hub.test" });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ id: invited.id, invitationStatus: "PENDING" });
  });

  test("a client user makes a team of their own client; internal admins list every team", async () => {
    const created = await call("client2", "POST", `${T}/create`, { displayName: "Bluebird Design" });
    expect(created.statusCode, created.body).toBe(201);
    const team = created.json<TMyTeam>();
    expect(team).toMatchObject({ roleName: "ADMIN", typeName: "DESIGN_TEAM", clientName: "Bluebird Basics" });
    expect((await session("client2")).isDataAdmin).toBe(true);
    expect((await call("client2", "POST", `${T}/create`, { displayName: "X", typeName: "ADMIN" })).statusCode).toBe(
      403,
    );
    const renamed = await call("client2", "PUT", `${T}/update?id=${team.id}`, { displayName: "Bluebird Studio" });
    expect(renamed.json()).toMatchObject({ displayName: "Bluebird Studio" });
    expect((await call("designer", "PUT", `${T}/update?id=${team.id}`, { displayName: "Mine" })).statusCode).toBe(404);

    const list = await call("admin", "GET", `${T}/impersonateList?searchString=north`);
    expect(list.statusCode).toBe(200);
    expect(list.json().items[0]).toMatchObject({ id: northwind, admins: "designer", clientName: "Northwind Apparel" });
    expect((await call("designer", "GET", `${T}/impersonateList`)).statusCode).toBe(403);
    expect((await call("client", "GET", `${T}/impersonateList`)).statusCode).toBe(403);
  });
});
