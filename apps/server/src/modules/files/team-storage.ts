import { FILE_MANAGER_DEFAULT_QUOTA_BYTES, FILE_MANAGER_MESSAGES } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { eq, sql } from "drizzle-orm";
import { HttpError } from "../../platform/errors";

const owned = schema.pdTeamFiles;
const stored = schema.storedFiles;

/** The bytes a team's files take (the trash included: it is still stored) and its plan's quota. */
export const storageOf = async (
  db: HubDb | HubTx,
  team: { teamId: number; clientId: number },
): Promise<{ usedBytes: number; trashBytes: number; quotaBytes: number; planName: string | null }> => {
  const [used] = await db
    .select({
      used: sql<string>`coalesce(sum(${stored.sizeBytes}), 0)`,
      trash: sql<string>`coalesce(sum(${stored.sizeBytes}) filter (where ${owned.deletedAt} is not null), 0)`,
    })
    .from(owned)
    .innerJoin(stored, eq(stored.id, owned.fileId))
    .where(eq(owned.teamId, team.teamId));
  const [plan] = await db
    .select({ quota: schema.subscriptions.storageQuotaBytes, name: schema.subscriptions.name })
    .from(schema.clients)
    .innerJoin(schema.subscriptions, eq(schema.subscriptions.subscriptionId, schema.clients.subscriptionId))
    .where(eq(schema.clients.clientId, team.clientId));
  return {
    usedBytes: Number(used?.used ?? 0),
    trashBytes: Number(used?.trash ?? 0),
    quotaBytes: plan?.quota ?? FILE_MANAGER_DEFAULT_QUOTA_BYTES,
    planName: plan?.name ?? null,
  };
};

/** A 413 when `addedBytes` more would take the team past its plan's quota (the File Manager's message). */
export const refuseOverQuota = (storage: { usedBytes: number; quotaBytes: number }, addedBytes: number): void => {
  if (storage.usedBytes + addedBytes <= storage.quotaBytes) return;
  const mb = (n: number) => (n / (1024 * 1024)).toFixed(1);
  const message = FILE_MANAGER_MESSAGES.quota(mb(storage.usedBytes), mb(storage.quotaBytes));
  throw new HttpError(413, "BAD_REQUEST", message, { file: message });
};
