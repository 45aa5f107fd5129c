import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { codeIn, DEMO_PASSWORD, latestMail, uniqueName } from "./hub";

type Method = "GET" | "POST" | "PUT" | "DELETE";

/** Signs in through the user pool's API and returns the ID token (for setting up data). */
export const apiToken = async (
  request: APIRequestContext,
  username: string,
  password = DEMO_PASSWORD,
): Promise<string> => {
  const res = await request.post("/api/identity/signIn", { data: { username, password } });
  expect(res.ok(), await res.text()).toBe(true);
  const body = (await res.json()) as { result: string; tokens?: { idToken: string } };
  if (!body.tokens) throw new Error(`sign-in of ${username}: ${body.result}`);
  return body.tokens.idToken;
};

/** Calls the Hub's API as the holder of `token`; returns the status and the JSON body. */
export const apiCall = async <T = unknown>(
  request: APIRequestContext,
  token: string,
  method: Method,
  path: string,
  data?: unknown,
) => {
  const res = await request.fetch(`/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data !== undefined ? { data } : {}),
  });
  const text = await res.text();
  return { status: res.status(), body: (text ? JSON.parse(text) : null) as T };
};

/**
 * The API as a demo user, for a spec's setup (what a person would click through is another spec's
 * subject): a call that expects success and answers the JSON body.
 */
export const apiAs = async (request: APIRequestContext, username: string) => {
  const token = await apiToken(request, username);
  return async <T>(method: Method, path: string, data?: unknown): Promise<T> => {
    const r = await apiCall<T>(request, token, method, path, data);
    expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
    return r.body;
  };
};

/** The registration link in an invitation email, as a path on this Hub. */
export const invitationPath = async (
  request: APIRequestContext,
  email: string,
  clientName: string,
): Promise<string> => {
  const mail = await latestMail(request, email, new RegExp(`invited to join ${clientName}`));
  const match = /https?:\/\/\S+\/auth\/register\?\S+/.exec(mail.text);
  if (!match) throw new Error(`no registration link in: ${mail.text}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
};

/** A client admin invites a new person by API; the person registers and confirms through the user pool. */
export const inviteAndRegister = async (request: APIRequestContext, adminToken: string, prefix: string) => {
  const username = uniqueName(prefix);
  const email = `${username}@example.test`;
  const invited = await apiCall<{ id: number }>(request, adminToken, "POST", "/pendingUsers", {
    email,
    firstName: "Inv",
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const res = await request.post("/api/identity/signUp", {
    data: { username, email, password: DEMO_PASSWORD, firstName: "Inv", lastName: "Ited" },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const code = codeIn(await latestMail(request, email, /confirmation code/));
  expect((await request.post("/api/identity/confirmSignUp", { data: { username, code } })).ok()).toBe(true);
  const users = await apiCall<{ items: { userId: number; userName: string }[] }>(
    request,
    adminToken,
    "GET",
    `/yourClientUsers?searchString=${username}`,
  );
  const user = users.body.items.find((u) => u.userName === username);
  if (!user) throw new Error(`${username} did not join the client`);
  return { username, email, userId: user.userId };
};

/** The Your Account screen and its guard banner. */
export class YourAccountScreen {
  constructor(readonly page: Page) {}
  heading = () => this.page.getByRole("heading", { name: "Your Account", level: 1 });
  banner = () => this.page.getByTestId("account-banner");
  usage = () => this.page.getByTestId("plan-usage");

  async expectReason(reason: string, query: Record<string, string> = {}) {
    await expect(this.page).toHaveURL((url) => {
      if (url.pathname !== "/yourAccount" || url.searchParams.get("reason") !== reason) return false;
      return Object.entries(query).every(([k, v]) => url.searchParams.get(k) === v);
    });
    await expect(this.heading()).toBeVisible();
    await expect(this.banner()).toHaveAttribute("data-reason", reason);
  }
}
