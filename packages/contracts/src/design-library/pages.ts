/**
 * The design library's pages (issue 12): which pages there are, what each keeps, and who may write
 * them. Its schemas are in design-library.ts.
 */

/** A kind-specific field of a library item, kept in the item's `attrs`; the form shows it. */
export type TAttrField = {
  name: string;
  label: string;
  type: "text" | "int" | "decimal" | "hex";
  /** Suggested values (a select with free text). */
  options?: readonly string[];
  required?: boolean;
};

const textAttr = (name: string, label: string, options?: readonly string[]): TAttrField => ({
  name,
  label,
  type: "text",
  ...(options ? { options } : {}),
});

/**
 * The pages of pd_library_items: the URL key, the stored kind, what one is called, and the
 * fields only that kind has. Suppliers, sizes and POM templates have tables of their own.
 */
export const DESIGN_ITEM_PAGES = [
  {
    key: "images",
    kind: "images",
    title: "Images",
    noun: "image",
    card: "libaryImages",
    unit: null,
    attrs: [
      textAttr("category", "Category", ["sketch", "inspiration", "flat", "photo", "detail"]),
      textAttr("tags", "Tags"),
    ],
  },
  {
    key: "fabrics",
    kind: "fabrics",
    title: "Fabrics",
    noun: "fabric",
    card: "libaryFabrics",
    unit: "yd",
    attrs: [
      textAttr("composition", "Composition"),
      textAttr("construction", "Construction", ["jersey", "rib", "french terry", "fleece", "twill", "poplin", "denim"]),
      { name: "weightGsm", label: "Weight (gsm)", type: "int" },
      { name: "widthCm", label: "Width (cm)", type: "decimal" },
      textAttr("finish", "Finish"),
    ],
  },
  {
    key: "notions",
    kind: "notions",
    title: "Notions",
    noun: "notion",
    card: "libaryNotions",
    unit: "pc",
    attrs: [
      textAttr("category", "Category", ["zip", "button", "snap", "drawcord", "elastic", "eyelet", "tape"]),
      textAttr("size", "Size"),
      textAttr("material", "Material"),
      textAttr("finish", "Finish"),
    ],
  },
  {
    key: "labels",
    kind: "labels",
    title: "Labels",
    noun: "label",
    card: "libaryLabels",
    unit: "pc",
    attrs: [
      textAttr("labelType", "Label type", ["main", "care", "size", "hang tag", "patch", "flag"]),
      textAttr("material", "Material"),
      textAttr("size", "Size"),
      textAttr("placement", "Placement"),
    ],
  },
  {
    key: "threads",
    kind: "threads",
    title: "Threads",
    noun: "thread",
    card: "libaryThreads",
    unit: "cone",
    attrs: [
      textAttr("brand", "Brand"),
      textAttr("ticket", "Ticket"),
      textAttr("fiber", "Fibre"),
      textAttr("colorCode", "Colour code"),
    ],
  },
  {
    key: "packaging",
    kind: "packaging",
    title: "Packaging",
    noun: "packaging item",
    card: "packaging",
    unit: "pc",
    attrs: [
      textAttr("packagingType", "Packaging type", ["polybag", "box", "tissue", "sticker", "hanger", "carton"]),
      textAttr("material", "Material"),
      textAttr("dimensions", "Dimensions"),
    ],
  },
  {
    key: "colors",
    kind: "colors",
    title: "Colors",
    noun: "colour",
    card: "libaryColors",
    unit: null,
    attrs: [
      { name: "hex", label: "Hex", type: "hex", required: true },
      textAttr("pantone", "Pantone-style name"),
      textAttr("colorFamily", "Colour family", ["neutral", "blue", "green", "red", "yellow", "purple", "brown"]),
    ],
  },
  {
    key: "prints",
    kind: "prints",
    title: "Prints",
    noun: "print",
    card: "libaryPrints",
    unit: null,
    attrs: [
      textAttr("technique", "Technique", ["screen", "digital", "sublimation", "discharge", "rotary"]),
      textAttr("repeatSize", "Repeat size"),
      { name: "colorCount", label: "Colours", type: "int" },
    ],
  },
  {
    key: "graphics",
    kind: "graphics",
    title: "Graphics",
    noun: "graphic",
    card: "libaryGraphics",
    unit: null,
    attrs: [
      textAttr("technique", "Technique", ["embroidery", "screen print", "heat transfer", "applique", "puff print"]),
      textAttr("placement", "Placement"),
      { name: "widthCm", label: "Width (cm)", type: "decimal" },
      { name: "heightCm", label: "Height (cm)", type: "decimal" },
    ],
  },
  {
    key: "shippingLibrary",
    kind: "shipping",
    title: "Shipping Library",
    noun: "shipping item",
    card: "libaryShipping",
    unit: "pc",
    attrs: [
      textAttr("method", "Packing method", ["folded", "hanging", "flat pack"]),
      textAttr("cartonSize", "Carton size"),
      { name: "unitsPerCarton", label: "Units per carton", type: "int" },
      { name: "weightKg", label: "Weight (kg)", type: "decimal" },
    ],
  },
] as const satisfies readonly {
  key: string;
  kind: string;
  title: string;
  noun: string;
  card: string;
  unit: string | null;
  attrs: readonly TAttrField[];
}[];

export type TDesignItemPage = (typeof DESIGN_ITEM_PAGES)[number];
export type TDesignItemKey = TDesignItemPage["key"];

/** The other design-library pages (tables of their own). */
export const DESIGN_LIBRARY_OTHER_PAGES = [
  { key: "sizes", title: "Sizes", noun: "size range", card: "libarySizes" },
  { key: "pomTemplates", title: "POM Templates", noun: "POM template", card: "libaryPomTemplates" },
  { key: "suppliers", title: "Suppliers", noun: "supplier", card: "libarySuppliers" },
] as const;

/** Every design-library card (the nav tree's items under Product Development › Library). */
export const DESIGN_LIBRARY_CARDS: string[] = [
  ...DESIGN_ITEM_PAGES.map((p) => p.card),
  ...DESIGN_LIBRARY_OTHER_PAGES.map((p) => p.card),
];

export const DESIGN_LIBRARY_PREFIX = "/productDev/libary";

/** Who writes the design library (with its card): brands' people and internal admins. */
export const DESIGN_LIBRARY_EDITOR_TYPES = ["icreate", "designer", "client"] as const;
