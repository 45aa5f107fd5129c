import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "Hub!demo1";

/** The login screen as a person sees it. */
export class LoginScreen {
  constructor(readonly page: Page) {}
  username = () => this.page.getByLabel("Username");
  password = () => this.page.getByLabel("Password", { exact: true });
  submit = () => this.page.getByRole("button", { name: "Login" });
  alert = () => this.page.getByTestId("login-error");

  async goto() {
    await this.page.goto("/auth/login");
    await expect(this.submit()).toBeVisible();
  }

  async signIn(username: string, password = DEMO_PASSWORD) {
    await this.username().fill(username);
    await this.password().fill(password);
    await this.submit().click();
  }
}

/** Signs in from the login page and waits for the signed-in shell. */
export const signIn = async (page: Page, username: string, password = DEMO_PASSWORD) => {
  const login = new LoginScreen(page);
  await login.goto();
  await login.signIn(username, password);
  await expect(page.getByRole("button", { name: "Account" })).toBeVisible();
};

export const signOut = async (page: Page) => {
  await page.getByRole("button", { name: "Account" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
};

let counter = 0;
/** A username no other test uses. */
export const uniqueName = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e4)}`;

type Mail = { id: number; to: string; subject: string; text: string };

/** The newest email to an address in the demo mailbox, read as the JSON the mailbox page shows. */
export const latestMail = async (request: APIRequestContext, to: string, subject: RegExp): Promise<Mail> => {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const res = await request.get("/dev/mailbox.json");
      const body = (await res.json()) as { items: Mail[] };
      found = body.items.find((m) => m.to === to && subject.test(m.subject));
      return Boolean(found);
    })
    .toBe(true);
  if (!found) throw new Error("no mail");
  return found;
};

export const codeIn = (mail: Mail): string => {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no code in mail: ${mail.text}`);
  return match[1];
};

/** Registers and confirms an account through the user pool's API (for tests about other flows). */
export const createConfirmedUser = async (request: APIRequestContext, prefix: string, password = DEMO_PASSWORD) => {
  const username = uniqueName(prefix);
  const email = `${username}@example.test`;
  const res = await request.post("/api/identity/signUp", {
    data: { username, email, password, firstName: "Test", lastName: "Person" },
  });
  expect(res.ok()).toBe(true);
  const code = codeIn(await latestMail(request, email, /confirmation code/));
  expect((await request.post("/api/identity/confirmSignUp", { data: { username, code } })).ok()).toBe(true);
  return { username, email, password };
};

/**
 * Ticks a checkbox and waits until it shows ticked. Playwright's `check()` fails when the box is not
 * ticked the instant after the click, which a controlled checkbox on a loaded machine may not be
 * yet: React puts the old value back and renders the new one a moment later.
 */
export const tick = async (box: Locator) => {
  if (await box.isChecked()) return;
  await box.click();
  await expect(box).toBeChecked();
};

/** The signed-in person's ID token, for calling the API beside the screens (`authorization: Bearer …`). */
export const tokenOf = async (page: Page): Promise<string> => {
  const stored = await page.evaluate(() => localStorage.getItem("hub.identity"));
  return (JSON.parse(stored ?? "{}") as { idToken: string }).idToken;
};
