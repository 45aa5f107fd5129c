import { and, eq, sql } from "drizzle-orm";
import type { HubDb, HubTx } from "../client";
import {
  attributeProfileAttributes,
  attributeProfileStyles,
  attributeProfiles,
  attributes,
  clients,
  fabrics,
  fabricTypes,
  factories,
  instructionProfileSteps,
  instructionProfiles,
  instructions,
  machines,
  optionAttributes,
  options,
  partCategories,
  partProfileParts,
  partProfiles,
  parts,
  skuMapSegments,
  skuMaps,
  styleClients,
  styleFabrics,
  styleInstructions,
  styleMarkers,
  styleOptionAttributes,
  styleOptions,
  styleParts,
  stylePriceTiers,
  styles,
  threads,
} from "../schema/index";

/*
 * The demo factory's manufacturing library (issue 4): real fabric names, sizes XS–3XL, colours,
 * trims, machines and construction steps, and three dozen styles built from them.
 */

const SIZES = [
  ["XS", "Extra small"],
  ["S", "Small"],
  ["M", "Medium"],
  ["L", "Large"],
  ["XL", "Extra large"],
  ["2XL", "2X large"],
  ["3XL", "3X large"],
] as const;
const COLOURS = [
  ["BLK", "Black", "#111111"],
  ["WHT", "White", "#FAFAFA"],
  ["HGR", "Heather Grey", "#9E9E9E"],
  ["NVY", "Navy", "#1B2A4A"],
  ["FOR", "Forest", "#228B22"],
  ["BUR", "Burgundy", "#800020"],
  ["SND", "Sand", "#C2B280"],
  ["OLV", "Olive", "#6B6B2E"],
] as const;
const FITS = [
  ["REG", "Regular"],
  ["SLM", "Slim"],
  ["RLX", "Relaxed"],
] as const;

const FABRICS = [
  // code, name, type, supplier, colour, cents/yd, width, gsm, out of stock
  ["JER-150", "30/1 Combed Cotton Jersey 150 gsm", "Jersey", "Carolina Knits", null, 420, 66, 150, false],
  ["JER-180", "20/1 Ring-spun Cotton Jersey 180 gsm", "Jersey", "Carolina Knits", null, 480, 66, 180, false],
  ["CVC-160", "60/40 CVC Jersey 160 gsm", "Jersey", "Pacific Textile", null, 395, 68, 160, false],
  ["TRI-145", "Tri-blend Jersey 145 gsm", "Jersey", "Pacific Textile", null, 610, 60, 145, true],
  ["MOD-170", "Modal Jersey 170 gsm", "Jersey", "Lenzing Partner Mills", null, 780, 62, 170, false],
  ["FT-280", "Cotton French Terry 280 gsm", "French terry", "Carolina Knits", null, 690, 72, 280, false],
  ["FLC-330", "Brushed Fleece 330 gsm", "Fleece", "Northern Mills", null, 840, 72, 330, false],
  ["RIB-220", "1x1 Cotton Rib 220 gsm", "Rib", "Carolina Knits", null, 520, 36, 220, false],
  ["RIB-280", "2x2 Cotton/Spandex Rib 280 gsm", "Rib", "Northern Mills", null, 640, 36, 280, false],
  [
    "PRF-240",
    "Nylon/Spandex Performance Knit 240 gsm",
    "Performance knit",
    "Apex Technical",
    null,
    1180,
    60,
    240,
    false,
  ],
  ["PRF-200", "Recycled Poly/Spandex Interlock 200 gsm", "Interlock", "Apex Technical", null, 960, 60, 200, true],
  ["VIS-110", "Viscose Challis 110 gsm", "Woven", "Silk Road Wovens", null, 560, 56, 110, false],
  ["POP-120", "Cotton Poplin 120 gsm", "Woven", "Silk Road Wovens", "White", 510, 58, 120, false],
  ["TWL-240", "Cotton Twill 240 gsm", "Woven", "Silk Road Wovens", null, 620, 58, 240, false],
  ["WAF-210", "Cotton Waffle Knit 210 gsm", "Waffle", "Northern Mills", null, 700, 64, 210, false],
] as const;

const PARTS = [
  // code, name, category, supplier, cents, unit, out of stock
  ["ZIP-5C-22", 'YKK #5 coil zip, 22"', "Zips", "YKK", 85, "each", false],
  ["ZIP-5C-26", 'YKK #5 coil zip, 26"', "Zips", "YKK", 92, "each", false],
  ["LBL-MAIN", "Main woven label", "Labels", "Avery Dennison", 9, "each", false],
  ["LBL-CARE", "Printed care label", "Labels", "Avery Dennison", 3, "each", false],
  ["LBL-SIZE", "Size tab", "Labels", "Avery Dennison", 2, "each", false],
  ["TAG-HANG", "Hang tag with string", "Labels", "Avery Dennison", 12, "each", false],
  ["ELA-1IN", '1" knit elastic', "Elastic", "Stretchline", 38, "yd", false],
  ["ELA-QTR", '1/4" braided elastic', "Elastic", "Stretchline", 11, "yd", true],
  ["CRD-FLAT", "Flat cotton drawcord, 1.2 m", "Drawcords", "Cordage Co", 24, "each", false],
  ["EYL-MET", "Metal eyelet, antique brass", "Hardware", "Prym", 6, "each", false],
  ["AGL-MET", "Metal aglet", "Hardware", "Prym", 5, "each", false],
  ["TAPE-NCK", "Cotton neck tape", "Tapes", "Stretchline", 14, "yd", false],
  ["BTN-4H", "4-hole resin button, 15 mm", "Buttons", "Prym", 4, "each", false],
  ["INT-FUS", "Fusible interfacing", "Interlinings", "Freudenberg", 90, "yd", false],
  ["POLY-BAG", "Recycled poly bag", "Packaging", "EcoPack", 7, "each", false],
] as const;

const MACHINES = [
  ["OL-4T", "Overlock 4-thread", "Overlock", "Juki MO-6814S"],
  ["OL-5T", "Safety stitch 5-thread", "Overlock", "Juki MO-6816S"],
  ["CS-3N", "Coverstitch 3-needle", "Coverstitch", "Pegasus W664"],
  ["FL-4N", "Flatlock 4-needle", "Flatlock", "Yamato VF2500"],
  ["SN-LS", "Single needle lockstitch", "Single needle", "Juki DDL-9000C"],
  ["DN-LS", "Twin needle lockstitch", "Double needle", "Brother T-8420"],
  ["BT-01", "Bartack", "Bartack", "Brother KE-430HX"],
  ["BH-01", "Buttonhole", "Buttonhole", "Juki LBH-1790"],
  ["CUT-01", "Straight knife cutter", "Cutting", "Eastman Blue Streak"],
  ["PRS-01", "Vacuum pressing table", "Pressing", "Ramsons"],
] as const;

const INSTRUCTIONS = [
  // code, name, machine, minutes
  ["CUT-PNL", "Cut panels to marker", "CUT-01", 0.8],
  ["JN-SHD", "Join shoulders with tape", "OL-4T", 0.35],
  ["AT-NRIB", "Attach neck rib", "OL-4T", 0.45],
  ["TS-NECK", "Topstitch neck tape", "CS-3N", 0.4],
  ["SET-SLV", "Set sleeves", "OL-4T", 0.7],
  ["SD-SEAM", "Close side seams", "OL-4T", 0.65],
  ["HEM-SLV", "Hem sleeves", "CS-3N", 0.4],
  ["HEM-BDY", "Hem body", "CS-3N", 0.45],
  ["ATT-LBL", "Attach main and care labels", "SN-LS", 0.3],
  ["AT-HOOD", "Attach hood", "OL-4T", 0.9],
  ["HD-LIN", "Join hood lining", "OL-4T", 0.6],
  ["INS-EYL", "Insert eyelets", "BT-01", 0.25],
  ["INS-ZIP", "Insert front zip", "SN-LS", 1.6],
  ["AT-POCK", "Attach kangaroo pocket", "DN-LS", 1.1],
  ["BT-POCK", "Bartack pocket corners", "BT-01", 0.2],
  ["AT-CUFF", "Attach cuffs", "OL-4T", 0.55],
  ["AT-WBND", "Attach waistband", "OL-4T", 0.75],
  ["WB-ELA", "Insert waistband elastic", "CS-3N", 0.6],
  ["INS-CRD", "Thread drawcord", "BT-01", 0.35],
  ["FL-SEAM", "Flatlock inseam and outseam", "FL-4N", 1.2],
  ["GUS-LEG", "Set crotch gusset", "FL-4N", 0.7],
  ["HEM-LEG", "Hem legs", "CS-3N", 0.5],
  ["JN-BOD", "Join bodice to skirt", "OL-5T", 0.9],
  ["HEM-NRW", "Narrow hem", "SN-LS", 0.8],
  ["PRS-FIN", "Final press and fold", "PRS-01", 0.5],
] as const;

const PROFILES = {
  tee: ["CUT-PNL", "JN-SHD", "AT-NRIB", "TS-NECK", "SET-SLV", "SD-SEAM", "HEM-SLV", "HEM-BDY", "ATT-LBL", "PRS-FIN"],
  tank: ["CUT-PNL", "JN-SHD", "AT-NRIB", "SD-SEAM", "HEM-BDY", "ATT-LBL", "PRS-FIN"],
  hoodie: [
    "CUT-PNL",
    "JN-SHD",
    "HD-LIN",
    "AT-HOOD",
    "INS-EYL",
    "AT-POCK",
    "BT-POCK",
    "SET-SLV",
    "SD-SEAM",
    "AT-CUFF",
    "AT-WBND",
    "INS-CRD",
    "ATT-LBL",
    "PRS-FIN",
  ],
  zipHoodie: [
    "CUT-PNL",
    "JN-SHD",
    "HD-LIN",
    "AT-HOOD",
    "INS-ZIP",
    "SET-SLV",
    "SD-SEAM",
    "AT-CUFF",
    "AT-WBND",
    "ATT-LBL",
    "PRS-FIN",
  ],
  sweat: ["CUT-PNL", "JN-SHD", "AT-NRIB", "SET-SLV", "SD-SEAM", "AT-CUFF", "AT-WBND", "ATT-LBL", "PRS-FIN"],
  jogger: ["CUT-PNL", "FL-SEAM", "AT-WBND", "WB-ELA", "INS-CRD", "AT-CUFF", "ATT-LBL", "PRS-FIN"],
  legging: ["CUT-PNL", "FL-SEAM", "GUS-LEG", "AT-WBND", "WB-ELA", "HEM-LEG", "ATT-LBL", "PRS-FIN"],
  dress: ["CUT-PNL", "JN-SHD", "SET-SLV", "SD-SEAM", "JN-BOD", "HEM-NRW", "ATT-LBL", "PRS-FIN"],
} as const;
type Kind = keyof typeof PROFILES;

/** Trims per kind of garment: [part code, quantity]. */
const TRIMS: Record<Kind, [string, number][]> = {
  tee: [
    ["LBL-MAIN", 1],
    ["LBL-CARE", 1],
    ["LBL-SIZE", 1],
    ["TAPE-NCK", 0.5],
    ["TAG-HANG", 1],
    ["POLY-BAG", 1],
  ],
  tank: [
    ["LBL-MAIN", 1],
    ["LBL-CARE", 1],
    ["TAG-HANG", 1],
    ["POLY-BAG", 1],
  ],
  hoodie: [
    ["LBL-MAIN", 1],
    ["LBL-CARE", 1],
    ["CRD-FLAT", 1],
    ["EYL-MET", 2],
    ["AGL-MET", 2],
    ["TAG-HANG", 1],
    ["POLY-BAG", 1],
  ],
  zipHoodie: [
    ["LBL-MAIN", 1],
    ["LBL-CARE", 1],
    ["ZIP-5C-26", 1],
    ["TAG-HANG", 1],
    ["POLY-BAG", 1],
  ],
  sweat: [
    ["LBL-MAIN", 1],
    ["LBL-CARE", 1],
    ["TAG-HANG", 1],
    ["POLY-BAG", 1],
  ],
  jogger: [
    ["LBL-MAIN", 1],
    ["LBL-CARE", 1],
    ["ELA-1IN", 0.9],
    ["CRD-FLAT", 1],
    ["AGL-MET", 2],
    ["POLY-BAG", 1],
  ],
  legging: [
    ["LBL-CARE", 1],
    ["ELA-1IN", 0.8],
    ["POLY-BAG", 1],
  ],
  dress: [
    ["LBL-MAIN", 1],
    ["LBL-CARE", 1],
    ["ELA-QTR", 0.3],
    ["TAG-HANG", 1],
    ["POLY-BAG", 1],
  ],
};

// code, name, category, kind, body fabric, trim fabric, yards, base cents, colours, has fit option
type StyleSpec = [string, string, string, Kind, string, string | null, number, number, readonly string[], boolean];
const ALL_COLOURS = COLOURS.map((c) => c[0]);
const CORE = ["BLK", "WHT", "HGR", "NVY"] as const;
const STYLES: StyleSpec[] = [
  ["TEE-100", "Classic Crew Tee", "Tees", "tee", "JER-150", "RIB-220", 1.15, 1150, ALL_COLOURS, true],
  ["TEE-110", "Heavyweight Crew Tee", "Tees", "tee", "JER-180", "RIB-220", 1.25, 1450, ALL_COLOURS, true],
  ["TEE-120", "CVC Everyday Tee", "Tees", "tee", "CVC-160", "RIB-220", 1.15, 1050, CORE, false],
  ["TEE-130", "Tri-blend Tee", "Tees", "tee", "TRI-145", "RIB-220", 1.1, 1350, CORE, true],
  ["TEE-140", "Modal V-neck Tee", "Tees", "tee", "MOD-170", "RIB-220", 1.1, 1650, ["BLK", "WHT", "SND"], false],
  ["TEE-150", "Pocket Tee", "Tees", "tee", "JER-180", "RIB-220", 1.3, 1550, CORE, false],
  ["TEE-160", "Waffle Crew Tee", "Tees", "tee", "WAF-210", "RIB-220", 1.2, 1750, ["HGR", "SND", "OLV"], false],
  ["TEE-170", "Relaxed Boxy Tee", "Tees", "tee", "JER-180", "RIB-220", 1.35, 1550, ALL_COLOURS, false],
  ["TNK-100", "Essential Tank", "Tanks", "tank", "JER-150", null, 0.85, 950, CORE, false],
  ["TNK-110", "Racerback Tank", "Tanks", "tank", "TRI-145", null, 0.8, 1100, ["BLK", "WHT", "HGR"], false],
  ["TNK-120", "Performance Tank", "Tanks", "tank", "PRF-200", null, 0.85, 1350, ["BLK", "NVY"], false],
  ["LST-100", "Long Sleeve Crew", "Long sleeves", "tee", "JER-180", "RIB-220", 1.55, 1850, CORE, true],
  [
    "LST-110",
    "Waffle Long Sleeve",
    "Long sleeves",
    "tee",
    "WAF-210",
    "RIB-280",
    1.6,
    2150,
    ["HGR", "SND", "OLV", "BUR"],
    false,
  ],
  [
    "LST-120",
    "Performance Long Sleeve",
    "Long sleeves",
    "tee",
    "PRF-240",
    "RIB-280",
    1.5,
    2450,
    ["BLK", "NVY", "FOR"],
    false,
  ],
  ["HOD-100", "Pullover Hoodie", "Hoodies", "hoodie", "FLC-330", "RIB-280", 2.35, 3450, ALL_COLOURS, true],
  ["HOD-110", "French Terry Hoodie", "Hoodies", "hoodie", "FT-280", "RIB-280", 2.25, 3250, CORE, false],
  ["HOD-120", "Full-zip Hoodie", "Hoodies", "zipHoodie", "FLC-330", "RIB-280", 2.4, 3850, CORE, true],
  [
    "HOD-130",
    "Lightweight Zip Hoodie",
    "Hoodies",
    "zipHoodie",
    "FT-280",
    "RIB-220",
    2.2,
    3550,
    ["BLK", "HGR", "OLV"],
    false,
  ],
  ["HOD-140", "Cropped Hoodie", "Hoodies", "hoodie", "FLC-330", "RIB-280", 1.9, 3350, ["BLK", "SND", "BUR"], false],
  ["SWT-100", "Crewneck Sweatshirt", "Sweatshirts", "sweat", "FLC-330", "RIB-280", 2.05, 2950, ALL_COLOURS, true],
  ["SWT-110", "French Terry Crew", "Sweatshirts", "sweat", "FT-280", "RIB-280", 1.95, 2750, CORE, false],
  [
    "SWT-120",
    "Raglan Sweatshirt",
    "Sweatshirts",
    "sweat",
    "FLC-330",
    "RIB-280",
    2.1,
    3050,
    ["HGR", "NVY", "FOR"],
    false,
  ],
  ["JOG-100", "Fleece Jogger", "Joggers", "jogger", "FLC-330", "RIB-280", 1.85, 3150, CORE, true],
  [
    "JOG-110",
    "French Terry Jogger",
    "Joggers",
    "jogger",
    "FT-280",
    "RIB-280",
    1.75,
    2950,
    ["BLK", "HGR", "OLV"],
    false,
  ],
  ["JOG-120", "Performance Jogger", "Joggers", "jogger", "PRF-240", "RIB-280", 1.7, 3450, ["BLK", "NVY"], false],
  ["SHO-100", "Fleece Sweat Short", "Shorts", "jogger", "FLC-330", "RIB-280", 1.05, 2250, CORE, false],
  ["SHO-110", "Performance Short", "Shorts", "jogger", "PRF-200", null, 0.95, 2350, ["BLK", "NVY"], false],
  [
    "LEG-100",
    "High-rise Legging",
    "Leggings",
    "legging",
    "PRF-240",
    null,
    1.25,
    2650,
    ["BLK", "NVY", "FOR", "BUR"],
    false,
  ],
  ["LEG-110", "7/8 Pocket Legging", "Leggings", "legging", "PRF-240", null, 1.3, 2850, ["BLK", "OLV"], false],
  ["LEG-120", "Bike Short", "Leggings", "legging", "PRF-240", null, 0.7, 1950, ["BLK", "NVY"], false],
  ["LEG-130", "Cotton Stretch Legging", "Leggings", "legging", "RIB-280", null, 1.2, 1850, ["BLK", "HGR"], false],
  ["DRS-100", "T-shirt Dress", "Dresses", "dress", "JER-180", "RIB-220", 2.1, 2950, ["BLK", "HGR", "NVY"], false],
  ["DRS-110", "Modal Midi Dress", "Dresses", "dress", "MOD-170", null, 2.6, 3950, ["BLK", "BUR", "SND"], false],
  ["DRS-120", "Viscose Wrap Dress", "Dresses", "dress", "VIS-110", null, 3.1, 4650, ["BLK", "FOR", "BUR"], false],
  ["DRS-130", "Poplin Shirt Dress", "Dresses", "dress", "POP-120", null, 3.0, 4950, ["WHT", "SND"], false],
  ["DRS-140", "Rib Tank Dress", "Dresses", "dress", "RIB-280", null, 1.9, 3250, ["BLK", "OLV"], false],
];

const idMap = <T extends { id: number; code: string }>(rows: T[]) => new Map(rows.map((r) => [r.code, r.id]));
const need = (map: Map<string, number>, key: string): number => {
  const id = map.get(key);
  if (id === undefined) throw new Error(`demo library: unknown ${key}`);
  return id;
};

const writeLibrary = async (tx: HubTx, factoryId: number, northwindId: number | null): Promise<void> => {
  // Options and their attributes
  const opt = idMap(
    await tx
      .insert(options)
      .values([
        { factoryId, code: "SIZE", name: "Size", sortOrder: 1 },
        { factoryId, code: "COLOR", name: "Colour", sortOrder: 2 },
        { factoryId, code: "FIT", name: "Fit", sortOrder: 3 },
      ])
      .returning({ id: options.id, code: options.code }),
  );
  const attr = idMap(
    await tx
      .insert(attributes)
      .values([
        ...SIZES.map(([code, name], n) => ({ factoryId, code, name, sortOrder: n + 1 })),
        ...COLOURS.map(([code, name, hexColor], n) => ({ factoryId, code, name, hexColor, sortOrder: 20 + n })),
        ...FITS.map(([code, name], n) => ({ factoryId, code, name, sortOrder: 40 + n })),
      ])
      .returning({ id: attributes.id, code: attributes.code }),
  );
  const sizeId = need(opt, "SIZE");
  const colourId = need(opt, "COLOR");
  const fitId = need(opt, "FIT");
  await tx
    .insert(optionAttributes)
    .values([
      ...SIZES.map(([code], n) => ({ optionId: sizeId, attributeId: need(attr, code), sortOrder: n })),
      ...COLOURS.map(([code], n) => ({ optionId: colourId, attributeId: need(attr, code), sortOrder: n })),
      ...FITS.map(([code], n) => ({ optionId: fitId, attributeId: need(attr, code), sortOrder: n })),
    ]);

  // Materials
  const typeNames = [...new Set(FABRICS.map((f) => f[2]))];
  const types = new Map(
    (
      await tx
        .insert(fabricTypes)
        .values(typeNames.map((name) => ({ factoryId, name })))
        .returning({ id: fabricTypes.id, name: fabricTypes.name })
    ).map((t) => [t.name, t.id]),
  );
  const fab = new Map(
    (
      await tx
        .insert(fabrics)
        .values(
          FABRICS.map(
            ([fabricCode, fabricName, type, supplier, color, costCents, widthInches, weightGsm, outOfStock]) => ({
              factoryId,
              fabricCode,
              fabricName,
              fabricTypeId: types.get(type) ?? null,
              supplier,
              color,
              costCents,
              unit: "yd",
              widthInches,
              weightGsm,
              outOfStock,
              stockChangedAt: outOfStock ? new Date() : null,
            }),
          ),
        )
        .returning({ id: fabrics.id, code: fabrics.fabricCode })
    ).map((f) => [f.code, f.id]),
  );
  const categoryNames = [...new Set(PARTS.map((p) => p[2]))];
  const cats = new Map(
    (
      await tx
        .insert(partCategories)
        .values(categoryNames.map((name) => ({ factoryId, name })))
        .returning({ id: partCategories.id, name: partCategories.name })
    ).map((c) => [c.name, c.id]),
  );
  const part = new Map(
    (
      await tx
        .insert(parts)
        .values(
          PARTS.map(([partCode, name, category, supplier, costCents, unit, outOfStock]) => ({
            factoryId,
            partCode,
            name,
            categoryId: cats.get(category) ?? null,
            supplier,
            costCents,
            unit,
            outOfStock,
            stockChangedAt: outOfStock ? new Date() : null,
          })),
        )
        .returning({ id: parts.id, code: parts.partCode })
    ).map((p) => [p.code, p.id]),
  );
  await tx.insert(threads).values([
    ...COLOURS.map(([code, name, hexColor]) => ({
      factoryId,
      kind: "thread",
      code: `TH-${code}`,
      name: `Core-spun poly ${name}`,
      colorCode: `C${code}`,
      hexColor,
      brand: "Coats Epic",
      ticket: "120",
    })),
    {
      factoryId,
      kind: "thread",
      code: "TH-WNY",
      name: "Textured nylon White (looper)",
      colorCode: "TN-WHT",
      hexColor: "#FAFAFA",
      brand: "A&E Wildcat",
      ticket: "100",
    },
    {
      factoryId,
      kind: "bmc",
      code: "BMC-BLK",
      name: "BMC Black",
      colorCode: "BMC-001",
      hexColor: "#111111",
      brand: "Amann",
      ticket: "120",
    },
    {
      factoryId,
      kind: "bmc",
      code: "BMC-WHT",
      name: "BMC White",
      colorCode: "BMC-002",
      hexColor: "#FAFAFA",
      brand: "Amann",
      ticket: "120",
    },
    {
      factoryId,
      kind: "bmc",
      code: "BMC-NVY",
      name: "BMC Navy",
      colorCode: "BMC-014",
      hexColor: "#1B2A4A",
      brand: "Amann",
      ticket: "120",
    },
  ]);

  // Machines, instructions, profiles
  const mac = idMap(
    await tx
      .insert(machines)
      .values(MACHINES.map(([code, name, machineType, make]) => ({ factoryId, code, name, machineType, make })))
      .returning({ id: machines.id, code: machines.code }),
  );
  const ins = idMap(
    await tx
      .insert(instructions)
      .values(
        INSTRUCTIONS.map(([code, name, machine, standardMinutes]) => ({
          factoryId,
          code,
          name,
          machineId: need(mac, machine),
          standardMinutes,
          description: `${name}. Check seam allowance and stitch density before the run.`,
        })),
      )
      .returning({ id: instructions.id, code: instructions.code }),
  );
  const profileNames: Record<Kind, string> = {
    tee: "Basic tee",
    tank: "Tank",
    hoodie: "Pullover hoodie",
    zipHoodie: "Zip hoodie",
    sweat: "Crew sweatshirt",
    jogger: "Jogger and short",
    legging: "Leggings",
    dress: "Knit or woven dress",
  };
  const kinds = Object.keys(PROFILES) as Kind[];
  const ipIds = await tx
    .insert(instructionProfiles)
    .values(
      kinds.map((k) => ({
        factoryId,
        name: profileNames[k],
        description: `Construction steps of a ${profileNames[k].toLowerCase()}.`,
      })),
    )
    .returning({ id: instructionProfiles.id });
  await tx.insert(instructionProfileSteps).values(
    kinds.flatMap((k, n) =>
      PROFILES[k].map((code, step) => ({
        profileId: ipIds[n]?.id ?? 0,
        step: step + 1,
        instructionId: need(ins, code),
      })),
    ),
  );
  const ppIds = await tx
    .insert(partProfiles)
    .values(
      kinds.map((k) => ({
        factoryId,
        name: `${profileNames[k]} trims`,
        description: `The trims of a ${profileNames[k].toLowerCase()}.`,
      })),
    )
    .returning({ id: partProfiles.id });
  await tx
    .insert(partProfileParts)
    .values(
      kinds.flatMap((k, n) =>
        TRIMS[k].map(([code, quantity]) => ({ profileId: ppIds[n]?.id ?? 0, partId: need(part, code), quantity })),
      ),
    );

  // Styles
  const styleRows = await tx
    .insert(styles)
    .values(
      STYLES.map(([code, name, category, kind, body, , , basePriceCents]) => ({
        factoryId,
        code,
        name,
        category,
        basePriceCents,
        description: `${name} in ${FABRICS.find((f) => f[0] === body)?.[1] ?? body}. Made to order; ${profileNames[kind].toLowerCase()} construction.`,
        // Two styles are Northwind's own; the rest are offered to every client.
        offeredToAll: !(code === "TEE-170" || code === "DRS-130"),
      })),
    )
    .returning({ id: styles.id, code: styles.code });
  const sty = idMap(styleRows);
  if (northwindId !== null) {
    await tx.insert(styleClients).values([
      { styleId: need(sty, "TEE-170"), clientId: northwindId },
      { styleId: need(sty, "DRS-130"), clientId: northwindId },
    ]);
  }
  const tiers: (typeof stylePriceTiers.$inferInsert)[] = [];
  const offered: (typeof styleOptions.$inferInsert)[] = [];
  const offeredAttrs: (typeof styleOptionAttributes.$inferInsert)[] = [];
  const sFabrics: (typeof styleFabrics.$inferInsert)[] = [];
  const sParts: (typeof styleParts.$inferInsert)[] = [];
  const sSteps: (typeof styleInstructions.$inferInsert)[] = [];
  const markers: (typeof styleMarkers.$inferInsert)[] = [];
  for (const [code, , , kind, body, trim, yards, base, colours, hasFit] of STYLES) {
    const styleId = need(sty, code);
    const sizes = kind === "legging" || kind === "dress" ? SIZES.slice(0, 6) : SIZES;
    tiers.push(
      { styleId, minQuantity: 12, unitPriceCents: Math.round((base * 0.92) / 5) * 5 },
      { styleId, minQuantity: 48, unitPriceCents: Math.round((base * 0.85) / 5) * 5 },
      { styleId, minQuantity: 144, unitPriceCents: Math.round((base * 0.78) / 5) * 5 },
    );
    offered.push({ styleId, optionId: sizeId, sortOrder: 1 }, { styleId, optionId: colourId, sortOrder: 2 });
    offeredAttrs.push(
      ...sizes.map(([size], n) => ({
        styleId,
        optionId: sizeId,
        attributeId: need(attr, size),
        upchargeCents: size === "2XL" ? 200 : size === "3XL" ? 400 : 0,
        sortOrder: n,
      })),
      ...colours.map((c, n) => ({
        styleId,
        optionId: colourId,
        attributeId: need(attr, c),
        upchargeCents: 0,
        sortOrder: n,
      })),
    );
    if (hasFit) {
      offered.push({ styleId, optionId: fitId, sortOrder: 3 });
      offeredAttrs.push(
        ...FITS.map(([fit], n) => ({
          styleId,
          optionId: fitId,
          attributeId: need(attr, fit),
          upchargeCents: 0,
          sortOrder: n,
        })),
      );
    }
    sFabrics.push({ styleId, fabricId: need(fab, body), placement: "Body", consumption: yards });
    if (trim)
      sFabrics.push({
        styleId,
        fabricId: need(fab, trim),
        placement: kind === "jogger" ? "Waistband and cuffs" : "Neck and cuffs",
        consumption: 0.12,
      });
    for (const [partCode, quantity] of TRIMS[kind]) sParts.push({ styleId, partId: need(part, partCode), quantity });
    sSteps.push(...PROFILES[kind].map((insCode, n) => ({ styleId, step: n + 1, instructionId: need(ins, insCode) })));
    markers.push(
      {
        factoryId,
        styleId,
        name: `${code} small run`,
        sizeRange: "XS–M",
        lengthInches: Math.round(yards * 36 * 3.1),
        widthInches: 60,
        efficiencyPct: 82.5,
      },
      {
        factoryId,
        styleId,
        name: `${code} large run`,
        sizeRange: kind === "legging" || kind === "dress" ? "L–2XL" : "L–3XL",
        lengthInches: Math.round(yards * 36 * 3.6),
        widthInches: 60,
        efficiencyPct: 80,
      },
    );
  }
  await tx.insert(stylePriceTiers).values(tiers);
  await tx.insert(styleOptions).values(offered);
  await tx.insert(styleOptionAttributes).values(offeredAttrs);
  await tx.insert(styleFabrics).values(sFabrics);
  await tx.insert(styleParts).values(sParts);
  await tx.insert(styleInstructions).values(sSteps);
  await tx.insert(styleMarkers).values(markers);

  // Attribute profiles (a size run, a colour card), linked to the styles that use them
  const [sizeRun, coreColours] = await tx
    .insert(attributeProfiles)
    .values([
      { factoryId, name: "Unisex sizes XS–3XL", description: "The full unisex size run." },
      { factoryId, name: "Core colours", description: "Black, White, Heather Grey, Navy." },
    ])
    .returning({ id: attributeProfiles.id });
  if (sizeRun && coreColours) {
    await tx
      .insert(attributeProfileAttributes)
      .values([
        ...SIZES.map(([code]) => ({ profileId: sizeRun.id, attributeId: need(attr, code) })),
        ...CORE.map((code) => ({ profileId: coreColours.id, attributeId: need(attr, code) })),
      ]);
    await tx.insert(attributeProfileStyles).values([
      ...STYLES.filter((s) => s[3] !== "legging" && s[3] !== "dress").map((s) => ({
        profileId: sizeRun.id,
        styleId: need(sty, s[0]),
      })),
      ...STYLES.filter((s) => s[8] === CORE).map((s) => ({ profileId: coreColours.id, styleId: need(sty, s[0]) })),
    ]);
  }

  // Sku maps naming every option of their style, so a demo SKU is a whole variant: "TEE100-BLK-REG-M"
  // (colour, fit, then the size to the end) and a store's fixed-width "HOD100BLKREGXL"
  const [teeMap, hoodMap] = await tx
    .insert(skuMaps)
    .values([
      {
        factoryId,
        name: "Classic Crew Tee (dashed)",
        styleId: need(sty, "TEE-100"),
        styleToken: "TEE100",
        styleStart: 1,
      },
      {
        factoryId,
        name: "Pullover Hoodie (store, fixed width)",
        styleId: need(sty, "HOD-100"),
        styleToken: "HOD100",
        styleStart: 1,
      },
    ])
    .returning({ id: skuMaps.id });
  if (teeMap && hoodMap) {
    await tx.insert(skuMapSegments).values([
      { skuMapId: teeMap.id, optionId: colourId, startPosition: 8, length: 3 },
      { skuMapId: teeMap.id, optionId: fitId, startPosition: 12, length: 3 },
      { skuMapId: teeMap.id, optionId: sizeId, startPosition: 16, length: null },
      { skuMapId: hoodMap.id, optionId: colourId, startPosition: 7, length: 3 },
      { skuMapId: hoodMap.id, optionId: fitId, startPosition: 10, length: 3 },
      { skuMapId: hoodMap.id, optionId: sizeId, startPosition: 13, length: null },
    ]);
  }
};

/**
 * The demo factory's manufacturing library (issue 4). Safe to run on every start: it writes
 * nothing when the demo factory already has styles.
 */
export const seedDemoLibrary = async (db: HubDb): Promise<void> => {
  const [factory] = await db
    .select({ id: factories.factoryId })
    .from(factories)
    .where(eq(factories.name, "Hub Demo Factory"));
  if (!factory) return;
  const [has] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(styles)
    .where(and(eq(styles.factoryId, factory.id)));
  if ((has?.n ?? 0) > 0) return;
  const [northwind] = await db
    .select({ id: clients.clientId })
    .from(clients)
    .where(sql`lower(${clients.siteName}) = 'northwind'`);
  await db.transaction(async (tx) => writeLibrary(tx, factory.id, northwind?.id ?? null));
};
