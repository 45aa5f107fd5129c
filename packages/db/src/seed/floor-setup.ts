import { DEMO_QC_REASONS, DEMO_STATIONS } from "@hub/contracts";
import { eq } from "drizzle-orm";
import type { HubDb } from "../client";
import { factories, floorQcReasons, floorStations, floorTotes } from "../schema/index";

/** How many empty totes the demo floor starts with (T-0001 …). */
export const DEMO_TOTES = 40;

/**
 * The demo factory's floor set-up (issue 11): its stations (cutters CUT-1 and the press CUT-2,
 * print, sew, QC-1, PACK-1), its QC reason codes and a rack of empty totes with barcodes.
 * Idempotent: codes that exist are left alone.
 */
export const seedDemoFloorSetup = async (db: HubDb): Promise<void> => {
  const [factory] = await db
    .select({ id: factories.factoryId })
    .from(factories)
    .where(eq(factories.name, "Hub Demo Factory"));
  if (!factory) return;
  const factoryId = factory.id;
  await db.transaction(async (tx) => {
    await tx
      .insert(floorStations)
      .values(DEMO_STATIONS.map((s) => ({ ...s, factoryId })))
      .onConflictDoNothing();
    await tx
      .insert(floorQcReasons)
      .values(DEMO_QC_REASONS.map((r) => ({ ...r, factoryId })))
      .onConflictDoNothing();
    await tx
      .insert(floorTotes)
      .values(
        Array.from({ length: DEMO_TOTES }, (_, i) => ({ factoryId, barcode: `T-${String(i + 1).padStart(4, "0")}` })),
      )
      .onConflictDoNothing();
  });
};
