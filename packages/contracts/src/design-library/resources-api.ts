import type { Access } from "../common/operation";
import { resourceApi } from "../common/resource-api";
import {
  DESIGN_ITEM_PAGES,
  DESIGN_LIBRARY_EDITOR_TYPES,
  DESIGN_LIBRARY_PREFIX,
  designItemSchemas,
  type TDesignItemKey,
  ZDesignListQuerySchema,
  ZDesignLookupQuerySchema,
  ZDesignSupplierPageSchema,
  ZDesignSupplierRequestSchema,
  ZDesignSupplierSchema,
  ZPomTemplateDetailSchema,
  ZPomTemplatePageSchema,
  ZPomTemplateRequestSchema,
  ZSizeRangePageSchema,
  ZSizeRangeRequestSchema,
  ZSizeRangeSchema,
} from "./design-library";

/**
 * The design library's resources (issue 12): the resource engine with the team as owner, under
 * /productDev/libary/{key} in spec 7's shape (findAll, findById?id, create, update?id, delete?id),
 * read with the page's card and written with it by brands' people and internal admins. Lists
 * take spec 7's userId and teamId.
 */
const byCard = (card: string): { read: Access; write: Access } => ({
  read: { signedIn: true, card },
  write: { signedIn: true, card, types: DESIGN_LIBRARY_EDITOR_TYPES },
});
const at = {
  area: "productDev",
  prefix: DESIGN_LIBRARY_PREFIX,
  listQuery: ZDesignListQuerySchema,
  lookupQuery: ZDesignLookupQuerySchema,
  spec7: true,
  archivable: true,
} as const;

export const designSuppliersApi = resourceApi({
  ...at,
  key: "suppliers",
  schemas: { request: ZDesignSupplierRequestSchema, page: ZDesignSupplierPageSchema, detail: ZDesignSupplierSchema },
  access: byCard("libarySuppliers"),
});
export const designSizesApi = resourceApi({
  ...at,
  key: "sizes",
  schemas: { request: ZSizeRangeRequestSchema, page: ZSizeRangePageSchema, detail: ZSizeRangeSchema },
  access: byCard("libarySizes"),
});
export const designPomTemplatesApi = resourceApi({
  ...at,
  key: "pomTemplates",
  schemas: { request: ZPomTemplateRequestSchema, page: ZPomTemplatePageSchema, detail: ZPomTemplateDetailSchema },
  access: byCard("libaryPomTemplates"),
});

/** One page of pd_library_items (fabrics, notions, labels…): its kind's fields come from DESIGN_ITEM_PAGES. */
const itemApi = <const K extends TDesignItemKey>(key: K) => {
  const page = DESIGN_ITEM_PAGES.find((p) => p.key === key);
  if (!page) throw new Error(`No design item page ${key}`);
  return resourceApi({ ...at, key, schemas: designItemSchemas(page), access: byCard(page.card) });
};

/** The item pages' declarations, by page key. */
export const designItemsApi = {
  images: itemApi("images"),
  fabrics: itemApi("fabrics"),
  notions: itemApi("notions"),
  labels: itemApi("labels"),
  threads: itemApi("threads"),
  packaging: itemApi("packaging"),
  colors: itemApi("colors"),
  prints: itemApi("prints"),
  graphics: itemApi("graphics"),
  shippingLibrary: itemApi("shippingLibrary"),
} satisfies Record<TDesignItemKey, unknown>;
