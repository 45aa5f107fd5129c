import {
  SHIPPING_PROFILE_MESSAGES,
  shippingBoxLabel,
  shippingProfilesApi,
  type TShippingProfile,
  type TShippingProfileRequest,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { rowsOf } from "../../platform/database";
import { badRequest } from "../../platform/errors";
import { teamOwner } from "../../platform/resource/owners";
import { col, nameList, type ResourceDef, type ResourceTable } from "../../platform/resource/resource";
import { resourceRoutes } from "../../platform/resource/resource-routes";
import { narrowTo } from "../design-library/resource";

/**
 * Shipping profiles (issue 19; docs/adr/0010-tech-pack.md, "Shipping profiles"): a resource of the
 * team through the resource engine. The box, polybag and inserts it names are the team's Shipping
 * Library items (`pd_library_items` of kind `shipping`). A tech pack version's packaging tab names
 * a profile by id in its document, so a profile a version names cannot be deleted (archive it).
 */

const sp = schema.pdShippingProfiles;
const li = schema.pdLibraryItems;

/** The team's products with a version whose packaging tab names the profile `id` (an SQL id). */
const namingProducts = (id: SQL | number) => sql`select distinct pr.code from pd_tech_pack_parts p
  join pd_tech_packs tp on tp.id = p.tech_pack_id join pd_products pr on pr.id = tp.product_id
  where p.tab = 'packaging' and p.data->'shippingProfileId' = to_jsonb(${id}::int)`;

const productCount = sql<number>`(select count(*)::int from (${namingProducts(col(sp.id))}) named)`;
const boxItemName = sql<string | null>`(select li.name from pd_library_items li where li.id = ${col(sp.boxItemId)})`;

/** The Shipping Library items a request names must be the team's (400 naming the field). */
const checkItems = async (tx: HubTx, teamId: number, req: TShippingProfileRequest) => {
  const named: [string, number][] = [
    ...(req.boxItemId ? [["boxItemId", req.boxItemId] as [string, number]] : []),
    ...(req.polybagItemId ? [["polybagItemId", req.polybagItemId] as [string, number]] : []),
    ...req.insertItemIds.map((id, i) => [`insertItemIds.${i}`, id] as [string, number]),
  ];
  if (named.length === 0) return;
  const found = await tx
    .select({ id: li.id })
    .from(li)
    .where(
      and(
        eq(li.teamId, teamId),
        eq(li.kind, "shipping"),
        inArray(
          li.id,
          named.map(([, id]) => id),
        ),
      ),
    );
  const known = new Set(found.map((r) => r.id));
  const missing = named.find(([, id]) => !known.has(id));
  if (missing)
    throw badRequest(SHIPPING_PROFILE_MESSAGES.unknownItem, { [missing[0]]: SHIPPING_PROFILE_MESSAGES.unknownItem });
};

export const shippingProfilesResource: ResourceDef<TShippingProfileRequest, TShippingProfile, "teamId"> = {
  api: shippingProfilesApi,
  noun: "shipping profile",
  table: sp as unknown as ResourceTable<"teamId">,
  owner: teamOwner,
  audit: "products.shippingProfiles",
  narrow: narrowTo(sp.teamId),
  columns: {
    id: sp.id,
    teamId: sp.teamId,
    archived: sp.archived,
    updatedAt: sp.updatedAt,
    name: sp.name,
    description: sp.description,
    boxItemId: sp.boxItemId,
    boxItemName,
    boxLength: sp.boxLength,
    boxWidth: sp.boxWidth,
    boxHeight: sp.boxHeight,
    dimensionUnit: sp.dimensionUnit,
    foldMethod: sp.foldMethod,
    polybag: sp.polybag,
    polybagItemId: sp.polybagItemId,
    insertItemIds: sp.insertItemIds,
    unitsPerBox: sp.unitsPerBox,
    boxTareGrams: sp.boxTareGrams,
    weights: sp.weights,
    productCount,
  },
  label: sql`${sp.name}`,
  sortable: {
    name: sp.name,
    foldMethod: sp.foldMethod,
    unitsPerBox: sp.unitsPerBox,
    updatedAt: sp.updatedAt,
    productCount,
  },
  defaultSort: ["name", "asc"],
  search: [sp.name, sp.description, sp.foldMethod],
  values: async (tx, req, ownerId) => {
    await checkItems(tx, ownerId, req);
    return {
      name: req.name,
      description: req.description,
      boxItemId: req.boxItemId,
      boxLength: req.boxLength,
      boxWidth: req.boxWidth,
      boxHeight: req.boxHeight,
      dimensionUnit: req.dimensionUnit,
      foldMethod: req.foldMethod,
      polybag: req.polybag,
      polybagItemId: req.polybag ? req.polybagItemId : null,
      insertItemIds: req.insertItemIds,
      unitsPerBox: req.unitsPerBox,
      boxTareGrams: req.boxTareGrams,
      weights: req.weights.map((w) => ({ size: w.size.trim(), grams: w.grams })),
    };
  },
  unique: [{ field: "name", column: sp.name, message: "This shipping profile already exists" }],
  usedBy: async (db, id) => {
    const list = rowsOf<{ code: string }>(await db.execute(sql`${namingProducts(id)} order by 1 limit 6`));
    if (list.length === 0) return null;
    return `This shipping profile is chosen on the packaging tab of the products ${nameList(
      list.map((r) => r.code),
      list.length,
    )}. Archive it instead.`;
  },
  csv: [
    { header: "name", value: (r) => r.name },
    { header: "foldMethod", value: (r) => r.foldMethod },
    {
      header: "box",
      value: (r) =>
        shippingBoxLabel({
          boxItemName: (r.boxItemName as string | null) ?? null,
          boxLength: (r.boxLength as number | null) ?? null,
          boxWidth: (r.boxWidth as number | null) ?? null,
          boxHeight: (r.boxHeight as number | null) ?? null,
          dimensionUnit: String(r.dimensionUnit),
        }),
    },
    { header: "unitsPerBox", value: (r) => r.unitsPerBox },
    { header: "boxTareGrams", value: (r) => r.boxTareGrams },
    {
      header: "weights",
      value: (r) =>
        ((r.weights as { size: string; grams: number }[]) ?? []).map((w) => `${w.size}:${w.grams}`).join(" "),
    },
    { header: "productCount", value: (r) => r.productCount },
    { header: "archived", value: (r) => r.archived },
  ],
};

export const shippingProfileRoutes = (db: HubDb) => resourceRoutes(db, shippingProfilesResource);

// ---- the packaging tab's choice -----------------------------------------------------------------

/** The team's profiles to choose from on the packaging tab (a facility: only `onlyId`, the one chosen). */
export const shippingProfileChoices = async (
  db: HubDb | HubTx,
  teamId: number,
  chosen: number | null,
  facility: boolean,
) => {
  if (facility && chosen === null) return [];
  return db
    .select({ id: sp.id, name: sp.name, archived: sp.archived })
    .from(sp)
    .where(
      and(
        eq(sp.teamId, teamId),
        facility ? eq(sp.id, chosen ?? 0) : sql`(${sp.archived} = false or ${sp.id} = ${chosen ?? 0})`,
      ),
    )
    .orderBy(asc(sp.name))
    .limit(1000);
};

/** A packaging tab's profile must be the team's (an archived one only if the version had it already). */
export const checkShippingProfile = async (tx: HubTx, teamId: number, id: number | null, before: number | null) => {
  if (id === null) return;
  const [row] = await tx
    .select({ archived: sp.archived })
    .from(sp)
    .where(and(eq(sp.id, id), eq(sp.teamId, teamId)));
  if (!row || (row.archived && id !== before))
    throw badRequest(SHIPPING_PROFILE_MESSAGES.unknownProfile, {
      shippingProfileId: SHIPPING_PROFILE_MESSAGES.unknownProfile,
    });
};

/** The profile a version's packaging tab names, in one line for the tech pack PDF (null: none). */
export const shippingProfileLine = async (db: HubDb, teamId: number, id: number | null): Promise<string | null> => {
  if (id === null) return null;
  const [r] = await db
    .select({
      name: sp.name,
      boxItemName,
      boxLength: sp.boxLength,
      boxWidth: sp.boxWidth,
      boxHeight: sp.boxHeight,
      dimensionUnit: sp.dimensionUnit,
      foldMethod: sp.foldMethod,
      polybag: sp.polybag,
      unitsPerBox: sp.unitsPerBox,
      weights: sp.weights,
    })
    .from(sp)
    .where(and(eq(sp.id, id), eq(sp.teamId, teamId)));
  if (!r) return null;
  const weights = r.weights.map((w) => `${w.size} ${w.grams} g`).join(", ");
  return [
    r.name,
    `box ${shippingBoxLabel(r)}`,
    r.foldMethod,
    r.polybag ? "polybagged" : "no polybag",
    `${r.unitsPerBox} per box`,
    weights ? `weights ${weights}` : null,
  ]
    .filter(Boolean)
    .join(" · ");
};
