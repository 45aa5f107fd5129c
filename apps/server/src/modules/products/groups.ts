import {
  batchesApi,
  collectionsApi,
  type TProductFields,
  type TProductGroup,
  type TProductGroupRequest,
  tagsApi,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { teamOwner } from "../../platform/resource/owners";
import { nameList, type ResourceDef, type ResourceTable } from "../../platform/resource/resource";
import { resourceRoutes } from "../../platform/resource/resource-routes";
import { narrowTo } from "../design-library/resource";

/**
 * Collections, batches and tags (issue 19; docs/adr/0010-tech-pack.md, "Product groups"): resources
 * of the team through the resource engine. Products name them by name (their `collection`, `batch`
 * and `tags` columns, and each version's details): a product saved with a new name makes the group
 * (`ensureProductGroups`), a rename is carried to the products and to the versions not yet frozen
 * in the rename's transaction, and a group a product names cannot be deleted (archive it instead).
 */

const pr = schema.pdProducts;
const tp = schema.pdTechPacks;
const parts = schema.pdTechPackParts;

type GroupTable = typeof schema.pdCollections;
type Field = "collection" | "batch" | "tags";

/** The products of a team that name a group: by its name, case-insensitively. */
const naming = (field: Field, teamId: number | SQLWrapper, name: string | SQLWrapper): SQL =>
  field === "tags"
    ? sql`${pr.teamId} = ${teamId} and exists (select 1 from unnest(${pr.tags}) t where lower(t) = lower(${name}))`
    : sql`${pr.teamId} = ${teamId} and lower(${pr[field]}) = lower(${name})`;

/** A rename carried to the products (their columns) and to the details of their versions not yet approved or sent. */
const carryRename = async (tx: HubTx, field: Field, teamId: number, from: string, to: string) => {
  if (from === to) return;
  if (field === "tags") {
    await tx
      .update(pr)
      .set({
        tags: sql`(select coalesce(array_agg(case when lower(t) = lower(${from}) then ${to} else t end order by n), '{}') from unnest(${pr.tags}) with ordinality as x(t, n))`,
      })
      .where(naming(field, teamId, from));
  } else {
    await tx
      .update(pr)
      .set({ [field]: to })
      .where(naming(field, teamId, from));
  }
  // Each unfrozen version's own copy of the details (frozen versions stay as approved).
  const value =
    field === "tags"
      ? sql`(select coalesce(jsonb_agg(case when lower(t) = lower(${from}) then to_jsonb(${to}::text) else to_jsonb(t) end), '[]'::jsonb) from jsonb_array_elements_text(${parts.data}->'tags') as t)`
      : sql`to_jsonb(${to}::text)`;
  const matches =
    field === "tags"
      ? sql`exists (select 1 from jsonb_array_elements_text(${parts.data}->'tags') t where lower(t) = lower(${from}))`
      : sql`lower(${parts.data}->>${field}) = lower(${from})`;
  await tx
    .update(parts)
    .set({ data: sql`jsonb_set(${parts.data}, ${`{${field}}`}::text[], ${value})` })
    .where(
      and(
        eq(parts.tab, "editProductDetails"),
        matches,
        sql`${parts.techPackId} in (select ${tp.id} from ${tp} join ${pr} on ${pr.id} = ${tp.productId}
          where ${pr.teamId} = ${teamId} and ${tp.approvalState} <> 'approved' and ${tp.sentToFactoryAt} is null)`,
      ),
    );
};

const groupResource = (
  api: ResourceDef<TProductGroupRequest, TProductGroup, "teamId">["api"],
  key: string,
  table: GroupTable,
  field: Field,
  noun: string,
): ResourceDef<TProductGroupRequest, TProductGroup, "teamId"> => {
  const productCount = sql<number>`(select count(*)::int from ${pr} where ${naming(field, table.teamId, table.name)})`;
  return {
    api,
    noun,
    table: table as unknown as ResourceTable<"teamId">,
    owner: teamOwner,
    audit: `products.${key}`,
    narrow: narrowTo(table.teamId),
    columns: {
      id: table.id,
      teamId: table.teamId,
      archived: table.archived,
      updatedAt: table.updatedAt,
      name: table.name,
      description: table.description,
      productCount,
    },
    label: sql`${table.name}`,
    sortable: { name: table.name, updatedAt: table.updatedAt, productCount },
    defaultSort: ["name", "asc"],
    search: [table.name, table.description],
    values: async (_tx, req) => ({ name: req.name, description: req.description }),
    unique: [{ field: "name", column: table.name, message: `This ${noun} already exists` }],
    beforeUpdate: async (tx, id, req, ownerId) => {
      const [before] = await tx.select({ name: table.name }).from(table).where(eq(table.id, id));
      if (before) await carryRename(tx, field, ownerId, before.name, req.name);
    },
    usedBy: async (db, id) => {
      const [group] = await db.select({ teamId: table.teamId, name: table.name }).from(table).where(eq(table.id, id));
      if (!group) return null;
      const rows = await db
        .select({ code: pr.code })
        .from(pr)
        .where(naming(field, group.teamId, group.name))
        .orderBy(pr.code)
        .limit(6);
      return rows.length === 0
        ? null
        : `This ${noun} is named by the products ${nameList(
            rows.map((r) => r.code),
            rows.length,
          )}. Archive it instead, or rename it.`;
    },
    csv: [
      { header: "name", value: (r) => r.name },
      { header: "description", value: (r) => r.description },
      { header: "productCount", value: (r) => r.productCount },
      { header: "archived", value: (r) => r.archived },
    ],
  };
};

export const collectionsResource = groupResource(
  collectionsApi,
  "collections",
  schema.pdCollections,
  "collection",
  "collection",
);
export const batchesResource = groupResource(batchesApi, "batches", schema.pdBatches, "batch", "batch");
export const tagsResource = groupResource(tagsApi, "tags", schema.pdTags, "tags", "tag");

export const productGroupRoutes = (db: HubDb) =>
  [collectionsResource, batchesResource, tagsResource].map((r) => resourceRoutes(db, r));

/**
 * The groups a version's details name, made the team's if new (one statement, in the caller's
 * transaction): a product saved with a new collection, batch or tag creates it.
 */
export const ensureProductGroups = async (tx: HubTx, stpId: number, fields: TProductFields) => {
  const team = sql`(select ${pr.teamId} from ${tp} join ${pr} on ${pr.id} = ${tp.productId} where ${tp.id} = ${stpId})`;
  const names = (value: string | null | undefined) => JSON.stringify(value?.trim() ? [value.trim()] : []);
  const insert = (t: GroupTable, json: string) =>
    sql`insert into ${t} (team_id, name) select ${team}, n from json_array_elements_text(${json}::json) as n where n <> '' on conflict do nothing`;
  await tx.execute(sql`
    with c as (${insert(schema.pdCollections, names(fields.collection))}),
    b as (${insert(schema.pdBatches, names(fields.batch))})
    ${insert(schema.pdTags, JSON.stringify((fields.tags ?? []).map((x) => x.trim()).filter(Boolean)))}`);
};
