import { expect, test } from "@playwright/test";
import { apiToken, invitationPath, YourAccountScreen } from "../pages/account";
import { codeIn, DEMO_PASSWORD, latestMail, signIn, tick, uniqueName } from "../pages/hub";

test.describe("client users and invitations", () => {
  test("a client admin invites someone who registers from the email and appears in the client users list", async ({
    page,
    browser,
    request,
  }) => {
    const username = uniqueName("inv");
    const email = `${username}@example.test`;

    await signIn(page, "client");
    await page.goto("/yourClientUsers");
    await expect(page.getByRole("heading", { name: "Your Client Users" })).toBeVisible();
    await page.getByRole("button", { name: "Invite user" }).click();
    const dialog = page.getByRole("dialog", { name: "Invite user" });
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expect(dialog.getByText("First name is required")).toBeVisible();
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("First name").fill("Nina");
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expect(dialog).toBeHidden();
    const invitations = page.getByRole("table", { name: "Pending invitations" });
    await expect(invitations.getByRole("row", { name: new RegExp(email) })).toBeVisible();

    // Inviting the same address again says so under the field.
    await page.getByRole("button", { name: "Invite user" }).click();
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("First name").fill("Nina");
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expect(dialog.getByText("This email has already been invited", { exact: true })).toBeVisible();
    await expect(dialog.getByRole("alert")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // The invitee opens the emailed link in their own browser.
    const path = await invitationPath(request, email, "Northwind Apparel");
    const mail = await latestMail(request, email, /invited to join Northwind Apparel/);
    expect(mail.text).toContain("Hello Nina,");
    const context = await browser.newContext();
    const invitee = await context.newPage();
    await invitee.goto(path);
    await expect(invitee.getByText("You were invited to join Northwind Apparel.")).toBeVisible();
    await expect(invitee.getByLabel("Email")).toHaveValue(email);
    await invitee.getByLabel("First name").fill("Nina");
    await invitee.getByLabel("Last name").fill("Newcomer");
    await invitee.getByLabel("Username").fill(username);
    await invitee.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await invitee.getByRole("button", { name: "Register" }).click();
    const code = codeIn(await latestMail(request, email, /confirmation code/));
    await invitee.getByLabel("Confirmation code").fill(code);
    await invitee.getByRole("button", { name: "Confirm and sign in" }).click();
    await expect(invitee.getByRole("heading", { name: "Welcome back, Nina" })).toBeVisible();

    // Inside the client, as a member (not its admin).
    await invitee.goto("/yourAccount");
    const account = new YourAccountScreen(invitee);
    await expect(account.heading()).toBeVisible();
    await expect(invitee.getByText("Northwind Apparel (northwind)")).toBeVisible();
    await expect(invitee.getByText("Client admin")).toHaveCount(0);
    await context.close();

    // The admin sees the new user, and the invitation is no longer open.
    await page.reload();
    await page.getByRole("textbox", { name: "Search Client users" }).fill(username);
    const grid = page.getByRole("grid", { name: "Client users" });
    await expect(grid.getByText(email)).toBeVisible();
    await expect(invitations.getByText(email)).toHaveCount(0);
  });

  test("resend and revoke an invitation (revoking asks first)", async ({ page, request }) => {
    const email = `${uniqueName("rev")}@example.test`;
    const token = await apiToken(request, "client");
    const res = await request.post("/api/pendingUsers", {
      headers: { authorization: `Bearer ${token}` },
      data: { email, firstName: "Rev" },
    });
    expect(res.status()).toBe(201);

    await signIn(page, "client");
    await page.goto("/yourClientUsers");
    await page.getByRole("button", { name: `Resend invitation to ${email}` }).click();
    await expect(page.getByText(`Invitation sent again to ${email}.`)).toBeVisible();
    await page.getByRole("button", { name: `Revoke invitation to ${email}` }).click();
    const confirm = page.getByRole("dialog", { name: "Revoke invitation?" });
    await confirm.getByRole("button", { name: "Revoke" }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole("table", { name: "Pending invitations" }).getByText(email)).toHaveCount(0);
  });

  test("addresses: add two, the second becomes the default, delete after confirming", async ({ page }) => {
    await signIn(page, "client");
    await page.goto("/yourAddresses");
    await expect(page.getByRole("heading", { name: "Your Addresses" })).toBeVisible();
    const mine = page.getByRole("region", { name: "My addresses" });
    const add = async (label: string, makeDefault: boolean) => {
      await mine.getByRole("button", { name: "Add address" }).click();
      const dialog = page.getByRole("dialog", { name: "Add address" });
      await dialog.getByLabel("Label *").fill(label);
      await dialog.getByLabel("Name *").fill("Cleo Client");
      await dialog.getByLabel("Address line 1 *").fill("1 Main Street");
      await dialog.getByLabel("City *").fill("Springfield");
      await dialog.getByLabel("Postal code *").fill("12345");
      await dialog.getByLabel("Country (2 letters) *").fill("USA");
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(dialog.getByText("Use the two-letter country code (e.g. US)")).toBeVisible();
      await dialog.getByLabel("Country (2 letters) *").fill("us");
      if (makeDefault) await tick(dialog.getByLabel("Default address"));
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(dialog).toBeHidden();
    };
    const first = uniqueName("Office");
    const second = uniqueName("Home");
    await add(first, false);
    await add(second, true);
    await expect(mine.getByRole("button", { name: `${second} is the default` })).toBeVisible();
    await expect(mine.getByRole("button", { name: `Make ${first} the default` })).toBeVisible();
    await mine.getByRole("button", { name: `Delete ${first}` }).click();
    await page.getByRole("dialog", { name: "Delete address?" }).getByRole("button", { name: "Delete" }).click();
    await expect(mine.getByRole("article", { name: `Address ${first}` })).toHaveCount(0);
    // Leave the demo client's address book as it was.
    await mine.getByRole("button", { name: `Delete ${second}` }).click();
    await page.getByRole("dialog", { name: "Delete address?" }).getByRole("button", { name: "Delete" }).click();
    await expect(mine.getByRole("article", { name: `Address ${second}` })).toHaveCount(0);
  });
});
