import { z } from "zod";
import { ZDbIdSchema } from "../common/ids";
import type { Access } from "../common/operation";
import { pageOf } from "../common/paging";
import { resourceApi } from "../common/resource-api";
import { zText } from "../common/text";
import { ZDesignListQuerySchema, ZDesignLookupQuerySchema } from "../design-library/design-library";
import { DESIGN_LIBRARY_EDITOR_TYPES } from "../design-library/pages";
import { ZNameSchema, ZOptionalTextSchema } from "../library/common";

/**
 * How a team groups its products (issue 19): collections (a season's line: "SS27 Essentials"),
 * batches (its drops: "Drop 1") and tags. Each is a resource of the team (spec 7's findAll paged
 * with userId, teamId, page, size, searchString; findById, create, update?id, delete?id), under
 * /productDev/{collections|batches|tags}. Products name them; a name a product is saved with
 * becomes the team's group if it is new, and renaming a group renames it on the products.
 */
export const ZProductGroupRequestSchema = z.object({
  teamId: ZDbIdSchema.optional(),
  name: ZNameSchema,
  description: ZOptionalTextSchema(500).default(null),
});
export type TProductGroupRequest = z.infer<typeof ZProductGroupRequestSchema>;

export const ZProductGroupSchema = z.object({
  id: z.number().int(),
  teamId: z.number().int(),
  archived: z.boolean(),
  updatedAt: z.iso.datetime({ offset: true }),
  name: zText(),
  description: zText().nullable(),
  /** How many of the team's products name it. */
  productCount: z.number().int(),
});
export type TProductGroup = z.infer<typeof ZProductGroupSchema>;
export const ZProductGroupPageSchema = pageOf(ZProductGroupSchema);

const access: { read: Access; write: Access } = {
  read: { signedIn: true, card: "products" },
  write: { signedIn: true, card: "products", types: DESIGN_LIBRARY_EDITOR_TYPES },
};
const group = <const K extends string>(key: K) =>
  resourceApi({
    area: "productDev",
    prefix: "/productDev",
    key,
    schemas: { request: ZProductGroupRequestSchema, page: ZProductGroupPageSchema, detail: ZProductGroupSchema },
    access,
    listQuery: ZDesignListQuerySchema,
    lookupQuery: ZDesignLookupQuerySchema,
    spec7: true,
    archivable: true,
  });

export const collectionsApi = group("collections");
export const batchesApi = group("batches");
export const tagsApi = group("tags");

export const PRODUCT_GROUPS = [
  { key: "collections", noun: "collection", label: "Collections", field: "collection" },
  { key: "batches", noun: "batch", label: "Batches", field: "batch" },
  { key: "tags", noun: "tag", label: "Tags", field: "tags" },
] as const;
