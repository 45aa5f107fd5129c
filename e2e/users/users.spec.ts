import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { LoginScreen, latestMail, signIn, signOut, tick, uniqueName } from "../pages/hub";
import { UsersScreens } from "../pages/users";

test.describe("users admin", () => {
  test("an admin creates a factory account; the person signs in with the emailed temporary password, sets their own, and sees the factory navigation; a removed card disappears", async ({
    page,
    request,
  }) => {
    // Four sign-ins, an emailed password and a card change: near the 45 s budget when the full
    // suite shares two cores (27 s alone), so it gets the slow budget.
    test.slow();
    const username = uniqueName("flo");
    const email = `${username}@example.test`;
    const users = new UsersScreens(page);

    await signIn(page, "admin");
    await users.gotoList();
    await users.createAccount({
      kind: "Factory",
      username,
      email,
      firstName: "Flora",
      lastName: "Floor",
      facility: "Hub Demo Factory",
    });
    await expect(page.getByRole("heading", { name: `Edit ${username}` })).toBeVisible();
    await expect(page.getByText(`${email} has the temporary password`)).toBeVisible();

    const mail = await latestMail(request, email, /Your Hub account/);
    expect(mail.text).toContain(`Username: ${username}`);
    expect(mail.text).toMatch(/choose a new password/);
    const temporary = /Temporary password: (\S+)/.exec(mail.text)?.[1];
    if (!temporary) throw new Error(`no temporary password in: ${mail.text}`);
    await signOut(page);

    // First sign-in: the Hub asks for a new password.
    const login = new LoginScreen(page);
    await login.goto();
    await login.signIn(username, temporary);
    await expect(page).toHaveURL(/\/auth\/new-password$/);
    await page.getByLabel("New password", { exact: true }).fill("Flora-Floor-77!");
    await page.getByLabel("Confirm new password").fill("Flora-Floor-77!");
    await page.getByRole("button", { name: "Set password" }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await login.password().fill("Flora-Floor-77!");
    await login.submit().click();
    await expect(page.getByRole("heading", { name: "Welcome back, Flora" })).toBeVisible();

    const nav = page.getByTestId("nav-horizontal");
    await expect(nav.getByRole("button", { name: "Manufacturing", exact: true })).toBeVisible();
    // Product development: only the tech packs brands send the facility (issue 23).
    await nav.getByRole("button", { name: "Product Development", exact: true }).click();
    await expect(page.getByRole("menuitem", { name: "Tech Packs" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Products", exact: true })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await nav.getByRole("button", { name: "Manufacturing", exact: true }).click();
    await expect(page.getByRole("menuitem", { name: "Find Order By Tote" })).toBeVisible();
    await page.keyboard.press("Escape");
    await signOut(page);

    // The admin takes 'Find Order By Tote' away from this user.
    await signIn(page, "admin");
    await users.openUser(username);
    const tote = users.access().getByRole("checkbox", { name: "Find Order By Tote" });
    await expect(tote).toBeChecked();
    await tote.uncheck();
    await expect(users.access().getByText("denied")).toBeVisible();
    await users.save();
    await expect(page.getByText(`${username} saved`)).toBeVisible();
    await page.reload();
    await expect(users.access().getByRole("checkbox", { name: "Find Order By Tote" })).not.toBeChecked();
    await signOut(page);

    await signIn(page, username, "Flora-Floor-77!");
    await nav.getByRole("button", { name: "Manufacturing", exact: true }).click();
    await expect(page.getByRole("menuitem", { name: "Clear Tote" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Find Order By Tote" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await page.goto("/toteLookup");
    await expect(page.getByRole("heading", { name: "You do not have access to this page" })).toBeVisible();
  });

  test("the form validates with the contract and shows the server's clash on the username field", async ({ page }) => {
    const users = new UsersScreens(page);
    await signIn(page, "admin");
    await users.gotoList();
    await users.createAccount({
      kind: "Factory",
      username: "has space",
      email: "not-an-email",
      firstName: "A",
      lastName: "B",
    });
    const dialog = page.getByRole("dialog", { name: "New account" });
    await expect(dialog.getByText("Use letters, numbers and . _ - @ only")).toBeVisible();
    await expect(dialog.getByText("Enter a valid email address")).toBeVisible();
    await expect(dialog.getByText("Choose the facility this account works for")).toBeVisible();

    await dialog.getByLabel("Username").fill("factory");
    await dialog.getByLabel("Email").fill(`${uniqueName("dup")}@example.test`);
    await dialog.getByLabel("Facility").click();
    await page.getByRole("option", { name: "Hub Demo Factory" }).click();
    await dialog.getByRole("button", { name: "Create account" }).click();
    await expect(dialog.getByText("This username is taken. Choose another.")).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
  });

  test("the list searches, sorts and filters in the URL; removing roles and deactivating ask first; unknown users show not found", async ({
    page,
  }) => {
    const users = new UsersScreens(page);
    await signIn(page, "admin");
    await users.gotoList();
    await page.getByRole("textbox", { name: "Search Users" }).fill("bluebird");
    await expect(page).toHaveURL(/q=bluebird/);
    await expect(page.getByRole("gridcell", { name: "client2", exact: true })).toBeVisible();
    await expect(page.getByRole("gridcell", { name: "factory", exact: true })).toHaveCount(0);
    await page.getByRole("columnheader", { name: "Last name" }).click();
    await expect(page).toHaveURL(/sort=lastName(%2C|,)asc/);
    await page.reload();
    await expect(page.getByRole("gridcell", { name: "client2", exact: true })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Search Users" })).toHaveValue("bluebird");

    await users.gotoList();
    await page.getByRole("combobox", { name: "Type" }).click();
    await page.getByRole("option", { name: "Factory" }).click();
    await expect(page).toHaveURL(/type=factory/);
    await expect(page.getByRole("gridcell", { name: "factory", exact: true })).toBeVisible();
    await expect(page.getByRole("gridcell", { name: "client2", exact: true })).toHaveCount(0);
    // The export writes every user the filter finds, not just the page on screen.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const csv = readFileSync(await (await download).path(), "utf8")
      .trim()
      .split("\r\n");
    expect(csv[0]).toBe("Username,First name,Last name,Email,Type,Client,Roles,Status,Test user,Created");
    expect(csv.slice(1).every((line) => line.includes(",Factory,"))).toBe(true);
    expect(csv.some((line) => line.startsWith("factory,Fatima,Floor,"))).toBe(true);

    // Giving a role saves at once; taking it away asks first.
    await users.openUser("designer");
    await tick(page.getByRole("checkbox", { name: "admin", exact: true }));
    await users.save();
    await expect(page.getByText("designer saved")).toBeVisible();
    await page.getByRole("checkbox", { name: "admin", exact: true }).uncheck();
    await users.save();
    const removeRoles = page.getByRole("dialog", { name: "Remove roles from designer?" });
    await expect(removeRoles).toContainText("taken away: admin");
    await removeRoles.getByRole("button", { name: "Remove roles" }).click();
    await expect(removeRoles).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("checkbox", { name: "admin", exact: true })).not.toBeChecked();

    await page.getByLabel("Available (can sign in and use the Hub)").uncheck();
    await users.save();
    const confirm = page.getByRole("dialog", { name: "Deactivate designer?" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel("Available (can sign in and use the Hub)")).toBeChecked();

    await page.goto("/users/edit/999999");
    await expect(page.getByRole("heading", { name: "User not found" })).toBeVisible();
  });

  test("other users do not get the users screens", async ({ page }) => {
    await signIn(page, "client");
    await page.goto("/users");
    await expect(page.getByRole("heading", { name: "You do not have access to this page" })).toBeVisible();
  });
});
