import type { TTechPackTab } from "@hub/contracts/products/tech-pack/tech-pack";
import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/**
 * The tech pack workspace's screens, one file per tab beside this one, by tab key: the keys,
 * order and labels are the contracts' registry (contracts tech-pack/tabs/index.ts), and a tab
 * missing here does not compile. Each tab loads on its own when first opened.
 */
export const TECH_PACK_TAB_SCREENS: Record<TTechPackTab, LazyExoticComponent<ComponentType>> = {
  summary: lazy(() => import("./summary")),
  editProductDetails: lazy(() => import("./product-details")),
  images: lazy(() => import("./images")),
  files: lazy(() => import("./files")),
  fabrics: lazy(() => import("./fabrics")),
  notions: lazy(() => import("./notions")),
  labels: lazy(() => import("./labels")),
  threads: lazy(() => import("./threads")),
  graphics: lazy(() => import("./graphics")),
  colorways: lazy(() => import("./colorways")),
  estimates: lazy(() => import("./estimates")),
  sizing: lazy(() => import("./sizing")),
  gradedSpec: lazy(() => import("./graded-spec")),
  cuttersMust: lazy(() => import("./cutters-must")),
  constructionDetails: lazy(() => import("./construction-details")),
  packaging: lazy(() => import("./packaging")),
  productOptions: lazy(() => import("./product-options")),
  confirmSetup: lazy(() => import("./confirm-setup")),
  approval: lazy(() => import("./approval")),
  taskList: lazy(() => import("./task-list")),
  history: lazy(() => import("./history")),
  print: lazy(() => import("./print")),
  submit: lazy(() => import("./submit")),
  pdf: lazy(() => import("./pdf")),
};
