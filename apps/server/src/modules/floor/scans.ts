import type { HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, type SQL, sql } from "drizzle-orm";

/**
 * Idempotent scans (docs/adr/0005-floor.md): a scan carries a client scan id, one per press of
 * Enter, that a retry repeats. Each scan's transaction first looks the id up (`findScan`): a repeat
 * answers what the first one answered, with the records as they are now, and changes nothing.
 * Otherwise the work is done and `keepScan` stores the answer in the same transaction, so the
 * answer exists exactly when the change does. Two requests with one id on the same unit or tote
 * queue on its row lock, so the second sees the first's row; should two with one id touch different
 * rows, the primary key refuses the second's row (`ScanRace`) and `retryOnScanRace` runs it again,
 * when it finds the first's answer.
 */

/** What a scan's answer keeps: the message shown, and the ids the answer is rebuilt from. */
export type StoredScan = { message: string; ids: Record<string, number> };

export class ScanRace extends Error {
  constructor() {
    super("a scan with this id was answered meanwhile");
  }
}

export const findScan = async (
  tx: HubTx,
  factoryId: number,
  scanId: string | undefined,
): Promise<StoredScan | null> => {
  if (!scanId) return null;
  const s = schema.floorScans;
  const [row] = await tx
    .select({ response: s.response })
    .from(s)
    .where(and(eq(s.factoryId, factoryId), eq(s.scanId, scanId)));
  return row ? (row.response as StoredScan) : null;
};

export const keepScan = async (
  tx: HubTx,
  factoryId: number,
  scanId: string | undefined,
  action: string,
  answer: StoredScan,
): Promise<void> => {
  if (!scanId) return;
  const kept = await tx
    .insert(schema.floorScans)
    .values({ factoryId, scanId, action, response: answer })
    .onConflictDoNothing()
    .returning({ scanId: schema.floorScans.scanId });
  if (kept.length === 0) throw new ScanRace();
};

/**
 * `keepScan` as a statement to fold into the scan's last write (a data-modifying CTE named `kept`,
 * see `applyUnitAction` and `assignToTote`): it answers one row when the answer was kept, none when
 * another request with the same scan id kept its own first; the caller then throws `ScanRace`.
 */
export const keepScanSql = (factoryId: number, scanId: string, action: string, answer: StoredScan): SQL => {
  const s = schema.floorScans;
  return sql`insert into ${s} (factory_id, scan_id, action, response)
    values (${factoryId}, ${scanId}, ${action}, ${JSON.stringify(answer)}::jsonb)
    on conflict do nothing returning 1`;
};

/** Runs a scan's transaction; when another request with the same scan id won meanwhile, once more (it then replays). */
export const retryOnScanRace = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ScanRace) return run();
    throw error;
  }
};
