import { inflateSync } from "node:zlib";
import {
  DOCUMENT_TABS,
  FROZEN_FIELD,
  type TApproval,
  type TFacilityTechPackPage,
  type TProduct,
  type TProductVersions,
  type TTechPackHeader,
  USER_TYPES,
} from "@hub/contracts";
import { schema } from "@hub/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type TechPackFixture, techPackFixture } from "./helpers/tech-pack-fixture";
import { createTestApp, type TestApp } from "./helpers/test-app";
import { multipart, PNG } from "./stand-ins/uploads";

/**
 * Issue 23, the brand-to-factory handoff: an approved version is frozen (every write refused,
 * naming the version), its details are its own (a change in version 2 leaves version 1's tabs and
 * PDF as they were), and sending it gives the chosen facility (and no other) a read-only copy in
 * its Tech Packs, with an email; the brand sees when the facility first opened it.
 */

let t: TestApp;
let f: TechPackFixture;
let product: TProduct;
let v1: number;
let demoFactoryId: number;
let otherFactoryId: number;
/** A user of a second facility that works for nobody here. */
let fiona: string;

const stp = (id: number, rest = "") => `/api/productDev/stps/${id}${rest}`;

/** Every stream of a PDF (pages, fonts, images), inflated: what it draws, without the file's date and id. */
const pdfText = (bytes: Buffer): string => {
  const raw = bytes.toString("latin1");
  const out: string[] = [];
  const re = /(?<!end)stream\r?\n/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf("endstream", start);
    const chunk = Buffer.from(raw.slice(start, end), "latin1");
    try {
      out.push(inflateSync(chunk).toString("latin1"));
    } catch {
      // Not a compressed stream (an image's raw bytes): compared as it is.
      out.push(chunk.toString("latin1"));
    }
  }
  return out.join("\n");
};

const user = async (userName: string, type: "factory" | "designer", factoryId: number | null) => {
  const [like] = await t.db.select().from(schema.identityUsers).where(eq(schema.identityUsers.username, "designer"));
  await t.db.insert(schema.identityUsers).values({
    username: userName,
    email: `${userName}@demo.hub.test`,
    emailVerified: true,
    firstName: userName,
    lastName: "Test",
    passwordHash: like?.passwordHash ?? "",
    status: "CONFIRMED",
  });
  await t.db.insert(schema.users).values({
    userName,
    email: `${userName}@demo.hub.test`,
    firstName: userName,
    lastName: "Test",
    typeId: USER_TYPES.find((u) => u.name === type)?.id ?? 0,
    userFactoryId: factoryId,
  });
  return t.signIn(userName);
};
const as = (token: string, method: "GET" | "POST" | "PUT", url: string, payload?: unknown) =>
  t.request({ method, url, token, ...(payload === undefined ? {} : { payload: payload as object }) });

/** Fills a pack so it can be submitted: colourways, a BOM row per colourway (sizing and POMs come from the template). */
const complete = async (stpId: number) => {
  const put = async (tab: string, body: object) => {
    const version = (await f.call("designer", "GET", stp(stpId, `/tabs/${tab}`))).json<{ version: number }>().version;
    const res = await f.call("designer", "PUT", stp(stpId, `/tabs/${tab}`), { version, ...body });
    expect(res.statusCode, `${tab}: ${res.body}`).toBe(200);
  };
  await put("colorways", {
    colorways: [
      { key: "BLK", name: "Black", colorIds: [f.ids.black] },
      { key: "WHT", name: "White", colorIds: [f.ids.white] },
    ],
  });
  await put("fabrics", {
    rows: [
      {
        itemId: f.ids.jersey,
        placement: "Body",
        quantity: "1.25",
        unit: "m",
        costCents: 800,
        cells: { BLK: { variantId: f.ids.jerseyBlack, note: "" }, WHT: { variantId: f.ids.jerseyWhite, note: "" } },
      },
    ],
  });
  await put("estimates", {
    labourCents: 450,
    overheadCents: 150,
    freightCents: 80,
    dutyBps: 1000,
    marginBps: 6000,
    setupCents: 0,
    quantities: [100],
  });
};

/** Everything a version shows: its details, every document tab (without the tab stamps), and its PDF's text. */
const snapshot = async (stpId: number) => {
  const strip = (body: Record<string, unknown>) => {
    const { version: _v, savedAt: _s, savedBy: _b, readOnly: _r, ...rest } = body;
    return rest;
  };
  const tabs: Record<string, unknown> = {};
  tabs.details = strip((await f.call("designer", "GET", stp(stpId, "/tabs/editProductDetails"))).json());
  for (const tab of DOCUMENT_TABS)
    tabs[tab] = strip((await f.call("designer", "GET", stp(stpId, `/tabs/${tab}`))).json());
  const pdf = await f.call("designer", "GET", stp(stpId, "/techPack.pdf"));
  expect(pdf.statusCode).toBe(200);
  return { tabs, pdf: pdfText(pdf.rawPayload) };
};

beforeAll(async () => {
  t = await createTestApp();
  f = await techPackFixture(t, "HO");
  const [demo] = await t.db.select().from(schema.factories).where(eq(schema.factories.name, "Hub Demo Factory"));
  demoFactoryId = demo?.factoryId ?? 0;
  const [other] = await t.db.insert(schema.factories).values({ name: "Second Mill" }).returning();
  otherFactoryId = other?.factoryId ?? 0;
  fiona = await user("fiona", "factory", otherFactoryId);
  const res = await f.call("designer", "POST", "/api/productDev/products", {
    code: "HO-TEE-1",
    name: "Handoff tee",
    season: "SS27",
    category: "Tops",
    fit: "Regular",
    description: "As approved",
    targetCostCents: 1200,
    targetPriceCents: 4000,
    pomTemplateId: f.ids.template,
  });
  expect(res.statusCode, res.body).toBe(201);
  ({ product, stpId: v1 } = res.json<{ product: TProduct; stpId: number }>());
  await complete(v1);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe("a draft is the team's only", () => {
  test("no facility reads a draft or an unsent version; its Tech Packs list does not show it", async () => {
    for (const url of [stp(v1), stp(v1, "/tabs/fabrics"), stp(v1, "/techPack.pdf"), stp(v1, "/approval")]) {
      expect((await f.call("factory", "GET", url)).statusCode, url).toBe(404);
      expect((await as(fiona, "GET", url)).statusCode, url).toBe(404);
      expect((await f.call("client2", "GET", url)).statusCode, url).toBe(404);
    }
    const list = (await f.call("factory", "GET", "/api/productDev/techPacks?searchString=HO-TEE")).json();
    expect(list.total).toBe(0);
    // The brand's users have no Tech Packs card: the list is the facility's.
    expect((await f.call("designer", "GET", "/api/productDev/techPacks")).statusCode).toBe(403);
  });

  test("submitting while setup is missing says what is missing", async () => {
    const made = await f.call("designer", "POST", "/api/productDev/products", { code: "HO-EMPTY", name: "Empty" });
    const res = await f.call("designer", "POST", stp(made.json().stpId, "/approval/submit"), {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("At least one colourway");
  });
});

describe("approving freezes the version", () => {
  test("a team may want approval by someone other than the submitter", async () => {
    const [team] = await t.db.select().from(schema.teams).where(eq(schema.teams.id, f.teamId));
    const setRule = async (on: boolean) => {
      const res = await f.call("designer", "PUT", `/api/productDev/teams/update?id=${f.teamId}`, {
        displayName: team?.displayName,
        approvalBySecondPerson: on,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // Only a team admin sets the rule.
    expect(
      (
        await f.call("client", "PUT", `/api/productDev/teams/update?id=${f.teamId}`, {
          displayName: team?.displayName,
          approvalBySecondPerson: true,
        })
      ).statusCode,
    ).toBe(403);
    await setRule(true);
    const mine = (await f.call("designer", "GET", "/api/productDev/teams/findAll")).json();
    expect(mine.find((x: { id: number }) => x.id === f.teamId)?.approvalBySecondPerson).toBe(true);
    expect((await f.call("designer", "POST", stp(v1, "/approval/submit"), {})).statusCode).toBe(200);
    const self = await f.call("designer", "POST", stp(v1, "/approval/approve"), {});
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toContain("someone other than the submitter");
    // The internal admin is another person: approves.
    const ok = await f.call("admin", "POST", stp(v1, "/approval/approve"), {});
    expect(ok.statusCode, ok.body).toBe(200);
    await setRule(false);
  });

  test("every write to the approved version is refused, naming the version and offering a new one", async () => {
    const refused = (res: { statusCode: number; json: () => { message: string; fields?: Record<string, string> } }) => {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain("Version 1 is approved");
      expect(res.json().message).toContain("New version");
      expect(res.json().fields?.[FROZEN_FIELD]).toBeTruthy();
    };
    for (const tab of DOCUMENT_TABS) {
      const current = (await f.call("designer", "GET", stp(v1, `/tabs/${tab}`))).json();
      expect(current.readOnly, tab).toBe(true);
      const { savedAt: _s, savedBy: _b, readOnly: _r, stpId: _i, ...body } = current;
      refused(await f.call("designer", "PUT", stp(v1, `/tabs/${tab}`), body));
    }
    const details = (await f.call("designer", "GET", stp(v1, "/tabs/editProductDetails"))).json();
    const { savedAt: _s, savedBy: _b, readOnly: _r, stpId: _i, ...fields } = details;
    refused(await f.call("designer", "PUT", stp(v1, "/tabs/editProductDetails"), { ...fields, fit: "Slim" }));
    const upload = multipart("sketch.png", PNG, "image/png");
    refused(
      await t.request({
        method: "POST",
        url: stp(v1, "/uploads?purpose=image"),
        token: f.tokens.designer,
        headers: upload.headers,
        payload: upload.payload,
      }),
    );
    const header = (await f.call("designer", "GET", stp(v1))).json<TTechPackHeader>();
    expect(header.frozen).toBe(true);
    expect(header.canEdit).toBe(false);
    expect(header.product.fit).toBe("Regular");
  });
});

describe("sending to a facility", () => {
  test("sending asks which facility: the brand's own is offered first; another facility is refused", async () => {
    const approval = (await f.call("designer", "GET", stp(v1, "/approval"))).json<TApproval>();
    expect(approval.canSend).toBe(true);
    expect(approval.facilities.map((x) => x.id)).toContain(demoFactoryId);
    expect(approval.facilities.map((x) => x.id)).not.toContain(otherFactoryId);
    expect(approval.defaultFacilityId).toBe(demoFactoryId);
    // People by name in the decisions.
    const submitted = approval.log.find((l) => l.action === "submit");
    expect(submitted?.userName).toBe("designer");
    expect(submitted?.userDisplayName).not.toBe("designer");
    const wrong = await f.call("designer", "POST", stp(v1, "/approval/send"), { factoryId: otherFactoryId });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.factoryId).toBeTruthy();
    // A member who is not the team admin cannot send.
    expect((await f.call("client", "POST", stp(v1, "/approval/send"), { factoryId: demoFactoryId })).statusCode).toBe(
      403,
    );
  });

  test("the facility's users get an email, and the version in their Tech Packs, newest first", async () => {
    const before = (await t.mailbox()).length;
    const sent = await f.call("designer", "POST", stp(v1, "/approval/send"), { factoryId: demoFactoryId });
    expect(sent.statusCode, sent.body).toBe(200);
    const approval = sent.json<TApproval>();
    expect(approval.sends.map((s) => s.factoryId)).toEqual([demoFactoryId]);
    expect(approval.sends[0]?.firstOpenedAt).toBeNull();
    const again = await f.call("designer", "POST", stp(v1, "/approval/send"), { factoryId: demoFactoryId });
    expect(again.statusCode).toBe(409);

    // The in-app message: one new tech pack, named.
    const news = (await f.call("factory", "GET", "/api/productDev/techPacks/new")).json();
    expect(news.count).toBeGreaterThanOrEqual(1);
    expect(news.latest).toMatchObject({ productCode: "HO-TEE-1", version: 1 });
    expect((await as(fiona, "GET", "/api/productDev/techPacks/new")).json().count).toBe(0);
    expect((await f.call("designer", "GET", "/api/productDev/techPacks/new")).statusCode).toBe(403);
    const mails = (await t.mailbox()).slice(before);
    expect(mails.some((m) => m.to === "factory@demo.hub.test" && m.subject.includes("HO-TEE-1"))).toBe(true);
    expect(mails.some((m) => m.to.startsWith("fiona"))).toBe(false);

    const list = (
      await f.call("factory", "GET", "/api/productDev/techPacks?searchString=handoff")
    ).json<TFacilityTechPackPage>();
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      stpId: v1,
      productId: product.id,
      version: 1,
      brand: "Northwind Apparel",
      productCode: "HO-TEE-1",
      productName: "Handoff tee",
      firstOpenedAt: null,
    });
    expect(list.items[0]?.sentByName).toBeTruthy();
    const all = (await f.call("factory", "GET", "/api/productDev/techPacks?size=50")).json<TFacilityTechPackPage>();
    expect(all.items[0]?.stpId).toBe(v1);
    expect(all.items.some((x) => x.productCode === "NW-SS27-01")).toBe(true);
    // The second facility sees nothing of it.
    const theirs = (await as(fiona, "GET", "/api/productDev/techPacks")).json<TFacilityTechPackPage>();
    expect(theirs.total).toBe(0);
  });

  test("the facility opens the sent version read-only: every tab and the PDF; the brand sees when", async () => {
    const header = await f.call("factory", "GET", stp(v1));
    expect(header.statusCode, header.body).toBe(200);
    expect(header.json<TTechPackHeader>()).toMatchObject({ viewer: "facility", canEdit: false, frozen: true });
    for (const tab of ["editProductDetails", ...DOCUMENT_TABS]) {
      const res = await f.call("factory", "GET", stp(v1, `/tabs/${tab}`));
      expect(res.statusCode, `${tab}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.json().readOnly).toBe(true);
    }
    // What the version uses, not the team's whole library.
    const fabrics = (await f.call("factory", "GET", stp(v1, "/tabs/fabrics"))).json();
    expect(fabrics.choices.map((c: { id: number }) => c.id)).toEqual([f.ids.jersey]);
    for (const rest of ["/summary", "/approval", "/confirmSetup", "/history", "/tasks", "/techPack.pdf"])
      expect((await f.call("factory", "GET", stp(v1, rest))).statusCode, rest).toBe(200);
    expect((await f.call("factory", "GET", stp(v1, `/pomTemplates/${f.ids.template}`))).statusCode).toBe(403);
    // Nothing changes through it.
    const options = (await f.call("factory", "GET", stp(v1, "/tabs/productOptions"))).json();
    expect(
      (await f.call("factory", "PUT", stp(v1, "/tabs/productOptions"), { version: options.version, options: [] }))
        .statusCode,
    ).toBe(403);
    expect((await f.call("factory", "POST", stp(v1, "/approval/submit"), {})).statusCode).toBe(403);
    expect((await f.call("factory", "GET", `/api/productDev/products/${product.id}/versions`)).statusCode).toBe(403);
    // Another facility and another brand: 404.
    expect((await as(fiona, "GET", stp(v1))).statusCode).toBe(404);
    expect((await as(fiona, "GET", stp(v1, "/techPack.pdf"))).statusCode).toBe(404);
    expect((await f.call("client2", "GET", stp(v1))).statusCode).toBe(404);

    const versions = (
      await f.call("designer", "GET", `/api/productDev/products/${product.id}/versions`)
    ).json<TProductVersions>();
    const sent = versions.versions.find((v) => v.stpId === v1);
    expect(sent?.sends[0]?.factoryName).toBe("Hub Demo Factory");
    expect(sent?.sends[0]?.firstOpenedAt).toBeTruthy();
  }, 120_000);

  test("a change in version 2 leaves version 1's tabs and PDF exactly as sent", async () => {
    const nv = await f.call("designer", "POST", `/api/productDev/products/${product.id}/versions`, {});
    expect(nv.statusCode, nv.body).toBe(201);
    const v2 = nv.json<{ stpId: number }>().stpId;
    const before = await snapshot(v1);

    // Change everything in version 2.
    const details = (await f.call("designer", "GET", stp(v2, "/tabs/editProductDetails"))).json();
    const changed = await f.call("designer", "PUT", stp(v2, "/tabs/editProductDetails"), {
      version: details.version,
      code: "HO-TEE-1",
      name: "Handoff tee, revised",
      status: "in_development",
      season: "AW27",
      category: "Knit tops",
      collection: "Revised",
      batch: "Drop 9",
      fit: "Slim",
      description: "Changed after sending",
      tags: ["changed"],
      targetCostCents: 999,
      targetPriceCents: 2999,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const put = async (tab: string, body: object) => {
      const version = (await f.call("designer", "GET", stp(v2, `/tabs/${tab}`))).json().version;
      const res = await f.call("designer", "PUT", stp(v2, `/tabs/${tab}`), { version, ...body });
      expect(res.statusCode, `${tab}: ${res.body}`).toBe(200);
    };
    await put("colorways", {
      colorways: [
        { key: "BLK", name: "Black", colorIds: [f.ids.black] },
        { key: "NVY", name: "Navy", colorIds: [f.ids.navy] },
      ],
    });
    await put("fabrics", {
      rows: [
        {
          itemId: f.ids.rib,
          placement: "Cuffs",
          quantity: "0.2",
          unit: "m",
          costCents: 650,
          cells: { BLK: { variantId: null, note: "tonal" }, NVY: { variantId: null, note: "" } },
        },
      ],
    });
    await put("labels", {
      rows: [
        {
          itemId: f.ids.label,
          placement: "Neck",
          quantity: "1",
          unit: "pc",
          costCents: 25,
          cells: { BLK: { variantId: null, note: "" }, NVY: { variantId: null, note: "" } },
        },
      ],
    });
    await put("estimates", {
      labourCents: 999,
      overheadCents: 1,
      freightCents: 2,
      dutyBps: 0,
      marginBps: 1000,
      setupCents: 5,
      quantities: [5],
    });
    const spec = (await f.call("designer", "GET", stp(v2, "/tabs/gradedSpec"))).json();
    await put("gradedSpec", {
      unit: spec.unit,
      points: spec.points.map((p: { baseValue: number }) => ({ ...p, baseValue: p.baseValue + 3 })),
    });
    await put("productOptions", { options: [{ name: "Neck", choices: [{ name: "Crew", upchargeCents: 0 }] }] });
    await put("cuttersMust", {
      pieces: [{ group: "Body", name: "Front", fabricItemId: f.ids.jersey, count: 1 }],
      trims: [{ name: "Neck tape", quantity: "0.5" }],
      notes: "Cut single ply",
    });
    const upload = multipart("front.png", PNG, "image/png");
    const image = await t.request({
      method: "POST",
      url: stp(v2, "/uploads?purpose=image"),
      token: f.tokens.designer,
      headers: upload.headers,
      payload: upload.payload,
    });
    expect(image.statusCode, image.body).toBe(201);
    const fileId = image.json<{ id: number }>().id;
    await put("images", { images: [{ fileId, category: "front", caption: "New front" }] });
    await put("files", { files: [{ fileId, note: "Spec sheet" }] });
    await put("constructionDetails", {
      steps: [{ title: "Join shoulders", description: "Overlock", imageFileId: fileId, callouts: [] }],
    });
    // Sizes too: 3XL dropped (its grade rules first), the base size kept.
    const graded = (await f.call("designer", "GET", stp(v2, "/tabs/gradedSpec"))).json();
    await put("gradedSpec", {
      unit: graded.unit,
      points: graded.points.map((p: { gradeRules: Record<string, number> }) => {
        const { "3XL": _drop, ...rules } = p.gradeRules;
        return { ...p, gradeRules: rules };
      }),
    });
    const sizing = (await f.call("designer", "GET", stp(v2, "/tabs/sizing"))).json();
    await put("sizing", {
      sizeRangeId: null,
      sizes: sizing.sizes.filter((x: string) => x !== "3XL"),
      baseSize: sizing.baseSize,
    });

    expect((await f.call("designer", "GET", stp(v2, "/tabs/editProductDetails"))).json().fit).toBe("Slim");
    const after = await snapshot(v1);
    expect(after.tabs).toEqual(before.tabs);
    expect(after.pdf).toBe(before.pdf);
    expect(after.pdf.length).toBeGreaterThan(1000);
    // The facility still reads what was sent.
    const seen = (await f.call("factory", "GET", stp(v1, "/tabs/editProductDetails"))).json();
    expect(seen).toMatchObject({ fit: "Regular", name: "Handoff tee", description: "As approved" });
    // The list shows the product as its latest version does.
    const listed = (await f.call("designer", "GET", "/api/productDev/products?searchString=HO-TEE-1")).json<{
      items: TProduct[];
    }>();
    expect(listed.items[0]?.fit).toBe("Slim");
  }, 180_000);
});
