import { and, eq, sql } from "drizzle-orm";
import type { HubDb } from "../client";
import {
  libStyleSources,
  pdLibraryItems,
  pdProducts,
  pdShippingProfiles,
  pdTechPacks,
  styles,
  teams,
} from "../schema/index";

/**
 * Issue 19 on the demo (after the design library and the tech packs): Northwind Design's shipping
 * profile for folded tees (the SS27 export carton, 150–235 g a garment), chosen on the packaging tab
 * of the demo tee's approved version (NW-SS27-01 v1), and the demo factory's TEE-100 style linked
 * to that version (`lib_style_sources`), so pack-out suggests the box and the weight for a TEE-100
 * order. Each step changes nothing when done already.
 */
const TEAM = "northwind-design";
const NAME = "Folded tee, export carton";
const WEIGHTS = [
  { size: "XS", grams: 150 },
  { size: "S", grams: 160 },
  { size: "M", grams: 175 },
  { size: "L", grams: 190 },
  { size: "XL", grams: 205 },
  { size: "2XL", grams: 220 },
  { size: "3XL", grams: 235 },
];

export const seedDemoShippingProfiles = async (db: HubDb): Promise<void> => {
  const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.name, TEAM));
  if (!team) return;
  const li = pdLibraryItems;
  const [box] = await db
    .select({ id: li.id })
    .from(li)
    .where(and(eq(li.teamId, team.id), eq(li.kind, "shipping"), eq(li.code, "SHP-CARTON-48")));
  const [tee] = await db
    .select({ productId: pdProducts.id, stpId: pdTechPacks.id })
    .from(pdProducts)
    .innerJoin(pdTechPacks, and(eq(pdTechPacks.productId, pdProducts.id), eq(pdTechPacks.version, 1)))
    .where(and(eq(pdProducts.teamId, team.id), eq(pdProducts.code, "NW-SS27-01")));
  if (!tee) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(pdShippingProfiles)
      .values({
        teamId: team.id,
        name: NAME,
        description: "One tee folded flat in its polybag; 48 to the export carton.",
        boxItemId: box?.id ?? null,
        boxLength: 60,
        boxWidth: 40,
        boxHeight: 40,
        dimensionUnit: "cm",
        foldMethod: "flat fold",
        polybag: true,
        unitsPerBox: 48,
        boxTareGrams: 900,
        weights: WEIGHTS,
      })
      .onConflictDoNothing();
    const [profile] = await tx
      .select({ id: pdShippingProfiles.id })
      .from(pdShippingProfiles)
      .where(and(eq(pdShippingProfiles.teamId, team.id), eq(pdShippingProfiles.name, NAME)));
    if (!profile) return;
    // The approved version's packaging tab names it (a seed writes the frozen version as it was approved).
    await tx.execute(sql`
      update pd_tech_pack_parts set data = jsonb_set(data, '{shippingProfileId}', to_jsonb(${profile.id}::int))
      where tech_pack_id = ${tee.stpId} and tab = 'packaging' and not (data ? 'shippingProfileId')`);
    // TEE-100 of the factory the tee was sent to (the demo factory) is made from it.
    const [style] = await tx
      .select({ id: styles.id })
      .from(styles)
      .where(
        and(
          eq(styles.code, "TEE-100"),
          sql`${styles.factoryId} in (select factory_id from pd_tech_pack_sends where tech_pack_id = ${tee.stpId})`,
        ),
      )
      .limit(1);
    if (style)
      await tx
        .insert(libStyleSources)
        .values({ styleId: style.id, productId: tee.productId, techPackId: tee.stpId, createdBy: "designer" })
        .onConflictDoNothing();
  });
};
