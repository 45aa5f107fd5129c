import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { DEMO_PASSWORD } from "./hub";

/** Library rows a style composition test needs, made through the API as a signed-in user. */
export class LibraryApi {
  private constructor(
    readonly request: APIRequestContext,
    readonly token: string,
  ) {}

  static async signIn(request: APIRequestContext, username: string): Promise<LibraryApi> {
    const res = await request.post("/api/identity/signIn", { data: { username, password: DEMO_PASSWORD } });
    expect(res.ok(), await res.text()).toBe(true);
    const body = (await res.json()) as { result: string; tokens: { idToken: string } };
    return new LibraryApi(request, body.tokens.idToken);
  }

  async create(key: string, data: Record<string, unknown>): Promise<number> {
    const res = await this.request.post(`/api/library/${key}`, {
      data,
      headers: { authorization: `Bearer ${this.token}` },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  }
}

/** The composition card under the style form (/styles/edit/:id). */
export class StyleCompositionScreen {
  constructor(readonly page: Page) {}
  card = () => this.page.getByRole("form", { name: "Composition" });
  tab = (name: string) => this.card().getByRole("tab", { name });
  field = (label: string) => this.card().getByLabel(label, { exact: true });
  button = (name: string) => this.card().getByRole("button", { name, exact: true });
  combobox = (label: string) => this.card().getByRole("combobox", { name: label, exact: true });

  async goto(styleId: number) {
    await this.page.goto(`/styles/edit/${styleId}`);
    await expect(this.tab("Pricing")).toBeVisible();
  }

  async openTab(name: string) {
    await this.tab(name).click();
    await expect(this.tab(name)).toHaveAttribute("aria-selected", "true");
  }

  /** Types into a server-searched select, then picks the matching option. */
  async pick(label: string, typed: string, option: string | RegExp) {
    const box = this.combobox(label);
    await box.click();
    await box.fill(typed);
    await this.page.getByRole("option", { name: option }).first().click();
  }
}

/** The buyer's view of a style (/styles/productPreview/:id). */
export class ProductPreviewScreen {
  constructor(readonly page: Page) {}
  unitPrice = () => this.page.getByTestId("unit-price");
  total = () => this.page.getByTestId("total-price");
  quantity = () => this.page.getByLabel("Quantity", { exact: true });
  choice = (option: string, attribute: string | RegExp) =>
    this.page.getByRole("group", { name: option }).getByRole("button", { name: attribute });
  priceTable = () => this.page.getByRole("table", { name: "Price table" });

  async goto(styleId: number, title: string) {
    await this.page.goto(`/styles/productPreview/${styleId}`);
    await expect(this.page.getByRole("heading", { name: title })).toBeVisible();
  }
}
