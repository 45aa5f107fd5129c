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

  async get<T>(path: string): Promise<T> {
    const res = await this.request.get(`/api${path}`, { headers: { authorization: `Bearer ${this.token}` } });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as T;
  }

  async put<T>(path: string, data: Record<string, unknown>): Promise<T> {
    const res = await this.request.put(`/api${path}`, { data, headers: { authorization: `Bearer ${this.token}` } });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as T;
  }
}

/** A style's record workspace (/styles/edit/:id/{tab}): header, tabs, one form per tab. */
export class StyleWorkspaceScreen {
  constructor(readonly page: Page) {}
  tabs = () => this.page.getByRole("tablist", { name: "Style tabs" });
  tab = (name: string) => this.tabs().getByRole("tab", { name, exact: true });
  /** The open tab's form (named by its title: "Pricing"). */
  form = (name: string) => this.page.getByRole("form", { name });
  field = (form: string, label: string) => this.form(form).getByLabel(label, { exact: true });
  button = (form: string, name: string) => this.form(form).getByRole("button", { name, exact: true });
  combobox = (form: string, label: string) => this.form(form).getByRole("combobox", { name: label, exact: true });

  async goto(styleId: number, tab = "") {
    await this.page.goto(`/styles/edit/${styleId}${tab ? `/${tab}` : ""}`);
    await expect(this.tabs()).toBeVisible();
  }

  /** Opens a tab by clicking it; the address and the selected tab follow. */
  async openTab(name: string, path: string) {
    await this.tab(name).click();
    await expect(this.page).toHaveURL(new RegExp(`/${path}$`));
    await expect(this.tab(name)).toHaveAttribute("aria-selected", "true");
    await expect(this.form(name)).toBeVisible();
  }

  /** Types into a server-searched select, then picks the matching option. */
  async pick(form: string, label: string, typed: string, option: string | RegExp) {
    const box = this.combobox(form, label);
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
