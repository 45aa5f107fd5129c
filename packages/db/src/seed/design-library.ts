import { and, eq, inArray, sql } from "drizzle-orm";
import type { HubDb } from "../client";
import {
  pdLibraryItems,
  pdLibraryVariants,
  pdPomTemplatePoints,
  pdPomTemplates,
  pdSizeRanges,
  pdSuppliers,
  teams,
} from "../schema/index";

/*
 * Northwind's design library (issue 12): the brand's own suppliers, a dozen fabrics in their
 * colourways, notions, labels, threads, packaging, prints, graphics, shipping items, 17 colours,
 * size ranges XS–3XL and 0–16, and POM templates for a tee and a hoodie with grade rules. Stable
 * codes, every insert `on conflict do nothing` (the tech-pack seed may add items of its own by
 * code), in one transaction.
 */

const TEAM = "northwind-design";

type Variant = { code: string; name: string; hex?: string; cost?: number; supplier?: string };
type Item = {
  kind: string;
  code: string;
  name: string;
  supplier?: string;
  unit?: string;
  cost?: number;
  description?: string;
  attrs: Record<string, unknown>;
  variants?: Variant[];
};

const SUPPLIERS = [
  {
    code: "PORTO-KNIT",
    name: "Porto Knit Mills",
    country: "Portugal",
    currency: "EUR",
    leadTimeDays: 35,
    contactName: "Inês Carvalho",
    email: "ines@portoknit.example",
  },
  {
    code: "IZMIR-DYE",
    name: "Izmir Dye House",
    country: "Turkey",
    currency: "EUR",
    leadTimeDays: 30,
    contactName: "Emre Kaya",
    email: "emre@izmirdye.example",
  },
  {
    code: "KOWLOON-TRIM",
    name: "Kowloon Trims",
    country: "Hong Kong",
    currency: "USD",
    leadTimeDays: 21,
    contactName: "Grace Wong",
    email: "grace@kowloontrims.example",
  },
  {
    code: "MILANO-LABEL",
    name: "Milano Label Co.",
    country: "Italy",
    currency: "EUR",
    leadTimeDays: 28,
    contactName: "Luca Bianchi",
    email: "luca@milanolabel.example",
  },
  {
    code: "RHEIN-THREAD",
    name: "Rhein Thread Works",
    country: "Germany",
    currency: "EUR",
    leadTimeDays: 14,
    contactName: "Anna Vogel",
    email: "anna@rheinthread.example",
  },
  {
    code: "CASCADE-PKG",
    name: "Cascade Packaging",
    country: "USA",
    currency: "USD",
    leadTimeDays: 10,
    contactName: "Sam Ortiz",
    email: "sam@cascadepkg.example",
  },
];

/** Colours with hex and a Pantone-style name. */
const COLORS: [code: string, name: string, hex: string, pantone: string, family: string][] = [
  ["BLK", "Jet Black", "#1B1B1B", "Jet Black 19-0303", "neutral"],
  ["WHT", "Bright White", "#F4F5F0", "Bright White 11-0601", "neutral"],
  ["HGRY", "Heather Grey", "#B5B5B2", "Gray Violet 14-4103", "neutral"],
  ["CHAR", "Charcoal", "#3C3C3C", "Phantom 19-3927", "neutral"],
  ["ECRU", "Ecru", "#EDE6D6", "Whisper White 11-0701", "neutral"],
  ["SAND", "Sand", "#D8C8A8", "Safari 14-1116", "brown"],
  ["NAVY", "Navy", "#1F2A44", "Navy Blazer 19-3923", "blue"],
  ["COB", "Cobalt", "#1F4FA0", "Princess Blue 19-4150", "blue"],
  ["SKY", "Sky", "#8FB8DE", "Placid Blue 15-3920", "blue"],
  ["TEAL", "Teal", "#1F6F78", "Deep Lake 18-4834", "blue"],
  ["FRST", "Forest", "#2F4A3A", "Sycamore 19-5917", "green"],
  ["OLV", "Olive", "#6B6B3A", "Burnt Olive 18-0521", "green"],
  ["MUST", "Mustard", "#D4A017", "Golden Spice 15-0953", "yellow"],
  ["RUST", "Rust", "#A0522D", "Rust 18-1248", "red"],
  ["BURG", "Burgundy", "#6D2233", "Tawny Port 19-1725", "red"],
  ["BLSH", "Blush", "#E8B4B8", "Blushing Bride 13-1606", "red"],
  ["LAV", "Lavender", "#B9A7D1", "Lavender 15-3817", "purple"],
];
const hexOf = (code: string) => COLORS.find((c) => c[0] === code)?.[2];
const colourways = (itemCode: string, codes: string[], cost?: number): Variant[] =>
  codes.map((c) => {
    const colour = COLORS.find((x) => x[0] === c);
    return { code: `${itemCode}-${c}`, name: colour?.[1] ?? c, hex: hexOf(c), ...(cost ? { cost } : {}) };
  });

const fabric = (
  code: string,
  name: string,
  composition: string,
  construction: string,
  weightGsm: number,
  widthCm: number,
  cost: number,
  colours: string[],
  supplier = "PORTO-KNIT",
  finish?: string,
): Item => ({
  kind: "fabrics",
  code,
  name,
  supplier,
  unit: "yd",
  cost,
  attrs: { composition, construction, weightGsm, widthCm, ...(finish ? { finish } : {}) },
  variants: colourways(code, colours),
});

const ITEMS: Item[] = [
  fabric(
    "FAB-JER-180",
    "Combed Cotton Jersey 180",
    "100% combed cotton",
    "jersey",
    180,
    180,
    640,
    ["BLK", "WHT", "NAVY", "HGRY"],
    "PORTO-KNIT",
    "enzyme wash",
  ),
  fabric("FAB-JER-150", "Lightweight Jersey 150", "100% organic cotton", "jersey", 150, 175, 590, [
    "WHT",
    "SAND",
    "SKY",
  ]),
  fabric("FAB-SLUB-160", "Slub Jersey 160", "100% cotton slub", "jersey", 160, 170, 680, ["ECRU", "OLV", "RUST"]),
  fabric("FAB-RIB-220", "1x1 Rib 220", "95% cotton 5% elastane", "rib", 220, 100, 720, ["BLK", "WHT", "NAVY", "HGRY"]),
  fabric(
    "FAB-FT-300",
    "French Terry 300",
    "80% cotton 20% polyester",
    "french terry",
    300,
    185,
    940,
    ["BLK", "HGRY", "FRST"],
    "IZMIR-DYE",
    "garment dye ready",
  ),
  fabric(
    "FAB-FLC-340",
    "Brushed Fleece 340",
    "80% cotton 20% polyester",
    "fleece",
    340,
    180,
    1080,
    ["CHAR", "NAVY", "BURG"],
    "IZMIR-DYE",
    "brushed back",
  ),
  fabric("FAB-PIQ-210", "Pique 210", "100% cotton", "pique", 210, 175, 760, ["WHT", "NAVY", "COB"]),
  fabric(
    "FAB-TWL-260",
    "Cotton Twill 260",
    "100% cotton",
    "twill",
    260,
    150,
    820,
    ["SAND", "OLV", "BLK"],
    "IZMIR-DYE",
    "peached",
  ),
  fabric("FAB-POP-120", "Poplin 120", "100% cotton", "poplin", 120, 145, 610, ["WHT", "SKY", "BLSH"], "IZMIR-DYE"),
  fabric(
    "FAB-DNM-12OZ",
    "Rigid Denim 12 oz",
    "100% cotton",
    "denim",
    400,
    150,
    1150,
    ["NAVY", "BLK"],
    "IZMIR-DYE",
    "rinse",
  ),
  fabric("FAB-WAF-200", "Waffle Knit 200", "100% cotton", "waffle", 200, 170, 790, ["ECRU", "MUST", "TEAL"]),
  fabric("FAB-MESH-140", "Sport Mesh 140", "100% recycled polyester", "mesh", 140, 160, 560, ["BLK", "WHT", "LAV"]),
  {
    kind: "notions",
    code: "ZIP-YKK-5-55",
    name: "YKK #5 Vislon zip 55 cm",
    supplier: "KOWLOON-TRIM",
    unit: "pc",
    cost: 95,
    attrs: { category: "zip", size: "55 cm", material: "Vislon", finish: "matte" },
    variants: colourways("ZIP-YKK-5-55", ["BLK", "NAVY", "HGRY"]),
  },
  {
    kind: "notions",
    code: "BTN-HORN-15",
    name: "Horn-look button 15 mm",
    supplier: "KOWLOON-TRIM",
    unit: "pc",
    cost: 12,
    attrs: { category: "button", size: "15 mm", material: "polyester" },
  },
  {
    kind: "notions",
    code: "SNAP-RING-12",
    name: "Ring snap 12 mm",
    supplier: "KOWLOON-TRIM",
    unit: "pc",
    cost: 9,
    attrs: { category: "snap", size: "12 mm", material: "brass", finish: "antique silver" },
  },
  {
    kind: "notions",
    code: "CORD-FLAT-10",
    name: "Flat drawcord 10 mm",
    supplier: "KOWLOON-TRIM",
    unit: "m",
    cost: 28,
    attrs: { category: "drawcord", size: "10 mm", material: "cotton" },
    variants: colourways("CORD-FLAT-10", ["WHT", "BLK", "ECRU"]),
  },
  {
    kind: "notions",
    code: "ELA-WB-30",
    name: "Waistband elastic 30 mm",
    supplier: "KOWLOON-TRIM",
    unit: "m",
    cost: 35,
    attrs: { category: "elastic", size: "30 mm", material: "polyester/rubber" },
  },
  {
    kind: "notions",
    code: "EYE-MTL-8",
    name: "Metal eyelet 8 mm",
    supplier: "KOWLOON-TRIM",
    unit: "pc",
    cost: 6,
    attrs: { category: "eyelet", size: "8 mm", material: "brass", finish: "gunmetal" },
  },
  {
    kind: "notions",
    code: "TAPE-NECK-10",
    name: "Herringbone neck tape 10 mm",
    supplier: "KOWLOON-TRIM",
    unit: "m",
    cost: 14,
    attrs: { category: "tape", size: "10 mm", material: "cotton" },
  },
  {
    kind: "notions",
    code: "TIP-CORD-AGL",
    name: "Drawcord aglet",
    supplier: "KOWLOON-TRIM",
    unit: "pc",
    cost: 7,
    attrs: { category: "aglet", material: "metal" },
  },
  {
    kind: "labels",
    code: "LBL-MAIN-WVN",
    name: "Northwind main label, woven",
    supplier: "MILANO-LABEL",
    unit: "pc",
    cost: 11,
    attrs: { labelType: "main", material: "woven damask", size: "50 x 20 mm", placement: "centre back neck" },
    variants: [
      { code: "LBL-MAIN-WVN-BLK", name: "Black ground", hex: "#1B1B1B" },
      { code: "LBL-MAIN-WVN-WHT", name: "White ground", hex: "#F4F5F0" },
    ],
  },
  {
    kind: "labels",
    code: "LBL-CARE-SAT",
    name: "Care label, printed satin",
    supplier: "MILANO-LABEL",
    unit: "pc",
    cost: 4,
    attrs: { labelType: "care", material: "satin", size: "30 x 60 mm", placement: "left side seam" },
  },
  {
    kind: "labels",
    code: "LBL-SIZE",
    name: "Size label",
    supplier: "MILANO-LABEL",
    unit: "pc",
    cost: 2,
    attrs: { labelType: "size", material: "woven", size: "15 x 15 mm", placement: "under main label" },
    variants: ["XS", "S", "M", "L", "XL", "2XL", "3XL"].map((s) => ({ code: `LBL-SIZE-${s}`, name: s })),
  },
  {
    kind: "labels",
    code: "LBL-HANG",
    name: "Hang tag, 400 gsm board",
    supplier: "MILANO-LABEL",
    unit: "pc",
    cost: 18,
    attrs: { labelType: "hang tag", material: "recycled board", size: "50 x 90 mm" },
  },
  {
    kind: "labels",
    code: "LBL-FLAG",
    name: "Hem flag label",
    supplier: "MILANO-LABEL",
    unit: "pc",
    cost: 6,
    attrs: { labelType: "flag", material: "woven", size: "20 x 10 mm", placement: "left hem" },
    variants: [
      { code: "LBL-FLAG-SMALL", name: "Small 20 x 10 mm" },
      { code: "LBL-FLAG-LARGE", name: "Large 30 x 12 mm", cost: 8 },
    ],
  },
  {
    kind: "labels",
    code: "LBL-PATCH-LTH",
    name: "Leather-look back patch",
    supplier: "MILANO-LABEL",
    unit: "pc",
    cost: 32,
    attrs: { labelType: "patch", material: "PU", size: "60 x 40 mm", placement: "back waistband" },
  },
  {
    kind: "threads",
    code: "THR-TKT120",
    name: "Core-spun polyester Tkt 120",
    supplier: "RHEIN-THREAD",
    unit: "cone",
    cost: 320,
    attrs: { brand: "Rhein", ticket: "120", fiber: "poly/poly core-spun" },
    variants: colourways("THR-TKT120", ["BLK", "WHT", "NAVY", "HGRY", "OLV"]),
  },
  {
    kind: "threads",
    code: "THR-TKT80",
    name: "Core-spun polyester Tkt 80",
    supplier: "RHEIN-THREAD",
    unit: "cone",
    cost: 360,
    attrs: { brand: "Rhein", ticket: "80", fiber: "poly/poly core-spun" },
    variants: colourways("THR-TKT80", ["BLK", "WHT"]),
  },
  {
    kind: "threads",
    code: "THR-TEX-CVR",
    name: "Textured nylon for coverstitch",
    supplier: "RHEIN-THREAD",
    unit: "cone",
    cost: 410,
    attrs: { brand: "Rhein", ticket: "160", fiber: "textured nylon" },
  },
  {
    kind: "threads",
    code: "THR-TOP-30",
    name: "Topstitch Tkt 30",
    supplier: "RHEIN-THREAD",
    unit: "cone",
    cost: 450,
    attrs: { brand: "Rhein", ticket: "30", fiber: "polyester" },
    variants: colourways("THR-TOP-30", ["MUST", "RUST"]),
  },
  {
    kind: "threads",
    code: "THR-EMB-40",
    name: "Rayon embroidery Tkt 40",
    supplier: "RHEIN-THREAD",
    unit: "cone",
    cost: 390,
    attrs: { brand: "Rhein", ticket: "40", fiber: "rayon" },
  },
  {
    kind: "packaging",
    code: "PKG-POLY-30x40",
    name: "Recycled polybag 30 x 40 cm",
    supplier: "CASCADE-PKG",
    unit: "pc",
    cost: 4,
    attrs: { packagingType: "polybag", material: "recycled LDPE", dimensions: "30 x 40 cm" },
  },
  {
    kind: "packaging",
    code: "PKG-TISSUE",
    name: "Branded tissue sheet",
    supplier: "CASCADE-PKG",
    unit: "pc",
    cost: 6,
    attrs: { packagingType: "tissue", material: "FSC paper", dimensions: "50 x 70 cm" },
  },
  {
    kind: "packaging",
    code: "PKG-BOX-TEE",
    name: "Tee mailer box",
    supplier: "CASCADE-PKG",
    unit: "pc",
    cost: 48,
    attrs: { packagingType: "box", material: "kraft corrugated", dimensions: "25 x 20 x 5 cm" },
  },
  {
    kind: "packaging",
    code: "PKG-STICKER",
    name: "Seal sticker",
    supplier: "CASCADE-PKG",
    unit: "pc",
    cost: 2,
    attrs: { packagingType: "sticker", material: "paper", dimensions: "40 mm round" },
  },
  {
    kind: "packaging",
    code: "PKG-HANGER",
    name: "Recycled hanger",
    supplier: "CASCADE-PKG",
    unit: "pc",
    cost: 22,
    attrs: { packagingType: "hanger", material: "recycled PP" },
  },
  {
    kind: "prints",
    code: "PRT-STRIPE-BRT",
    name: "Breton stripe",
    attrs: { technique: "rotary", repeatSize: "2 cm", colorCount: 2 },
    variants: [
      { code: "PRT-STRIPE-BRT-NW", name: "Navy on white", hex: "#1F2A44" },
      { code: "PRT-STRIPE-BRT-RW", name: "Rust on ecru", hex: "#A0522D" },
    ],
  },
  {
    kind: "prints",
    code: "PRT-DITSY-FLR",
    name: "Ditsy floral",
    attrs: { technique: "digital", repeatSize: "32 x 32 cm", colorCount: 6 },
  },
  {
    kind: "prints",
    code: "PRT-CAMO-TONAL",
    name: "Tonal camo",
    attrs: { technique: "discharge", repeatSize: "64 cm", colorCount: 3 },
  },
  {
    kind: "graphics",
    code: "GFX-LOGO-CHEST",
    name: "Northwind chest logo",
    attrs: { technique: "embroidery", placement: "left chest", widthCm: 7, heightCm: 3 },
  },
  {
    kind: "graphics",
    code: "GFX-WORDMARK-BACK",
    name: "Wordmark, back",
    attrs: { technique: "screen print", placement: "upper back", widthCm: 28, heightCm: 6 },
  },
  {
    kind: "graphics",
    code: "GFX-COMPASS",
    name: "Compass badge",
    attrs: { technique: "puff print", placement: "centre front", widthCm: 20, heightCm: 20 },
  },
  {
    kind: "shipping",
    code: "SHP-CARTON-48",
    name: "Export carton, 48 folded tees",
    supplier: "CASCADE-PKG",
    unit: "pc",
    cost: 210,
    attrs: { method: "folded", cartonSize: "60 x 40 x 40 cm", unitsPerCarton: 48, weightKg: 9.5 },
  },
  {
    kind: "shipping",
    code: "SHP-CARTON-24H",
    name: "Export carton, 24 folded hoodies",
    supplier: "CASCADE-PKG",
    unit: "pc",
    cost: 230,
    attrs: { method: "folded", cartonSize: "60 x 40 x 40 cm", unitsPerCarton: 24, weightKg: 14 },
  },
  {
    kind: "shipping",
    code: "SHP-GOH",
    name: "Garment-on-hanger box",
    supplier: "CASCADE-PKG",
    unit: "pc",
    cost: 480,
    attrs: { method: "hanging", cartonSize: "100 x 50 x 60 cm", unitsPerCarton: 30, weightKg: 18 },
  },
  ...COLORS.map(
    ([code, name, hex, pantone, colorFamily]): Item => ({
      kind: "colors",
      code: `CLR-${code}`,
      name,
      attrs: { hex, pantone, colorFamily },
    }),
  ),
];

const ALPHA = ["XS", "S", "M", "L", "XL", "2XL", "3XL"];
const NUMERIC = ["0", "2", "4", "6", "8", "10", "12", "14", "16"];
const SIZE_RANGES = [
  { name: "Alpha XS–3XL", sizes: ALPHA, baseSize: "M" },
  { name: "Numeric 0–16", sizes: NUMERIC, baseSize: "8" },
];

/** Grade rules of an alpha range: `down` per size below M, `up` per size above (2XL and 3XL may jump more). */
const alpha = (down: number, up: number, big = up): Record<string, number> => ({
  XS: down,
  S: down,
  L: up,
  XL: up,
  "2XL": big,
  "3XL": big,
});

type Point = [
  code: string,
  description: string,
  how: string,
  tol: number,
  critical: boolean,
  base: number,
  rules: Record<string, number>,
];
const TEE: Point[] = [
  ["A", "Body length from HPS", "From high point shoulder straight down to hem", 1, true, 72, alpha(1.5, 1.5, 2)],
  ["B", "Chest width 1/2", "2.5 cm below armhole, edge to edge", 1, true, 53, alpha(2.5, 2.5, 3)],
  ["C", "Waist width 1/2", "At 40 cm from HPS, edge to edge", 1, false, 51, alpha(2.5, 2.5, 3)],
  ["D", "Hem width 1/2", "Along the hem, edge to edge", 1, false, 53, alpha(2.5, 2.5, 3)],
  ["E", "Shoulder width", "Shoulder point to shoulder point", 0.75, true, 46, alpha(1.5, 1.5, 2)],
  ["F", "Across front", "12 cm below HPS, seam to seam", 0.75, false, 40, alpha(1.5, 1.5)],
  ["G", "Across back", "12 cm below HPS, seam to seam", 0.75, false, 42, alpha(1.5, 1.5)],
  ["H", "Armhole straight", "Shoulder point to underarm, straight", 0.5, false, 23, alpha(1, 1)],
  ["I", "Sleeve length from shoulder", "Shoulder point to sleeve hem", 0.75, true, 21, alpha(0.5, 0.5, 1)],
  ["J", "Bicep width 1/2", "2.5 cm below armhole, parallel to hem", 0.5, false, 19, alpha(0.75, 0.75, 1)],
  ["K", "Sleeve opening 1/2", "Along the sleeve hem", 0.5, false, 17, alpha(0.5, 0.5)],
  ["L", "Neck width", "Seam to seam at HPS", 0.5, true, 18, alpha(0.5, 0.5)],
  ["M", "Front neck drop", "HPS line to top of neck rib, centre front", 0.5, false, 9.5, alpha(0.5, 0.5)],
  ["N", "Back neck drop", "HPS line to top of neck rib, centre back", 0.3, false, 2, {}],
  ["O", "Neck rib height", "Finished rib, seam to edge", 0.2, false, 2, {}],
];
const HOODIE: Point[] = [
  ["A", "Body length from HPS", "From high point shoulder straight down to rib edge", 1, true, 70, alpha(1.5, 1.5, 2)],
  ["B", "Chest width 1/2", "2.5 cm below armhole, edge to edge", 1, true, 58, alpha(3, 3, 3.5)],
  ["C", "Bottom rib width 1/2 relaxed", "Along the rib, relaxed", 1, false, 47, alpha(2.5, 2.5, 3)],
  ["D", "Bottom rib width 1/2 extended", "Along the rib, fully stretched", 1.5, false, 58, alpha(3, 3)],
  ["E", "Bottom rib height", "Seam to edge", 0.3, false, 7, {}],
  ["F", "Shoulder width", "Shoulder point to shoulder point", 1, true, 50, alpha(1.5, 1.5, 2)],
  ["G", "Armhole straight", "Shoulder point to underarm, straight", 0.75, false, 26, alpha(1, 1)],
  ["H", "Sleeve length from shoulder", "Shoulder point to cuff edge", 1, true, 62, alpha(1, 1)],
  ["I", "Bicep width 1/2", "2.5 cm below armhole", 0.75, false, 22, alpha(1, 1)],
  ["J", "Cuff width 1/2 relaxed", "Along the cuff, relaxed", 0.5, false, 9.5, alpha(0.5, 0.5)],
  ["K", "Cuff height", "Seam to edge", 0.3, false, 7, {}],
  ["L", "Hood height", "From neck seam to top of hood, flat", 1, true, 36, alpha(0.5, 0.5)],
  ["M", "Hood width 1/2", "At the widest point, flat", 0.75, false, 25, alpha(0.5, 0.5)],
  ["N", "Kangaroo pocket width", "At the top opening", 0.5, false, 30, alpha(1, 1)],
  ["O", "Kangaroo pocket height", "Top to bottom at centre", 0.5, false, 19, alpha(0.5, 0.5)],
  ["P", "Drawcord length, exposed", "From eyelet to aglet end, each side", 1, false, 25, {}],
];

export const seedDemoDesignLibrary = async (db: HubDb): Promise<void> => {
  const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.name, TEAM));
  if (!team) return;
  const teamId = team.id;
  // Fast path for every start after the first: the hoodie template is the last thing written.
  const [done] = await db
    .select({ id: pdPomTemplates.id })
    .from(pdPomTemplates)
    .where(and(eq(pdPomTemplates.teamId, teamId), sql`lower(${pdPomTemplates.name}) = 'hoodie pom'`));
  if (done) return;

  await db.transaction(async (tx) => {
    await tx
      .insert(pdSuppliers)
      .values(SUPPLIERS.map((s) => ({ ...s, teamId })))
      .onConflictDoNothing();
    const suppliers = new Map(
      (
        await tx
          .select({ id: pdSuppliers.id, code: pdSuppliers.code })
          .from(pdSuppliers)
          .where(eq(pdSuppliers.teamId, teamId))
      ).map((s) => [s.code, s.id]),
    );
    const sup = (code: string | undefined) => (code ? (suppliers.get(code) ?? null) : null);

    await tx
      .insert(pdLibraryItems)
      .values(
        ITEMS.map((i) => ({
          teamId,
          kind: i.kind as typeof pdLibraryItems.$inferInsert.kind,
          code: i.code,
          name: i.name,
          description: i.description ?? null,
          supplierId: sup(i.supplier),
          unit: i.unit ?? null,
          costCents: i.cost ?? null,
          attrs: i.attrs,
        })),
      )
      .onConflictDoNothing();
    const items = await tx
      .select({ id: pdLibraryItems.id, kind: pdLibraryItems.kind, code: pdLibraryItems.code })
      .from(pdLibraryItems)
      .where(
        and(
          eq(pdLibraryItems.teamId, teamId),
          inArray(
            pdLibraryItems.code,
            ITEMS.map((i) => i.code),
          ),
        ),
      );
    const itemId = new Map(items.map((i) => [`${i.kind}:${i.code}`, i.id]));
    const variants = ITEMS.flatMap((i) => {
      const id = itemId.get(`${i.kind}:${i.code}`);
      if (id === undefined) return [];
      return (i.variants ?? []).map((v) => ({
        itemId: id,
        code: v.code,
        name: v.name,
        supplierId: sup(v.supplier ?? i.supplier),
        costCents: v.cost ?? i.cost ?? null,
        attrs: v.hex ? { hex: v.hex } : {},
      }));
    });
    if (variants.length > 0) await tx.insert(pdLibraryVariants).values(variants).onConflictDoNothing();

    await tx
      .insert(pdSizeRanges)
      .values(SIZE_RANGES.map((r) => ({ ...r, teamId })))
      .onConflictDoNothing();
    const [alphaRange] = await tx
      .select({ id: pdSizeRanges.id })
      .from(pdSizeRanges)
      .where(and(eq(pdSizeRanges.teamId, teamId), sql`lower(${pdSizeRanges.name}) = lower(${SIZE_RANGES[0]?.name})`));

    for (const [name, points] of [
      ["Tee POM", TEE],
      ["Hoodie POM", HOODIE],
    ] as const) {
      const [template] = await tx
        .insert(pdPomTemplates)
        .values({ teamId, name, sizeRangeId: alphaRange?.id ?? null, unit: "cm" })
        .onConflictDoNothing()
        .returning({ id: pdPomTemplates.id });
      if (!template) continue;
      await tx
        .insert(pdPomTemplatePoints)
        .values(
          points.map(([code, description, howToMeasure, tol, critical, baseValue, gradeRules], sortOrder) => ({
            templateId: template.id,
            sortOrder,
            code,
            description,
            howToMeasure,
            tolPlus: tol,
            tolMinus: tol,
            critical,
            baseValue,
            gradeRules,
          })),
        )
        .onConflictDoNothing();
    }
  });
};
