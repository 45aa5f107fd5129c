import type { z } from "zod";
import { fabricsTab, graphicsTab, labelsTab, notionsTab, packagingTab, threadsTab } from "./bom";
import { colorwaysTab } from "./colorways";
import { constructionDetailsTab } from "./construction-details";
import { cuttersMustTab } from "./cutters-must";
import { estimatesTab } from "./estimates";
import { filesTab } from "./files";
import { gradedSpecTab } from "./graded-spec";
import { imagesTab } from "./images";
import { productOptionsTab } from "./product-options";
import { sizingTab } from "./sizing";

export * from "./bom";
export * from "./colorways";
export * from "./construction-details";
export * from "./cutters-must";
export * from "./estimates";
export * from "./files";
export * from "./graded-spec";
export * from "./images";
export * from "./parts";
export * from "./product-details";
export * from "./product-options";
export * from "./sizing";

/**
 * The tech pack's tabs, one registry (docs/adr/0010-tech-pack.md): every tab of the workspace in
 * the order of the spec's route table, with its label, and for a document tab (saved whole with
 * its tab version) its definition: data schema, GET answer, PUT body and empty content, each in
 * its own file beside this one. The server registers each document tab's GET and PUT from here
 * (contracts `products/api.ts`), the web maps each key to its screen (features/products/tech-pack/tabs/).
 *
 * Adding a document tab: its file here (documentTab), one line below, its screen on the web and
 * one line in the web's registry; the server's tab service says what its GET adds and what its
 * save checks.
 */
export const DOCUMENT_TAB_DEFS = {
  images: imagesTab,
  files: filesTab,
  fabrics: fabricsTab,
  notions: notionsTab,
  labels: labelsTab,
  threads: threadsTab,
  graphics: graphicsTab,
  packaging: packagingTab,
  colorways: colorwaysTab,
  estimates: estimatesTab,
  sizing: sizingTab,
  gradedSpec: gradedSpecTab,
  cuttersMust: cuttersMustTab,
  constructionDetails: constructionDetailsTab,
  productOptions: productOptionsTab,
} as const;
export type TDocumentTab = keyof typeof DOCUMENT_TAB_DEFS;
/** The tabs saved as documents (tab versions), besides editProductDetails. */
export const DOCUMENT_TABS = Object.keys(DOCUMENT_TAB_DEFS) as TDocumentTab[];

/** Every tab of the workspace, in the order of the spec's route table, and its label. */
export const TECH_PACK_TAB_LIST = [
  { key: "summary", label: "Summary" },
  { key: "editProductDetails", label: "Product details" },
  imagesTab,
  filesTab,
  fabricsTab,
  notionsTab,
  labelsTab,
  threadsTab,
  graphicsTab,
  colorwaysTab,
  estimatesTab,
  sizingTab,
  gradedSpecTab,
  cuttersMustTab,
  constructionDetailsTab,
  packagingTab,
  productOptionsTab,
  { key: "confirmSetup", label: "Confirm setup" },
  { key: "approval", label: "Approval" },
  { key: "taskList", label: "Tasks" },
  { key: "history", label: "History" },
  { key: "print", label: "Print" },
  { key: "submit", label: "Submit" },
  { key: "pdf", label: "PDF" },
] as const;
export type TTechPackTab = (typeof TECH_PACK_TAB_LIST)[number]["key"];
export const TECH_PACK_TABS: readonly TTechPackTab[] = TECH_PACK_TAB_LIST.map((t) => t.key);
export const TECH_PACK_TAB_LABELS = Object.fromEntries(TECH_PACK_TAB_LIST.map((t) => [t.key, t.label])) as Record<
  TTechPackTab,
  string
>;

type Defs = typeof DOCUMENT_TAB_DEFS;
const mapTabs = <V>(f: (def: Defs[TDocumentTab]) => V) =>
  Object.fromEntries(DOCUMENT_TABS.map((k) => [k, f(DOCUMENT_TAB_DEFS[k])]));

/** A document tab's data (what its PUT saves besides `version`). */
export type TDocumentTabData<K extends TDocumentTab> = z.infer<Defs[K]["data"]>;
/** Each document tab's data schema (what its PUT saves besides `version`). */
export const DOCUMENT_TAB_SCHEMAS = mapTabs((d) => d.data) as { [K in TDocumentTab]: Defs[K]["data"] };
/** A document tab's empty content (a new tech pack). */
export const EMPTY_TAB_DATA = mapTabs((d) => d.empty) as { [K in TDocumentTab]: z.infer<Defs[K]["data"]> };
