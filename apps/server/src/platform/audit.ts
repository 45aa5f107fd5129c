import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";

/** Records who did what, when: every destructive or administrative action writes one row. */
export const recordAudit = async (
  db: HubDb | HubTx,
  entry: { actor: string | null; action: string; subject: string; detail?: Record<string, unknown> },
): Promise<void> => {
  await db.insert(schema.auditLog).values({
    actorUserName: entry.actor,
    action: entry.action,
    subject: entry.subject,
    detail: entry.detail ?? null,
  });
};
