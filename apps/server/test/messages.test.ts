import { MESSAGE_KINDS, type TMessage, type TMessagePage, type TMessagePrefs } from "@hub/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sendMessageEmails } from "../src/modules/messages/email";
import { sendMessage, to } from "../src/modules/messages/send";
import { outboxMailer } from "../src/platform/mail";
import { createTestApp, type DemoUser, signInDemoUsers, type TestApp } from "./helpers/test-app";

/**
 * Messages (issue 20; spec 3, user messages and recipients): each person's inbox under the bell —
 * the unread count, the list (newest first, unread only), marking one or all read; another person's
 * message is a 404 and never listed; the kinds a person wants by email are sent once by the sweep.
 * What writes them (an order shipped, a tech pack approved or sent…) is checked in those areas' tests.
 */

let t: TestApp;
let tokens: Record<DemoUser, string>;

const call = (who: DemoUser | null, method: "GET" | "POST" | "PUT", url: string, payload?: unknown) =>
  t.request({ method, url: `/api${url}`, ...(who ? { token: tokens[who] } : {}), ...(payload ? { payload } : {}) });
const inbox = async (who: DemoUser, query = "") => (await call(who, "GET", `/messages${query}`)).json<TMessagePage>();
const unread = async (who: DemoUser) =>
  (await call(who, "GET", "/messages/unreadCount")).json<{ unread: number }>().unread;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInDemoUsers(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("the inbox", () => {
  let first: TMessage;

  test("a message written for a person shows in their inbox and count, not in anyone else's", async () => {
    const before = await unread("client");
    await sendMessage(
      t.db,
      { kind: "report.ready", title: "Your report Orders is ready", body: "12 rows as CSV.", link: "/reportDownloads" },
      to.user("client"),
    );
    await sendMessage(t.db, { kind: "report.ready", title: "Second report ready" }, to.user("client"));
    expect(await unread("client")).toBe(before + 2);
    const page = await inbox("client");
    expect(page.items.slice(0, 2).map((m) => m.title)).toEqual(["Second report ready", "Your report Orders is ready"]);
    first = page.items[1] as TMessage;
    expect(first).toMatchObject({
      kind: "report.ready",
      body: "12 rows as CSV.",
      link: "/reportDownloads",
      readAt: null,
    });
    expect((await inbox("client2")).items.some((m) => m.id === first.id)).toBe(false);
    expect((await inbox("factory")).items.some((m) => m.id === first.id)).toBe(false);
  });

  test("marking one read: its own only; another person's message is a 404 and stays unread", async () => {
    expect((await call("client2", "POST", `/messages/${first.id}/read`)).statusCode).toBe(404);
    const res = await call("client", "POST", `/messages/${first.id}/read`);
    expect(res.statusCode, res.body).toBe(200);
    const read = res.json<TMessage>();
    expect(read.readAt).not.toBeNull();
    // Again: the first time it was read is kept.
    expect((await call("client", "POST", `/messages/${first.id}/read`)).json<TMessage>().readAt).toBe(read.readAt);
    const unreadOnly = await inbox("client", "?unread=true");
    expect(unreadOnly.items.some((m) => m.id === first.id)).toBe(false);
    expect(unreadOnly.unread).toBe(unreadOnly.total);
  });

  test("marking all read empties the count; a signed-out caller is 401", async () => {
    expect((await call("client", "POST", "/messages/readAll")).json()).toEqual({ unread: 0 });
    expect(await unread("client")).toBe(0);
    expect((await call(null, "GET", "/messages")).statusCode).toBe(401);
    expect((await call(null, "GET", "/messages/unreadCount")).statusCode).toBe(401);
  });

  test("a team's message reaches its active members only", async () => {
    const [team] = (
      (await t.db.execute(sql`select id from teams where name = 'northwind-design'`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const before = await unread("designer");
    await sendMessage(
      t.db,
      { kind: "techpack.approved", title: "TEE-1 version 2 was approved" },
      to.team(Number(team?.id)),
    );
    expect(await unread("designer")).toBe(before + 1);
    expect((await inbox("factory")).items.some((m) => m.title === "TEE-1 version 2 was approved")).toBe(false);
  });
});

describe("by email, when a person asks", () => {
  test("the preferences list every kind; a kind not in the list is refused and nothing changes", async () => {
    const prefs = (await call("client", "GET", "/messages/preferences")).json<TMessagePrefs>();
    expect(prefs.items.map((x) => x.kind)).toEqual(MESSAGE_KINDS.map((k) => k.kind));
    expect(prefs.items.every((x) => !x.email)).toBe(true);
    const bad = await call("client", "PUT", "/messages/preferences", {
      items: [{ kind: "order.exploded", email: true }],
    });
    expect(bad.statusCode).toBe(400);
    expect((await call("client", "GET", "/messages/preferences")).json<TMessagePrefs>()).toEqual(prefs);
  });

  test("a kind asked for by email is sent once by the sweep; other kinds and other people are not", async () => {
    const saved = await call("client", "PUT", "/messages/preferences", {
      items: [{ kind: "order.shipped", email: true }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<TMessagePrefs>().items.find((x) => x.kind === "order.shipped")?.email).toBe(true);
    // Written after the choice: by email. Another kind, and the same kind for someone who did not ask: not.
    await sendMessage(
      t.db,
      { kind: "order.shipped", title: "Order SO-999999 shipped", body: "Box 1 left.", link: "/orders/999999" },
      to.user("client"),
    );
    await sendMessage(t.db, { kind: "report.ready", title: "Not by email" }, to.user("client"));
    await sendMessage(t.db, { kind: "order.shipped", title: "Client2 shipped" }, to.user("client2"));
    const before = (await t.mailbox()).length;
    expect(await sendMessageEmails({ db: t.db, mailer: outboxMailer(t.db), config: t.config })).toBe(1);
    const mails = (await t.mailbox()).slice(before);
    expect(mails.map((m) => m.subject)).toEqual(["Order SO-999999 shipped"]);
    expect(mails[0]?.text).toContain("/orders/999999");
    // The next sweep sends nothing again.
    expect(await sendMessageEmails({ db: t.db, mailer: outboxMailer(t.db), config: t.config })).toBe(0);
  });
});
