import type {
  TApproval,
  TBomTabData,
  TEstimatesTab,
  TGradedSpecTab,
  TProduct,
  TProductPage,
  TProductStatusCount,
  TProductVersions,
  TTaskList,
  TTechPackHistoryPage,
  TTechPackSummary,
} from "@hub/contracts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type TechPackFixture, techPackFixture } from "./helpers/tech-pack-fixture";
import { createTestApp, type TestApp } from "./helpers/test-app";

/**
 * Products and the smart tech pack over HTTP on a real database: a product from a POM template,
 * colourways and a BOM per colourway, costing that follows the BOM, the graded spec, a stale save
 * refused with who saved, approvals by team role, history rows, versions, duplicate, tasks, the PDF.
 */

let t: TestApp;
let f: TechPackFixture;
let product: TProduct;
let stpId: number;

const tab = (name: string) => `/api/productDev/stps/${stpId}/tabs/${name}`;

beforeAll(async () => {
  t = await createTestApp();
  f = await techPackFixture(t);
  const res = await f.call("designer", "POST", "/api/productDev/products", {
    code: "TP-TEE-1",
    name: "Heavy tee",
    season: "SS27",
    category: "Tops",
    collection: "Test collection",
    batch: "Drop 1",
    tags: ["core", "tee"],
    targetCostCents: 1200,
    targetPriceCents: 4000,
    pomTemplateId: f.ids.template,
  });
  expect(res.statusCode, res.body).toBe(201);
  ({ product, stpId } = res.json<{ product: TProduct; stpId: number }>());
});
afterAll(async () => {
  await t?.close();
});

describe("products", () => {
  test("a product made from a POM template starts with its size range and graded points", async () => {
    expect(product.latestVersion).toBe(1);
    expect(product.latestStpId).toBe(stpId);
    const spec = (await f.call("designer", "GET", tab("gradedSpec"))).json<TGradedSpecTab>();
    expect(spec.sizes).toEqual(["XS", "S", "M", "L", "XL", "2XL", "3XL"]);
    expect(spec.baseSize).toBe("M");
    expect(spec.points.map((p) => p.code)).toEqual(["A", "B"]);
    expect(spec.chart[0]?.values).toEqual({ XS: 48, S: 50, M: 52, L: 54.5, XL: 57, "2XL": 60, "3XL": 63 });
  });

  test("list: search, status, collection and tag filters, sortBy, status counts and CSV", async () => {
    const list = (q: string) => f.call("designer", "GET", `/api/productDev/products?${q}`);
    const found = (await list("searchString=heavy")).json<TProductPage>();
    expect(found.items.map((p) => p.code)).toContain("TP-TEE-1");
    expect((await list("status=sampling&searchString=heavy")).json<TProductPage>().total).toBe(0);
    expect((await list("collection=Test%20collection")).json<TProductPage>().total).toBeGreaterThanOrEqual(1);
    expect((await list("tag=tee")).json<TProductPage>().items.some((p) => p.code === "TP-TEE-1")).toBe(true);
    expect((await list("sortBy=code&sortDir=desc")).statusCode).toBe(200);
    const bad = await list("sort=nope,asc");
    expect(bad.statusCode).toBe(400);
    const counts = (
      await f.call("designer", "GET", "/api/productDev/products/statusCount")
    ).json<TProductStatusCount>();
    expect(counts.counts.concept).toBeGreaterThanOrEqual(1);
    expect(Object.keys(counts.counts)).toHaveLength(6);
    const csv = await f.call("designer", "GET", "/api/productDev/products/export.csv?searchString=heavy");
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split("\r\n")[0]).toContain("code,name,status");
    expect(csv.body).toContain("TP-TEE-1");
  });

  test("a taken code is a 409 naming the field, and writes nothing", async () => {
    const res = await f.call("designer", "POST", "/api/productDev/products", { code: "tp-tee-1", name: "Again" });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields.code).toBeTruthy();
  });
});

describe("the tech pack", () => {
  test("colourways, a BOM per colourway and costing that follows the BOM", async () => {
    const cw = await f.call("designer", "PUT", tab("colorways"), {
      version: 0,
      colorways: [
        { key: "BLK", name: "Black", colorIds: [f.ids.black] },
        { key: "WHT", name: "White", colorIds: [f.ids.white] },
      ],
    });
    expect(cw.statusCode, cw.body).toBe(200);

    await f.call("designer", "PUT", tab("estimates"), {
      version: 0,
      labourCents: 450,
      overheadCents: 150,
      freightCents: 80,
      dutyBps: 1000,
      marginBps: 6000,
      setupCents: 10_000,
      quantities: [100, 1000],
    });

    const bom = await f.call("designer", "PUT", tab("fabrics"), {
      version: 0,
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
    expect(bom.statusCode, bom.body).toBe(200);
    const saved = bom.json<TBomTabData>();
    expect(saved.version).toBe(1);
    expect(saved.colorways.map((c) => c.key)).toEqual(["BLK", "WHT"]);
    expect(saved.choices.some((c) => c.id === f.ids.jersey && c.variants.length === 2)).toBe(true);

    const est = (await f.call("designer", "GET", tab("estimates"))).json<TEstimatesTab>();
    // Black: 1.25 × 9.00 = 11.25; duty 10% of 11.25+4.50+1.50 = 1.73; landed 11.25+4.50+1.50+1.73+0.80 = 19.78
    expect(est.costing.map((c) => [c.key, c.materialsCents, c.landedCents])).toEqual([
      ["BLK", 1125, 1978],
      ["WHT", 1063, 1909],
    ]);
    expect(est.costing[0]?.priceCents).toBe(4945);

    // Changing the BOM changes the estimate.
    const changed = await f.call("designer", "PUT", tab("fabrics"), {
      version: saved.version,
      rows: [{ ...saved.rows[0], quantity: "1.5" }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const again = (await f.call("designer", "GET", tab("estimates"))).json<TEstimatesTab>();
    expect(again.costing[0]?.materialsCents).toBe(1350);
  });

  test("a BOM row must name the team's item of the tab's kind, its variants and known colourways", async () => {
    const current = (await f.call("designer", "GET", tab("labels"))).json<TBomTabData>();
    const row = { itemId: f.ids.jersey, placement: "", quantity: "1", unit: "pc", costCents: 25, cells: {} };
    const wrongKind = await f.call("designer", "PUT", tab("labels"), { version: current.version, rows: [row] });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().fields["rows.0.itemId"]).toBeTruthy();
    const badColorway = await f.call("designer", "PUT", tab("labels"), {
      version: current.version,
      rows: [{ ...row, itemId: f.ids.label, cells: { NOPE: { variantId: null, note: "" } } }],
    });
    expect(badColorway.statusCode).toBe(400);
    const badVariant = await f.call("designer", "PUT", tab("labels"), {
      version: current.version,
      rows: [{ ...row, itemId: f.ids.label, cells: { BLK: { variantId: f.ids.jerseyBlack, note: "" } } }],
    });
    expect(badVariant.statusCode).toBe(400);
    const badQty = await f.call("designer", "PUT", tab("labels"), {
      version: current.version,
      rows: [{ ...row, itemId: f.ids.label, quantity: "1.2.3" }],
    });
    expect(badQty.statusCode).toBe(400);
    expect((await f.call("designer", "GET", tab("labels"))).json<TBomTabData>().version).toBe(current.version);
  });

  test("two people saving the same tab from one version: the second is refused with who saved", async () => {
    const loaded = (await f.call("designer", "GET", tab("productOptions"))).json<{ version: number }>();
    const body = (name: string) => ({
      version: loaded.version,
      options: [{ name, choices: [{ name: "Standard", upchargeCents: 0 }] }],
    });
    const [a, b] = await Promise.all([
      f.call("designer", "PUT", tab("productOptions"), body("Fit")),
      f.call("client", "PUT", tab("productOptions"), body("Neck")),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().message).toMatch(/Product options was changed by (designer|client) on/);
    expect(loser.json().fields.version).toBeTruthy();
  });

  test("graded spec: grade rules must name sizes of the range; the chart follows the rules", async () => {
    const spec = (await f.call("designer", "GET", tab("gradedSpec"))).json<TGradedSpecTab>();
    const points = spec.points.map((p) => (p.code === "B" ? { ...p, baseValue: 71 } : p));
    const bad = await f.call("designer", "PUT", tab("gradedSpec"), {
      version: spec.version,
      unit: "cm",
      points: [{ ...points[0], gradeRules: { XXS: 1 } }],
    });
    expect(bad.statusCode).toBe(400);
    const ok = await f.call("designer", "PUT", tab("gradedSpec"), { version: spec.version, unit: "cm", points });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<TGradedSpecTab>().chart[1]?.values["3XL"]).toBe(71 + 1.5 + 1.5 + 1 + 1);
  });

  test("approvals: a member submits, only the team admin approves; send records the factory hand-off", async () => {
    const summary = (await f.call("client", "GET", `/api/productDev/stps/${stpId}/summary`)).json<TTechPackSummary>();
    expect(summary.header.canApprove).toBe(false);
    const submit = await f.call("client", "POST", `/api/productDev/stps/${stpId}/approval/submit`, {});
    expect(submit.statusCode, submit.body).toBe(200);
    expect(submit.json<TApproval>().state).toBe("submitted");
    expect((await f.call("client", "POST", `/api/productDev/stps/${stpId}/approval/approve`, {})).statusCode).toBe(403);
    const reject = await f.call("designer", "POST", `/api/productDev/stps/${stpId}/approval/reject`, {});
    expect(reject.statusCode).toBe(400);
    expect(reject.json().fields.comment).toBeTruthy();
    const approve = await f.call("designer", "POST", `/api/productDev/stps/${stpId}/approval/approve`, {
      comment: "Good to go",
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json<TApproval>().state).toBe("approved");
    // An approved pack is locked: changes need a new version.
    const locked = (await f.call("designer", "GET", tab("productOptions"))).json<{ version: number }>();
    const refused = await f.call("designer", "PUT", tab("productOptions"), { version: locked.version, options: [] });
    expect(refused.statusCode).toBe(409);
    const sent = await f.call("designer", "POST", `/api/productDev/stps/${stpId}/approval/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<TApproval>().sentToFactoryAt).not.toBeNull();
    const p = (await f.call("designer", "GET", `/api/productDev/products/${product.id}`)).json<TProduct>();
    expect(p.status).toBe("in_production");
    expect((await f.call("designer", "POST", `/api/productDev/stps/${stpId}/approval/send`, {})).statusCode).toBe(409);
  });

  test("history: one entry per save, fields by label, money as money, people by name, Created first", async () => {
    const page = (
      await f.call("designer", "GET", `/api/productDev/stps/${stpId}/history?tab=fabrics&size=100`)
    ).json<TTechPackHistoryPage>();
    const save = page.items.find((h) => h.changes.some((c) => c.field === "rows[0].quantity" && c.oldValue === "1.25"));
    expect(save).toMatchObject({ userName: "designer", tab: "fabrics", tabLabel: "Fabrics" });
    expect(save?.userDisplayName).not.toBe("designer");
    expect(save?.changes.find((c) => c.field === "rows[0].quantity")).toMatchObject({
      label: "Row 1 · Quantity",
      newValue: "1.5",
    });
    // One entry per save: the first BOM save wrote several fields, all in one entry.
    const first = page.items[0];
    expect(first?.changes.length).toBeGreaterThan(1);
    expect(first?.changes.some((c) => c.label === "Row 1 · Item" && c.newValue?.includes("Cotton jersey"))).toBe(true);
    const estimates = (
      await f.call("designer", "GET", `/api/productDev/stps/${stpId}/history?tab=estimates`)
    ).json<TTechPackHistoryPage>();
    expect(estimates.items[0]?.changes.find((c) => c.field === "labourCents")).toMatchObject({
      label: "Labour",
      newValue: "$4.50",
    });
    const approvals = (
      await f.call("designer", "GET", `/api/productDev/stps/${stpId}/history?tab=approval`)
    ).json<TTechPackHistoryPage>();
    expect(approvals.items.flatMap((h) => h.changes.map((c) => c.newValue))).toContain(
      "submitted → approved: Good to go",
    );
    const all = (
      await f.call("designer", "GET", `/api/productDev/stps/${stpId}/history?size=5`)
    ).json<TTechPackHistoryPage>();
    expect(all.items[0]?.changes[0]?.field).toBe("created");
    const search = (
      await f.call("designer", "GET", `/api/productDev/stps/${stpId}/history?searchString=Good%20to%20go`)
    ).json<TTechPackHistoryPage>();
    expect(search.total).toBe(1);
  });

  test("a new version copies the tech pack; the old one stays readable and refuses changes", async () => {
    const made = await f.call("designer", "POST", `/api/productDev/products/${product.id}/versions`, {
      note: "Fit fix",
    });
    expect(made.statusCode, made.body).toBe(201);
    const versions = (
      await f.call("designer", "GET", `/api/productDev/products/${product.id}/versions`)
    ).json<TProductVersions>();
    expect(versions.versions.map((v) => [v.version, v.readOnly, v.approvalState])).toEqual([
      [2, false, "draft"],
      [1, true, "approved"],
    ]);
    const v2 = versions.versions[0]?.stpId;
    const copied = (await f.call("designer", "GET", `/api/productDev/stps/${v2}/tabs/fabrics`)).json<TBomTabData>();
    expect(copied.rows[0]?.quantity).toBe("1.5");
    const old = (await f.call("designer", "GET", tab("sizing"))).json<{ version: number; readOnly: boolean }>();
    expect(old.readOnly).toBe(true);
    const refused = await f.call("designer", "PUT", tab("sizing"), {
      version: old.version,
      sizeRangeId: null,
      sizes: ["S"],
      baseSize: "S",
    });
    expect(refused.statusCode).toBe(409);
  });

  test("duplicate: a new product with a copy of the latest tech pack", async () => {
    const res = await f.call("designer", "POST", `/api/productDev/products/${product.id}/duplicate`, {
      code: "TP-TEE-2",
    });
    expect(res.statusCode, res.body).toBe(201);
    const dup = res.json<{ product: TProduct; stpId: number }>();
    expect(dup.product.name).toBe("Heavy tee (copy)");
    expect(dup.product.status).toBe("concept");
    const bom = (await f.call("designer", "GET", `/api/productDev/stps/${dup.stpId}/tabs/fabrics`)).json<TBomTabData>();
    expect(bom.rows).toHaveLength(1);
  });

  test("tasks: add, assign to a team member, close, delete", async () => {
    const list = (await f.call("designer", "GET", `/api/productDev/stps/${stpId}/tasks`)).json<TTaskList>();
    const member = list.members[0]?.userId ?? 0;
    const made = await f.call("designer", "POST", `/api/productDev/stps/${stpId}/tasks`, {
      title: "Send lab dips",
      assigneeUserId: member,
      dueDate: "2027-01-15",
      status: "open",
    });
    expect(made.statusCode, made.body).toBe(201);
    const task = made.json<TTaskList>().tasks.find((x) => x.title === "Send lab dips");
    expect(task?.assigneeName).toBeTruthy();
    const outsider = await f.call("designer", "POST", `/api/productDev/stps/${stpId}/tasks`, {
      title: "X",
      assigneeUserId: 999_999,
      dueDate: null,
      status: "open",
    });
    expect(outsider.statusCode).toBe(400);
    const done = await f.call("designer", "PUT", `/api/productDev/stps/${stpId}/tasks/${task?.id}`, {
      title: "Send lab dips",
      assigneeUserId: member,
      dueDate: "2027-01-15",
      status: "done",
    });
    expect(done.json<TTaskList>().tasks.find((x) => x.id === task?.id)?.status).toBe("done");
    const gone = await f.call("designer", "DELETE", `/api/productDev/stps/${stpId}/tasks/${task?.id}`);
    expect(gone.json<TTaskList>().tasks.some((x) => x.id === task?.id)).toBe(false);
  });

  test("the PDF answers every section as pages", async () => {
    const res = await f.call("designer", "GET", `/api/productDev/stps/${stpId}/techPack.pdf`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const pages = res.rawPayload.toString("latin1").match(/\/Type \/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThanOrEqual(7);
  });
});
