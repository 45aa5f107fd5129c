import { z } from "zod";
import { zText } from "./text";

/** The one paging contract: `page` (0-based), `size`, `sort` (`field,asc|desc`), `searchString`. */
export const ZPageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(500).default(25),
  sort: zText()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*,(asc|desc)$/, "Sort must look like field,asc or field,desc")
    .optional(),
  searchString: zText().trim().max(200).optional(),
});
export type TPageQuery = z.infer<typeof ZPageQuerySchema>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  });
export type TPage<T> = { items: T[]; total: number; page: number; size: number };

export const parseSort = (sort: string | undefined): { field: string; dir: "asc" | "desc" } | null => {
  if (!sort) return null;
  const [field, dir] = sort.split(",");
  if (!field || (dir !== "asc" && dir !== "desc")) return null;
  return { field, dir };
};
