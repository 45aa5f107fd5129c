import { DESIGN_LIBRARY_EDITOR_TYPES } from "@hub/contracts/design-library/pages";
import {
  batchesApi,
  collectionsApi,
  PRODUCT_GROUPS,
  type TProductGroup,
  type TProductGroupRequest,
  tagsApi,
  ZProductGroupPageSchema,
  ZProductGroupRequestSchema,
  ZProductGroupSchema,
} from "@hub/contracts/products/groups";
import type { ResourceConfig } from "../../../components/resource/types";
import { dash, updatedColumn } from "../../library/resources/format";

/**
 * Collections, batches and tags (issue 19): one list and one form each, from the resource engine,
 * at /productDev/{collections|batches|tags}. Products name them; a rename here renames them there.
 */
const APIS = { collections: collectionsApi, batches: batchesApi, tags: tagsApi } as const;

const SUBTITLES: Record<string, string> = {
  collections: "A season's line of products, like “SS27 Essentials”. Renaming one renames it on its products.",
  batches: "The drops of a collection, like “Drop 1”. Renaming one renames it on its products.",
  tags: "Free labels on products for finding them. Renaming one renames it on its products.",
};

export const GROUP_CONFIGS: Record<string, ResourceConfig<TProductGroupRequest, TProductGroup>> = Object.fromEntries(
  PRODUCT_GROUPS.map((g) => [
    g.key,
    {
      api: APIS[g.key],
      editors: DESIGN_LIBRARY_EDITOR_TYPES,
      listPath: `productDev/${g.key}`,
      basePath: `productDev/${g.key}`,
      card: "products",
      title: g.label,
      noun: g.noun,
      subtitle: SUBTITLES[g.key] ?? "",
      columns: [
        { field: "name", headerName: "Name", flex: 1, minWidth: 200 },
        { field: "description", headerName: "Description", flex: 1.5, minWidth: 200, valueFormatter: (v) => dash(v) },
        { field: "productCount", headerName: "Products", width: 110, type: "number" },
        updatedColumn<TProductGroup>(),
      ],
      defaultSort: "name,asc",
      searchPlaceholder: `Search ${g.label.toLowerCase()}…`,
      titleField: "name",
      schemas: { page: ZProductGroupPageSchema, detail: ZProductGroupSchema, request: ZProductGroupRequestSchema },
      fields: [
        { name: "name", label: "Name", kind: "text" },
        { name: "description", label: "Description", kind: "multiline" },
      ],
      empty: { name: "", description: "" },
      fromDetail: (d) => ({ name: d.name, description: d.description ?? "" }),
    } satisfies ResourceConfig<TProductGroupRequest, TProductGroup>,
  ]),
);
