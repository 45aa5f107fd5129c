import { expect, test } from "@playwright/test";
import { signWallPayload, type WallPayload } from "../../apps/server/src/modules/dashboards/wall-token";
import { secretKeyFrom } from "../../apps/server/src/platform/secret-key";
import { apiCall, apiToken } from "../pages/account";
import { signIn } from "../pages/hub";

/**
 * Native dashboards (issue 18) as people use them: the Sales Dashboard's range in the URL changes
 * its figures, a chart's bar and a table row open the orders list with the same filter, the
 * Production Overview's wall display opens from its signed link without signing in (and not once it
 * expires), and a Basic
 * client is sent to upgrade instead of seeing Production Overview; Bot Performance's web orders
 * figure opens the orders list filtered to web orders on the same dates; an internal admin gets a
 * client's embed URL from Share / Embed.
 */

type Sales = { current: { orders: number }; range: { from: string; to: string } };
type Bots = {
  current: { webOrders: number };
  range: { from: string; to: string };
  byKey: { clientId: number; placedBy: string; keyName: string | null }[];
};

test.describe("dashboards", () => {
  test("a range change updates the Sales Dashboard's figures; a bar and a row open the filtered orders list", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = await apiToken(request, "client");
    const figures = async (range: string) =>
      (await apiCall<Sales>(request, token, "GET", `/dashboards/sales?range=${range}`)).body;
    const week = await figures("7d");
    const quarter = await figures("90d");

    await signIn(page, "client");
    await page.goto("/qs-dashboards/salesDashboard?range=7d");
    await expect(page.getByRole("heading", { name: "Sales Dashboard" })).toBeVisible();
    await expect(page.getByTestId("figure-orders")).toHaveText(week.current.orders.toLocaleString("en-US"));

    await page.getByRole("combobox", { name: "Range" }).click();
    await page.getByRole("option", { name: "Last 90 days" }).click();
    await expect(page).toHaveURL(/range=90d/);
    await expect(page.getByTestId("figure-orders")).toHaveText(quarter.current.orders.toLocaleString("en-US"));
    await expect(page.getByTestId("range-dates")).toContainText(`${quarter.range.from} to ${quarter.range.to}`);

    // A bar of "By source" opens the orders list on the range's dates and that source.
    const sources = page.getByTestId("chart-sources");
    await sources.locator(".MuiBarChart-element").first().click();
    await expect(page).toHaveURL(new RegExp(`/orders\\?from=${quarter.range.from}&to=${quarter.range.to}&source=\\w+`));
    await expect(page.getByRole("heading", { name: "Order Details" })).toBeVisible();

    // The table view of "By style": a row opens the list of orders with a line of that style.
    await page.goBack();
    const styles = page.getByTestId("chart-styles");
    await styles.getByRole("button", { name: "Table" }).click();
    const first = styles.getByRole("table").getByRole("link").first();
    const code = (await first.textContent()) ?? "";
    await first.click();
    await expect(page).toHaveURL(
      new RegExp(`/orders\\?from=${quarter.range.from}&to=${quarter.range.to}&styleCode=${code}`),
    );
    await expect(page.getByRole("button", { name: `Filter: Style ${code}` })).toBeVisible();
    await expect(page.getByRole("row").nth(1)).toBeVisible();
  });

  test("the wall display opens from its signed link without signing in, and not once it expires", async ({
    page,
    browser,
  }) => {
    await signIn(page, "client");
    await page.goto("/qs-dashboards/productionOverview");
    await expect(page.getByRole("heading", { name: "Production Overview" })).toBeVisible();
    await expect(page.getByTestId("figure-wip")).toBeVisible();
    await page.getByRole("button", { name: "Wall display" }).click();
    await page.getByRole("button", { name: "Create link" }).click();
    const link = await page.getByTestId("wall-link").inputValue();
    expect(link).toMatch(/\/wall#[\w-]+\.[\w-]+$/);

    // A TV: a new browser with nobody signed in.
    const tv = await browser.newContext();
    const screen = await tv.newPage();
    await screen.goto(link);
    await expect(screen.getByRole("heading", { name: /Production Overview — Northwind/ })).toBeVisible();
    await expect(screen.getByTestId("figure-wip")).toBeVisible();
    // A link changed by hand is refused.
    await screen.goto(`${link.slice(0, -4)}AAAA`);
    await screen.reload();
    await expect(screen.getByText("This wall display link has expired or is not valid.")).toBeVisible();

    // The same link once its time is up: signed as the Hub signs it (the key of the Hub under test,
    // which inherits this environment), first still valid to show the signing is the Hub's own.
    const token = link.slice(link.indexOf("#") + 1);
    const payload = JSON.parse(Buffer.from(token.split(".")[0] ?? "", "base64url").toString("utf8")) as WallPayload;
    const key = secretKeyFrom(process.env.HUB_SECRET_KEY?.trim() || null);
    const at = (e: number) => `${link.slice(0, link.indexOf("#"))}#${signWallPayload(key, { ...payload, e })}`;
    const now = Math.floor(Date.now() / 1000);
    await screen.goto(at(now + 600));
    await screen.reload();
    await expect(screen.getByRole("heading", { name: /Production Overview — Northwind/ })).toBeVisible();
    await screen.goto(at(now - 1));
    await screen.reload();
    await expect(screen.getByText("This wall display link has expired or is not valid.")).toBeVisible();
    await expect(screen.getByTestId("figure-wip")).toHaveCount(0);
    await tv.close();
  });

  test("Quality History's fail reasons open the QC inspections list of exactly those fails", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const token = await apiToken(request, "admin");
    type Quality = { range: { from: string; to: string }; pareto: { name: string; fails: number }[] };
    const qh = (await apiCall<Quality>(request, token, "GET", "/dashboards/quality?range=90d")).body;
    const top = qh.pareto[0];
    expect(top?.fails ?? 0).toBeGreaterThan(0);

    await signIn(page, "admin");
    await page.goto("/qs-dashboards/qualityHistory?range=90d");
    await expect(page.getByRole("heading", { name: "Quality History", exact: true })).toBeVisible();
    const pareto = page.getByTestId("qc-pareto");
    await pareto.getByRole("button", { name: "Table" }).click();
    await pareto
      .getByRole("table")
      .getByRole("link", { name: top?.name ?? "", exact: true })
      .click();
    await expect(page).toHaveURL(
      /\/qs-dashboards\/qualityHistory\/inspections\?range=custom&from=.*&result=fail&reason=/,
    );
    await expect(page.getByRole("heading", { name: "QC inspections" })).toBeVisible();
    await expect(page.getByRole("button", { name: `Filter: Reason ${top?.name}` })).toBeVisible();
    const count = (top?.fails ?? 0).toLocaleString("en-US");
    await expect(page.getByText(new RegExp(`of ${count}\\b`))).toBeVisible();
  });

  test("an internal admin gets an expiring embed URL for a client's dashboard from Share / Embed", async ({
    page,
    browser,
  }) => {
    await signIn(page, "admin");
    await page.goto("/qs-dashboards/productionOverview");
    await expect(page.getByRole("heading", { name: "Production Overview" })).toBeVisible();
    await page.getByRole("button", { name: "Share / Embed" }).click();
    const dialog = page.getByRole("dialog", { name: "Share / Embed" });
    await expect(dialog.getByRole("button", { name: "Get URL" })).toBeDisabled();
    await dialog.getByRole("combobox", { name: "Account" }).click();
    await page.getByRole("option", { name: "Northwind Apparel" }).click();
    await dialog.getByRole("button", { name: "Get URL" }).click();
    const url = await dialog.getByTestId("embed-url").inputValue();
    expect(url).toMatch(/\/wall#[\w-]+\.[\w-]+$/);
    await expect(dialog.getByTestId("embed-expires")).toContainText("Expires");
    await expect(dialog.getByRole("button", { name: "Copy" })).toBeVisible();

    // The URL shows that client's dashboard to someone not signed in.
    const viewer = await browser.newContext();
    const screen = await viewer.newPage();
    await screen.goto(`${new URL(page.url()).origin}/wall${new URL(url).hash}`);
    await expect(screen.getByRole("heading", { name: /Production Overview — Northwind/ })).toBeVisible();
    await viewer.close();
  });

  test("every built dashboard opens for the internal admin with its charts, and a chart's CSV downloads", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, "admin");
    for (const [path, heading] of [
      ["/qs-dashboards/qualityHistory", "Quality History"],
      ["/qs-dashboards/homegoods", "Home Goods"],
      ["/qs-dashboards/times", "Times"],
      ["/qs-dashboards/3100", "3100"],
      ["/qs-dashboards/productionOverview", "Production Overview"],
    ] as const) {
      await page.goto(`${path}?range=90d`);
      await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
      await expect(page.locator(".MuiCard-root").first()).toBeVisible();
      await expect(page.getByRole("alert")).toHaveCount(0);
    }
    // The CSV of a chart is a download of what it shows.
    const card = page.getByTestId("chart-wip");
    const download = page.waitForEvent("download");
    await card.getByRole("button", { name: "CSV" }).click();
    expect((await download).suggestedFilename()).toMatch(/^wip-.*\.csv$/);
  });

  test("Bot Performance: its web orders figure opens the orders list filtered to web orders and the same dates", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const token = await apiToken(request, "client");
    const bots = (await apiCall<Bots>(request, token, "GET", "/dashboards/bots?range=12m")).body;
    expect(bots.current.webOrders).toBeGreaterThan(0);

    await signIn(page, "client");
    await page.goto("/qs-dashboards/botPerformance?range=12m");
    await expect(page.getByRole("heading", { name: "Bot Performance", exact: true })).toBeVisible();
    await expect(page.getByTestId("figure-webOrders")).toHaveText(bots.current.webOrders.toLocaleString("en-US"));
    await expect(page.getByRole("alert")).toHaveCount(0);

    // The table view of "Web orders by API key": the raw name of a key without a row.
    const keys = page.getByTestId("chart-bot-keys");
    await keys.getByRole("button", { name: "Table" }).click();
    const first = bots.byKey[0];
    await expect(keys.getByRole("table")).toContainText(first?.keyName ?? first?.placedBy ?? "");

    // The figure opens the orders list on the range's dates and source=web, which lists the same orders.
    await page.getByRole("link", { name: "Web orders: open the list" }).click();
    await expect(page).toHaveURL(new RegExp(`/orders\\?from=${bots.range.from}&to=${bots.range.to}&source=web$`));
    await expect(page.getByRole("heading", { name: "Order Details" })).toBeVisible();
    await expect(page.getByRole("row").nth(1)).toBeVisible();
    const list = await apiCall<{ total: number }>(
      request,
      token,
      "GET",
      `/orders?source=web&from=${bots.range.from}&to=${bots.range.to}&size=1`,
    );
    expect(list.body.total).toBe(bots.current.webOrders);
  });

  test("a Basic client is sent to upgrade instead of Production Overview, and sees its own JAS Sales", async ({
    page,
    request,
  }) => {
    await signIn(page, "client2");
    await page.goto("/qs-dashboards/productionOverview");
    await expect(page).toHaveURL(/\/yourAccount\?reason=insufficientPlan&required=2$/);
    // Its own sales in depth (JAS Sales) are on every plan.
    await page.goto("/qs-dashboards/jasSales");
    await expect(page.getByRole("heading", { name: "JAS Sales" })).toBeVisible();
    await expect(page.getByTestId("figure-orders")).toBeVisible();
    const token = await apiToken(request, "client2");
    expect((await apiCall(request, token, "GET", "/dashboards/production")).status).toBe(403);
  });
});
