import { type TProduct, TRANSLATION_MESSAGES, type TTranslation, type TVersionTranslation } from "@hub/contracts";
import { schema } from "@hub/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type TechPackFixture, techPackFixture } from "./helpers/tech-pack-fixture";
import { createTestApp, type TestApp } from "./helpers/test-app";
import { type DeepLStandIn, startDeepLStandIn } from "./stand-ins/deepl";

/**
 * Issue 19, translation: spec 7's getTranslation through the DeepL-shaped adapter (a local stand-in
 * speaking its API), a version's texts translated and kept with it, shown to the facility it was
 * sent to, and its PDF printed in the language with a font that covers it. Without a service the
 * Hub says translation is not set up and writes nothing.
 */

const KEY = "deepl-test-key:fx";
let deepl: DeepLStandIn;
let t: TestApp;
let bare: TestApp;
let f: TechPackFixture;
let product: TProduct;
let stpId: number;
let demoFactoryId: number;

const stp = (id: number, rest = "") => `/api/productDev/stps/${id}${rest}`;
const put = async (tab: string, body: object) => {
  const version = (await f.call("designer", "GET", stp(stpId, `/tabs/${tab}`))).json<{ version: number }>().version;
  const res = await f.call("designer", "PUT", stp(stpId, `/tabs/${tab}`), { version, ...body });
  expect(res.statusCode, `${tab}: ${res.body}`).toBe(200);
};
const rowsOf = async () => t.db.select().from(schema.pdTechPackTranslations);

beforeAll(async () => {
  deepl = await startDeepLStandIn(KEY);
  t = await createTestApp({ config: { deepl: { apiKey: KEY, apiUrl: deepl.url } } });
  bare = await createTestApp();
  f = await techPackFixture(t, "TR");
  const [demo] = await t.db.select().from(schema.factories).where(eq(schema.factories.name, "Hub Demo Factory"));
  demoFactoryId = demo?.factoryId ?? 0;
  const res = await f.call("designer", "POST", "/api/productDev/products", {
    code: "TR-TEE-1",
    name: "Translated tee",
    description: "A relaxed crew neck tee",
    pomTemplateId: f.ids.template,
  });
  expect(res.statusCode, res.body).toBe(201);
  ({ product, stpId } = res.json<{ product: TProduct; stpId: number }>());
  await put("constructionDetails", {
    steps: [
      {
        title: "Join shoulders",
        description: "Overlock with 4 threads",
        imageFileId: null,
        callouts: [{ x: 0.5, y: 0.5, text: "Tape the back neck" }],
      },
    ],
  });
  // What approval asks of a tech pack: colourways, and a fabric filled for each.
  await put("colorways", { colorways: [{ key: "BLK", name: "Black", colorIds: [f.ids.black] }] });
  await put("fabrics", {
    rows: [
      {
        itemId: f.ids.jersey,
        placement: "Body",
        quantity: "1.2",
        unit: "m",
        costCents: 800,
        cells: { BLK: { variantId: f.ids.jerseyBlack, note: "" } },
      },
    ],
  });
  await put("cuttersMust", { pieces: [], trims: [], notes: "Cut the rib across the grain" });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await bare?.close();
  await deepl?.close();
});

describe("getTranslation (spec 7)", () => {
  test("translates one text through the service, with the key in DeepL's header", async () => {
    const res = await f.call("designer", "GET", "/api/productDev/getTranslation?text=Hem%20width&targetLang=es");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TTranslation>()).toMatchObject({ targetLang: "ES", translation: "[ES] Hem width" });
    expect(deepl.calls.at(-1)).toMatchObject({ authorization: `DeepL-Auth-Key ${KEY}`, text: ["Hem width"] });
  });

  test("an unknown language or an empty text is a 400 naming the field; no call is made", async () => {
    const before = deepl.calls.length;
    const lang = await f.call("designer", "GET", "/api/productDev/getTranslation?text=x&targetLang=xx");
    expect(lang.statusCode).toBe(400);
    expect(lang.json().fields.targetLang).toBe("Choose a language the Hub translates into");
    expect((await f.call("designer", "GET", "/api/productDev/getTranslation?text=&targetLang=ES")).statusCode).toBe(
      400,
    );
    expect(deepl.calls.length).toBe(before);
  });

  test("without a service it says translation is not set up", async () => {
    const token = await bare.signIn("designer");
    const res = await bare.request({
      method: "GET",
      url: "/api/productDev/getTranslation?text=x&targetLang=ES",
      token,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TRANSLATION_MESSAGES.notSetUp);
    const status = await bare.request({ method: "GET", url: "/api/productDev/translation/status", token });
    expect(status.json()).toMatchObject({ configured: false, provider: "none" });
  });

  test("a signed-out caller and a user without the Products card are refused", async () => {
    expect((await f.call(null, "GET", "/api/productDev/getTranslation?text=x&targetLang=ES")).statusCode).toBe(401);
    expect((await f.call("factory", "GET", "/api/productDev/getTranslation?text=x&targetLang=ES")).statusCode).toBe(
      403,
    );
  });
});

describe("a version's translation", () => {
  test("every text of the version is translated in one call and kept with it", async () => {
    const res = await f.call("designer", "POST", stp(stpId, "/translations"), { targetLang: "VI" });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TVersionTranslation>();
    expect(body.languageName).toBe("Vietnamese");
    expect(body.texts.map((x) => [x.path, x.text])).toEqual([
      ["details.description", "[VI Tiếng Việt] A relaxed crew neck tee"],
      ["cuttersMust.notes", "[VI Tiếng Việt] Cut the rib across the grain"],
      ["constructionDetails.steps.0.title", "[VI Tiếng Việt] Join shoulders"],
      ["constructionDetails.steps.0.description", "[VI Tiếng Việt] Overlock with 4 threads"],
      ["constructionDetails.steps.0.callouts.0.text", "[VI Tiếng Việt] Tape the back neck"],
    ]);
    expect(deepl.calls.at(-1)?.text).toHaveLength(5);
    const list = await f.call("designer", "GET", stp(stpId, "/translations"));
    expect(list.json().items).toMatchObject([{ lang: "VI", count: 5, outdated: 0, translatedBy: "designer" }]);
  });

  test("a service failure is a 503 and leaves the stored translation as it was", async () => {
    const before = await rowsOf();
    deepl.failWith(500);
    try {
      const res = await f.call("designer", "POST", stp(stpId, "/translations"), { targetLang: "VI" });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(TRANSLATION_MESSAGES.failed);
    } finally {
      deepl.failWith(200);
    }
    expect(await rowsOf()).toEqual(before);
  });

  test("a text changed since is shown as outdated", async () => {
    await put("cuttersMust", { pieces: [], trims: [], notes: "Cut the rib along the grain" });
    const read = await f.call("designer", "GET", stp(stpId, "/translations/vi"));
    expect(read.statusCode, read.body).toBe(200);
    const notes = read.json<TVersionTranslation>().texts.find((x) => x.path === "cuttersMust.notes");
    expect(notes).toMatchObject({ outdated: true, source: "Cut the rib across the grain" });
  });

  test("the PDF prints in the language with an embedded font that covers it; without a translation it says so", async () => {
    const plain = await f.call("designer", "GET", stp(stpId, "/techPack.pdf"));
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.toString("latin1")).not.toContain("NotoSans");
    const vi = await f.call("designer", "GET", stp(stpId, "/techPack.pdf?lang=VI"));
    expect(vi.statusCode, vi.body.slice(0, 200)).toBe(200);
    expect(vi.headers["content-disposition"]).toContain("-vi.pdf");
    expect(vi.rawPayload.toString("latin1")).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans/);
    const es = await f.call("designer", "GET", stp(stpId, "/techPack.pdf?lang=ES"));
    expect(es.statusCode).toBe(409);
    expect(es.json().message).toBe("This version has no Spanish translation yet: translate it first.");
  });

  test("the facility the version was sent to reads it; another brand and the facility cannot change it", async () => {
    // Not sent yet: the facility does not see the version at all.
    expect((await f.call("factory", "GET", stp(stpId, "/translations"))).statusCode).toBe(404);
    const submitted = await f.call("designer", "POST", stp(stpId, "/approval/submit"), {});
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await f.call("designer", "POST", stp(stpId, "/approval/approve"), {})).statusCode).toBe(200);
    const sent = await f.call("designer", "POST", stp(stpId, "/approval/send"), { factoryId: demoFactoryId });
    expect(sent.statusCode, sent.body).toBe(200);
    const read = await f.call("factory", "GET", stp(stpId, "/translations/VI"));
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<TVersionTranslation>().texts).toHaveLength(5);
    expect((await f.call("factory", "POST", stp(stpId, "/translations"), { targetLang: "ES" })).statusCode).toBe(403);
    // An approved and sent version may still be translated: it does not change the version's content.
    expect((await f.call("designer", "POST", stp(stpId, "/translations"), { targetLang: "ES" })).statusCode).toBe(200);
    expect((await f.call("client2", "GET", stp(stpId, "/translations/VI"))).statusCode).toBe(404);
    expect((await f.call("client2", "POST", stp(stpId, "/translations"), { targetLang: "ES" })).statusCode).toBe(404);
    expect((await f.call("client2", "DELETE", stp(stpId, "/translations/VI"))).statusCode).toBe(404);
    expect(product.id).toBeGreaterThan(0);
  });

  test("removing a translation", async () => {
    expect((await f.call("designer", "DELETE", stp(stpId, "/translations/ES"))).statusCode).toBe(204);
    expect((await f.call("designer", "DELETE", stp(stpId, "/translations/ES"))).statusCode).toBe(404);
    expect(
      (await f.call("designer", "GET", stp(stpId, "/translations"))).json().items.map((i: { lang: string }) => i.lang),
    ).toEqual(["VI"]);
  });
});
