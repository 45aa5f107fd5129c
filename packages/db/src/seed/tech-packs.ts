import { createHash } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { HubDb, HubTx } from "../client";
import {
  type ProductStatus,
  pdLibraryItems,
  pdLibraryVariants,
  pdPomTemplatePoints,
  pdPomTemplates,
  pdProducts,
  pdSizeRanges,
  pdTechPackApprovals,
  pdTechPackHistory,
  pdTechPackParts,
  pdTechPacks,
  pdTechPackTasks,
  storedFiles,
  teams,
  teamUsers,
} from "../schema/index";
import { DAY } from "./random";
import { demoSketchKey, type SketchName, sketchPng } from "./sketches";
import { seedTechPackHandoff } from "./tech-pack-handoff";

/*
 * Northwind's design season (issue 12): the "SS27 Essentials" collection of a dozen products in
 * every status, two of them with complete tech packs (BOM for three colourways, graded spec XS–3XL,
 * costing, construction callouts, approvals and history). The design library's own seed
 * (seed/design-library.ts) may hold other codes: the items used here are inserted with
 * "on conflict do nothing" on (team, kind, lower(code)) and then read back by code, so both coexist.
 */

const TEAM = "northwind-design";
const SIZES = ["XS", "S", "M", "L", "XL", "2XL", "3XL"];
const COLLECTION = "SS27 Essentials";

type Item = {
  kind: string;
  code: string;
  name: string;
  unit: string;
  costCents: number;
  attrs?: Record<string, unknown>;
};
const ITEMS: Item[] = [
  { kind: "fabrics", code: "TP-JER180", name: "Organic cotton jersey 180 gsm", unit: "m", costCents: 780 },
  { kind: "fabrics", code: "TP-RIB1X1", name: "1x1 cotton rib 220 gsm", unit: "m", costCents: 640 },
  { kind: "fabrics", code: "TP-FT300", name: "French terry 300 gsm", unit: "m", costCents: 1150 },
  { kind: "notions", code: "TP-TAPE10", name: "Cotton neck tape 10 mm", unit: "m", costCents: 18 },
  { kind: "notions", code: "TP-DRAW", name: "Flat drawcord 120 cm", unit: "pc", costCents: 45 },
  { kind: "labels", code: "TP-MAIN", name: "Woven main label", unit: "pc", costCents: 22 },
  { kind: "labels", code: "TP-CARE", name: "Printed care label", unit: "pc", costCents: 6 },
  { kind: "threads", code: "TP-THR40", name: "Polyester core-spun thread 40/2", unit: "cone", costCents: 310 },
  { kind: "graphics", code: "TP-LOGO", name: "Chest logo screen print", unit: "pc", costCents: 55 },
  { kind: "packaging", code: "TP-POLY", name: "Recycled polybag", unit: "pc", costCents: 4 },
  { kind: "packaging", code: "TP-HANG", name: "Hangtag with string", unit: "pc", costCents: 12 },
  {
    kind: "colors",
    code: "TP-BLK",
    name: "Jet black",
    unit: "pc",
    costCents: 0,
    attrs: { hex: "#111111", pantone: "19-4005 TCX" },
  },
  {
    kind: "colors",
    code: "TP-WHT",
    name: "Optic white",
    unit: "pc",
    costCents: 0,
    attrs: { hex: "#f7f7f5", pantone: "11-0601 TCX" },
  },
  {
    kind: "colors",
    code: "TP-NVY",
    name: "Harbour navy",
    unit: "pc",
    costCents: 0,
    attrs: { hex: "#1f2a44", pantone: "19-4013 TCX" },
  },
];
/** Colour variants of the items that change per colourway. */
const VARIANTS: Record<string, { code: string; name: string; costCents: number }[]> = {
  "TP-JER180": [
    { code: "BLK", name: "Jersey jet black", costCents: 820 },
    { code: "WHT", name: "Jersey optic white", costCents: 760 },
    { code: "NVY", name: "Jersey harbour navy", costCents: 800 },
  ],
  "TP-RIB1X1": [
    { code: "BLK", name: "Rib jet black", costCents: 660 },
    { code: "WHT", name: "Rib optic white", costCents: 620 },
    { code: "NVY", name: "Rib harbour navy", costCents: 650 },
  ],
  "TP-FT300": [
    { code: "BLK", name: "Terry jet black", costCents: 1190 },
    { code: "WHT", name: "Terry optic white", costCents: 1120 },
    { code: "NVY", name: "Terry harbour navy", costCents: 1160 },
  ],
  "TP-THR40": [
    { code: "BLK", name: "Thread black", costCents: 310 },
    { code: "WHT", name: "Thread white", costCents: 310 },
    { code: "NVY", name: "Thread navy", costCents: 310 },
  ],
  "TP-LOGO": [
    { code: "WHT", name: "White ink", costCents: 55 },
    { code: "BLK", name: "Black ink", costCents: 55 },
  ],
};

/** A tee's points of measure (cm): base value in M and grade rules per size. */
const POMS = [
  {
    code: "A",
    description: "Chest width, 2 cm below armhole",
    base: 54,
    grades: [2, 2, 2.5, 2.5, 3, 3],
    tol: 1,
    critical: true,
  },
  {
    code: "B",
    description: "Body length from HPS",
    base: 72,
    grades: [1.5, 1.5, 1.5, 1.5, 1, 1],
    tol: 1,
    critical: true,
  },
  { code: "C", description: "Shoulder width", base: 46, grades: [1, 1, 1.5, 1.5, 1.5, 1.5], tol: 0.5, critical: false },
  {
    code: "D",
    description: "Sleeve length from shoulder point",
    base: 21,
    grades: [0.5, 0.5, 0.5, 0.5, 0.5, 0.5],
    tol: 0.5,
    critical: false,
  },
  { code: "E", description: "Armhole, straight", base: 23, grades: [1, 1, 1, 1, 1, 1], tol: 0.5, critical: false },
  {
    code: "F",
    description: "Sleeve opening width",
    base: 17.5,
    grades: [0.5, 0.5, 0.75, 0.75, 0.75, 0.75],
    tol: 0.5,
    critical: false,
  },
  {
    code: "G",
    description: "Neck width, seam to seam",
    base: 19,
    grades: [0.5, 0.5, 0.5, 0.5, 0.5, 0.5],
    tol: 0.5,
    critical: true,
  },
  {
    code: "H",
    description: "Front neck drop from HPS",
    base: 9,
    grades: [0.25, 0.25, 0.25, 0.25, 0.5, 0.5],
    tol: 0.3,
    critical: false,
  },
  { code: "I", description: "Back neck drop from HPS", base: 2, grades: [0, 0, 0, 0, 0, 0], tol: 0.2, critical: false },
  { code: "J", description: "Hem width", base: 53, grades: [2, 2, 2.5, 2.5, 3, 3], tol: 1, critical: false },
  { code: "K", description: "Neck rib height", base: 2, grades: [0, 0, 0, 0, 0, 0], tol: 0.2, critical: false },
  { code: "L", description: "Hem height", base: 2.5, grades: [0, 0, 0, 0, 0, 0], tol: 0.2, critical: false },
];
/** Grade rules per size: the increment from the neighbour towards M (XS, S below; L… above). */
const gradeRules = (g: number[]) => ({
  XS: g[0] ?? 0,
  S: g[1] ?? 0,
  L: g[2] ?? 0,
  XL: g[3] ?? 0,
  "2XL": g[4] ?? 0,
  "3XL": g[5] ?? 0,
});

type ProductSeed = {
  code: string;
  name: string;
  status: ProductStatus;
  category: string;
  batch: string;
  tags: string[];
  cost: number;
  price: number;
};
const PRODUCTS: ProductSeed[] = [
  {
    code: "NW-SS27-01",
    name: "Essential crew tee",
    status: "in_production",
    category: "Tops",
    batch: "Drop 1",
    tags: ["core", "tee"],
    cost: 1100,
    price: 3800,
  },
  {
    code: "NW-SS27-02",
    name: "Relaxed pocket tee",
    status: "sampling",
    category: "Tops",
    batch: "Drop 1",
    tags: ["core", "tee"],
    cost: 1200,
    price: 4200,
  },
  {
    code: "NW-SS27-03",
    name: "Boxy heavyweight tee",
    status: "approved",
    category: "Tops",
    batch: "Drop 1",
    tags: ["tee"],
    cost: 1400,
    price: 4800,
  },
  {
    code: "NW-SS27-04",
    name: "Terry crew sweatshirt",
    status: "in_development",
    category: "Fleece",
    batch: "Drop 2",
    tags: ["fleece"],
    cost: 2300,
    price: 7800,
  },
  {
    code: "NW-SS27-05",
    name: "Terry hoodie",
    status: "in_development",
    category: "Fleece",
    batch: "Drop 2",
    tags: ["fleece", "hero"],
    cost: 2800,
    price: 9800,
  },
  {
    code: "NW-SS27-06",
    name: "Terry jogger",
    status: "concept",
    category: "Bottoms",
    batch: "Drop 2",
    tags: ["fleece"],
    cost: 2400,
    price: 8200,
  },
  {
    code: "NW-SS27-07",
    name: "Long-sleeve rib tee",
    status: "concept",
    category: "Tops",
    batch: "Drop 3",
    tags: ["tee"],
    cost: 1300,
    price: 4600,
  },
  {
    code: "NW-SS27-08",
    name: "Jersey tank",
    status: "sampling",
    category: "Tops",
    batch: "Drop 1",
    tags: ["core"],
    cost: 800,
    price: 2800,
  },
  {
    code: "NW-SS27-09",
    name: "Jersey shorts",
    status: "approved",
    category: "Bottoms",
    batch: "Drop 3",
    tags: ["core"],
    cost: 1500,
    price: 5200,
  },
  {
    code: "NW-SS27-10",
    name: "Striped breton tee",
    status: "dropped",
    category: "Tops",
    batch: "Drop 3",
    tags: ["tee"],
    cost: 1600,
    price: 5000,
  },
  {
    code: "NW-SS27-11",
    name: "Oversized terry zip",
    status: "in_production",
    category: "Fleece",
    batch: "Drop 1",
    tags: ["fleece", "hero"],
    cost: 3200,
    price: 11800,
  },
  {
    code: "NW-SS27-12",
    name: "Cropped tee",
    status: "dropped",
    category: "Tops",
    batch: "Drop 3",
    tags: ["tee"],
    cost: 1000,
    price: 3400,
  },
];

export const seedDemoTechPacks = async (db: HubDb): Promise<void> => {
  const [team] = await db.select().from(teams).where(eq(teams.name, TEAM));
  if (!team) return;
  const [done] = await db
    .select({ id: pdProducts.id })
    .from(pdProducts)
    .where(and(eq(pdProducts.teamId, team.id), eq(pdProducts.code, "NW-SS27-01")));
  if (done) return;
  await db.transaction((tx) => seed(tx, team.id));
};

/** A demo sketch's stored-file row (the files adapter draws its bytes when first read: sketches.ts). */
const sketchFile = async (tx: HubTx, clientId: number, name: SketchName) => {
  const bytes = sketchPng(name);
  const [row] = await tx
    .insert(storedFiles)
    .values({
      clientId,
      area: "techPack",
      storageKey: demoSketchKey(name),
      fileName: `${name}.png`,
      contentType: "image/png",
      sizeBytes: bytes.length,
      sha256: createHash("sha256").update(bytes).digest("hex"),
    })
    .onConflictDoUpdate({ target: storedFiles.storageKey, set: { clientId } })
    .returning({ id: storedFiles.id });
  if (!row) throw new Error(`sketch ${name} missing`);
  return row.id;
};

const seed = async (tx: HubTx, teamId: number) => {
  const members = await tx.select().from(teamUsers).where(eq(teamUsers.teamId, teamId));
  const [owner] = await tx.select({ clientId: teams.clientId }).from(teams).where(eq(teams.id, teamId));
  const sketches =
    owner?.clientId == null
      ? null
      : {
          tee: {
            front: await sketchFile(tx, owner.clientId, "tee-front"),
            back: await sketchFile(tx, owner.clientId, "tee-back"),
          },
          hoodie: {
            front: await sketchFile(tx, owner.clientId, "hoodie-front"),
            back: await sketchFile(tx, owner.clientId, "hoodie-back"),
          },
        };
  const assignee = members[0]?.userId ?? null;
  await tx
    .insert(pdLibraryItems)
    .values(
      ITEMS.map((i) => ({
        teamId,
        kind: i.kind as "fabrics",
        code: i.code,
        name: i.name,
        unit: i.unit,
        costCents: i.costCents,
        attrs: i.attrs ?? {},
      })),
    )
    .onConflictDoNothing();
  const items = await tx
    .select()
    .from(pdLibraryItems)
    .where(
      and(
        eq(pdLibraryItems.teamId, teamId),
        inArray(
          sql`upper(${pdLibraryItems.code})`,
          ITEMS.map((i) => i.code.toUpperCase()),
        ),
      ),
    );
  const byCode = (code: string) => {
    const item = items.find(
      (i) => i.code.toUpperCase() === code.toUpperCase() && i.kind === ITEMS.find((x) => x.code === code)?.kind,
    );
    if (!item) throw new Error(`design library item ${code} missing`);
    return item;
  };
  await tx
    .insert(pdLibraryVariants)
    .values(Object.entries(VARIANTS).flatMap(([code, vs]) => vs.map((v) => ({ itemId: byCode(code).id, ...v }))))
    .onConflictDoNothing();
  const variants = await tx
    .select()
    .from(pdLibraryVariants)
    .where(
      inArray(
        pdLibraryVariants.itemId,
        Object.keys(VARIANTS).map((c) => byCode(c).id),
      ),
    );
  const variant = (code: string, key: string) =>
    variants.find((v) => v.itemId === byCode(code).id && v.code === key)?.id ?? null;

  await tx
    .insert(pdSizeRanges)
    .values({ teamId, name: "Tops XS–3XL", sizes: SIZES, baseSize: "M" })
    .onConflictDoNothing();
  const [range] = await tx
    .select()
    .from(pdSizeRanges)
    .where(and(eq(pdSizeRanges.teamId, teamId), sql`lower(${pdSizeRanges.name}) = lower('Tops XS–3XL')`));
  await tx
    .insert(pdPomTemplates)
    .values({ teamId, name: "Knit tee", sizeRangeId: range?.id ?? null, unit: "cm" })
    .onConflictDoNothing();
  const [template] = await tx
    .select()
    .from(pdPomTemplates)
    .where(and(eq(pdPomTemplates.teamId, teamId), sql`lower(${pdPomTemplates.name}) = 'knit tee'`));
  if (template) {
    await tx
      .insert(pdPomTemplatePoints)
      .values(
        POMS.map((p, i) => ({
          templateId: template.id,
          sortOrder: i + 1,
          code: p.code,
          description: p.description,
          howToMeasure: "Garment laid flat, seams aligned.",
          tolPlus: p.tol,
          tolMinus: p.tol,
          critical: p.critical,
          baseValue: p.base,
          gradeRules: gradeRules(p.grades),
        })),
      )
      .onConflictDoNothing();
  }

  const now = Date.now();
  const inserted = await tx
    .insert(pdProducts)
    .values(
      PRODUCTS.map((p, i) => ({
        teamId,
        code: p.code,
        name: p.name,
        status: p.status,
        season: "SS27",
        category: p.category,
        collection: COLLECTION,
        batch: p.batch,
        fit: p.category === "Fleece" ? "Relaxed" : "Regular",
        description: `${p.name} for the ${COLLECTION} collection.`,
        tags: p.tags,
        targetCostCents: p.cost,
        targetPriceCents: p.price,
        createdBy: "designer",
        createdAt: new Date(now - (40 - i) * DAY),
        updatedAt: new Date(now - (12 - i) * DAY),
      })),
    )
    .returning({ id: pdProducts.id, code: pdProducts.code, status: pdProducts.status });
  const packs = await tx
    .insert(pdTechPacks)
    .values(
      inserted.map((p) => ({
        productId: p.id,
        version: 1,
        createdBy: "designer",
        approvalState:
          p.status === "approved" || p.status === "in_production"
            ? ("approved" as const)
            : p.status === "sampling"
              ? ("submitted" as const)
              : ("draft" as const),
        sentToFactoryAt: p.status === "in_production" ? new Date(now - 5 * DAY) : null,
        sentToFactoryBy: p.status === "in_production" ? "designer" : null,
      })),
    )
    .returning({ id: pdTechPacks.id, productId: pdTechPacks.productId });
  const packOf = (code: string) => {
    const product = inserted.find((p) => p.code === code);
    const pack = packs.find((x) => x.productId === product?.id);
    if (!product || !pack) throw new Error(`${code} missing`);
    return { productId: product.id, stpId: pack.id };
  };

  const colorways = {
    colorways: [
      { key: "BLK", name: "Jet black", colorIds: [byCode("TP-BLK").id] },
      { key: "WHT", name: "Optic white", colorIds: [byCode("TP-WHT").id] },
      { key: "NVY", name: "Harbour navy", colorIds: [byCode("TP-NVY").id] },
    ],
  };
  const perColorway = (code: string, logo = false) =>
    Object.fromEntries(
      ["BLK", "WHT", "NVY"].map((k) => {
        const key = logo ? (k === "WHT" ? "BLK" : "WHT") : k;
        return [k, { variantId: variant(code, key), note: "" }];
      }),
    );
  const row = (code: string, placement: string, quantity: string, withVariants = true, logo = false) => {
    const item = byCode(code);
    return {
      itemId: item.id,
      placement,
      quantity,
      unit: item.unit ?? "pc",
      costCents: item.costCents ?? 0,
      cells: withVariants
        ? perColorway(code, logo)
        : {
            BLK: { variantId: null, note: "" },
            WHT: { variantId: null, note: "" },
            NVY: { variantId: null, note: "" },
          },
    };
  };
  const complete = (body: string, sketch: { front: number; back: number } | null) => ({
    colorways,
    fabrics: {
      rows: [row(body, "Body and sleeves", body === "TP-FT300" ? "1.6" : "1.15"), row("TP-RIB1X1", "Neck rib", "0.08")],
    },
    notions: { rows: [row("TP-TAPE10", "Back neck tape", "0.2", false)] },
    labels: {
      rows: [
        row("TP-MAIN", "Centre back neck", "1", false),
        row("TP-CARE", "Left side seam, 8 cm above hem", "1", false),
      ],
    },
    threads: { rows: [row("TP-THR40", "All seams", "0.02")] },
    graphics: { rows: [row("TP-LOGO", "Left chest, 18 cm below HPS", "1", true, true)] },
    packaging: {
      rows: [row("TP-POLY", "Folded, one per bag", "1", false), row("TP-HANG", "Through main label", "1", false)],
    },
    estimates: {
      labourCents: 420,
      overheadCents: 130,
      freightCents: 85,
      dutyBps: 1650,
      marginBps: 6200,
      setupCents: 25_000,
      quantities: [100, 300, 1000],
    },
    sizing: { sizeRangeId: range?.id ?? null, sizes: SIZES, baseSize: "M" },
    gradedSpec: {
      unit: "cm",
      points: POMS.map((p) => ({
        code: p.code,
        description: p.description,
        howToMeasure: "Garment laid flat, seams aligned.",
        baseValue: p.base,
        gradeRules: gradeRules(p.grades),
        tolPlus: p.tol,
        tolMinus: p.tol,
        critical: p.critical,
      })),
    },
    cuttersMust: {
      pieces: [
        { group: "Body", name: "Front", fabricItemId: byCode(body).id, count: 1 },
        { group: "Body", name: "Back", fabricItemId: byCode(body).id, count: 1 },
        { group: "Sleeves", name: "Sleeve", fabricItemId: byCode(body).id, count: 2 },
        { group: "Trims", name: "Neck rib", fabricItemId: byCode("TP-RIB1X1").id, count: 1 },
      ],
      trims: [{ name: "Back neck tape", quantity: "0.2" }],
      notes: "Cut face up, one way. Relax fabric 24 h before cutting. Notch centre front and shoulder points.",
    },
    constructionDetails: {
      steps: [
        {
          title: "Join shoulders",
          description: "4-thread overlock, 1 cm seam allowance, with clear elastic tape.",
          imageFileId: sketch?.front ?? null,
          callouts: [
            { x: 0.3, y: 0.15, text: "Tape the back shoulder" },
            { x: 0.7, y: 0.15, text: "Press towards the back" },
          ],
        },
        {
          title: "Attach neck rib",
          description: "Join rib into a loop, quarter-mark, overlock to the neckline; coverstitch 6 mm.",
          imageFileId: sketch?.front ?? null,
          callouts: [
            { x: 0.5, y: 0.1, text: "Rib seam at left shoulder" },
            { x: 0.5, y: 0.22, text: "Coverstitch 6 mm twin needle" },
          ],
        },
        {
          title: "Set sleeves and close sides",
          description: "Set sleeves flat, then close side seams in one pass with the main label of care inserted.",
          imageFileId: sketch?.front ?? null,
          callouts: [{ x: 0.15, y: 0.55, text: "Care label 8 cm above hem, left side" }],
        },
        {
          title: "Hem body and sleeves",
          description: "Coverstitch 2.5 cm hems, 3 stitches per cm.",
          imageFileId: sketch?.front ?? null,
          callouts: [{ x: 0.5, y: 0.95, text: "Hem 2.5 cm" }],
        },
      ],
    },
    productOptions: {
      options: [
        {
          name: "Size",
          choices: SIZES.map((s) => ({ name: s, upchargeCents: s.includes("XL") && s !== "XL" ? 200 : 0 })),
        },
      ],
    },
    images: {
      images: sketch
        ? [
            { fileId: sketch.front, category: "front" as const, caption: "Front flat, chest print placement" },
            { fileId: sketch.back, category: "back" as const, caption: "Back flat" },
          ]
        : [],
    },
    files: { files: [] },
  });

  const tee = packOf("NW-SS27-01");
  const hoodie = packOf("NW-SS27-05");
  const pieces = [
    { stpId: tee.stpId, data: complete("TP-JER180", sketches?.tee ?? null) },
    { stpId: hoodie.stpId, data: complete("TP-FT300", sketches?.hoodie ?? null) },
  ];
  await tx
    .insert(pdTechPackParts)
    .values(pieces.flatMap((p) => Object.entries(p.data).map(([tab, data]) => ({ techPackId: p.stpId, tab, data }))));
  // Every other product has its sizing and graded spec started from the template.
  const started = packs.filter((p) => p.id !== tee.stpId && p.id !== hoodie.stpId);
  const base = complete("TP-JER180", null);
  await tx.insert(pdTechPackParts).values(
    started.flatMap((p) => [
      { techPackId: p.id, tab: "sizing", data: base.sizing },
      { techPackId: p.id, tab: "gradedSpec", data: base.gradedSpec },
      { techPackId: p.id, tab: "colorways", data: colorways },
    ]),
  );

  const at = (daysAgo: number) => new Date(now - daysAgo * DAY);
  await tx.insert(pdTechPackApprovals).values([
    {
      techPackId: tee.stpId,
      action: "submit",
      comment: "Ready for review: fit comments from proto 2 applied.",
      userName: "client",
      at: at(9),
    },
    {
      techPackId: tee.stpId,
      action: "reject",
      comment: "Chest is 1 cm too wide in XL; regrade.",
      userName: "designer",
      at: at(8),
    },
    { techPackId: tee.stpId, action: "submit", comment: "Regraded A in XL and 2XL.", userName: "client", at: at(7) },
    { techPackId: tee.stpId, action: "approve", comment: "Approved for bulk.", userName: "designer", at: at(6) },
    { techPackId: tee.stpId, action: "send", comment: null, userName: "designer", at: at(5) },
    {
      techPackId: hoodie.stpId,
      action: "submit",
      comment: "First full pack for review.",
      userName: "client",
      at: at(2),
    },
  ]);
  // The hoodie waits for approval, so its product is in development until the admin decides.
  await tx.update(pdTechPacks).set({ approvalState: "submitted" }).where(eq(pdTechPacks.id, hoodie.stpId));
  await tx.insert(pdTechPackHistory).values([
    {
      techPackId: tee.stpId,
      userName: "designer",
      at: at(20),
      tab: "product",
      field: "created",
      oldValue: null,
      newValue: "NW-SS27-01 Essential crew tee",
    },
    {
      techPackId: tee.stpId,
      userName: "designer",
      at: at(15),
      tab: "fabrics",
      field: "rows[0].quantity",
      oldValue: "1.2",
      newValue: "1.15",
    },
    {
      techPackId: tee.stpId,
      userName: "client",
      at: at(10),
      tab: "gradedSpec",
      field: "points[0].gradeRules.XL",
      oldValue: "3",
      newValue: "2.5",
    },
    {
      techPackId: tee.stpId,
      userName: "client",
      at: at(9),
      tab: "approval",
      field: "approval",
      oldValue: null,
      newValue: "draft → submitted: Ready for review",
    },
    {
      techPackId: tee.stpId,
      userName: "designer",
      at: at(8),
      tab: "approval",
      field: "approval",
      oldValue: null,
      newValue: "submitted → rejected: Chest is 1 cm too wide in XL; regrade.",
    },
    {
      techPackId: tee.stpId,
      userName: "client",
      at: at(7),
      tab: "gradedSpec",
      field: "points[0].gradeRules.2XL",
      oldValue: "3.5",
      newValue: "3",
    },
    {
      techPackId: tee.stpId,
      userName: "designer",
      at: at(6),
      tab: "approval",
      field: "approval",
      oldValue: null,
      newValue: "submitted → approved: Approved for bulk.",
    },
    {
      techPackId: tee.stpId,
      userName: "designer",
      at: at(5),
      tab: "approval",
      field: "sent to factory",
      oldValue: null,
      newValue: "v1",
    },
    {
      techPackId: hoodie.stpId,
      userName: "designer",
      at: at(14),
      tab: "product",
      field: "created",
      oldValue: null,
      newValue: "NW-SS27-05 Terry hoodie",
    },
    {
      techPackId: hoodie.stpId,
      userName: "client",
      at: at(4),
      tab: "estimates",
      field: "labourCents",
      oldValue: "380",
      newValue: "420",
    },
    {
      techPackId: hoodie.stpId,
      userName: "client",
      at: at(2),
      tab: "approval",
      field: "approval",
      oldValue: null,
      newValue: "draft → submitted: First full pack for review.",
    },
  ]);
  await tx.insert(pdTechPackTasks).values([
    {
      productId: tee.productId,
      title: "Approve bulk lab dips",
      assigneeUserId: assignee,
      dueDate: new Date(now + 7 * DAY).toISOString().slice(0, 10),
      status: "open",
      createdBy: "designer",
    },
    {
      productId: tee.productId,
      title: "Fit session proto 2",
      assigneeUserId: assignee,
      dueDate: new Date(now - 12 * DAY).toISOString().slice(0, 10),
      status: "done",
      createdBy: "designer",
    },
    {
      productId: hoodie.productId,
      title: "Confirm drawcord tip colour",
      assigneeUserId: assignee,
      dueDate: new Date(now + 3 * DAY).toISOString().slice(0, 10),
      status: "in_progress",
      createdBy: "designer",
    },
  ]);
  await seedTechPackHandoff(
    tx,
    teamId,
    sketches ? [sketches.tee.front, sketches.tee.back, sketches.hoodie.front, sketches.hoodie.back] : [],
  );
};
