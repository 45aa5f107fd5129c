import {
  INTEGRATION_MESSAGES,
  INTEGRATION_PLATFORMS,
  maskSecret,
  type TIntegration,
  type TIntegrationList,
  type TIntegrationPlatform,
  type TIntegrationTestResult,
  type TShippingCredentials,
  type TStoreCredentials,
  ZShippingCredentialsSchema,
  ZStoreCredentialsSchema,
} from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { recordAudit } from "../../platform/audit";
import type { HubConfig } from "../../platform/config";
import { notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { decryptSecret, encryptSecret } from "./crypto";
import { type ConnectionOutcome, testShipping, testStore } from "./platforms";
import { actingClientId, adminClientId } from "./scope";

const t = schema.integrations;
/** Saved credentials' additional data: the row's client and platform. */
export const credentialsAad = (clientId: number, platform: string) => `integration:${clientId}:${platform}`;

type Row = typeof t.$inferSelect;

const OK = "OK: ";
const FAILED = "FAILED: ";

/** Masked hints of the secrets (never the secrets): "••••1234"; "••••" alone when unreadable. */
const hintsOf = (config: HubConfig, row: Row): Record<string, string> => {
  const plain = decryptSecret(config.secretKey, row.secret, credentialsAad(row.clientId, row.platform));
  const fields = row.platform === "store" ? ["apiKey", "apiPassword"] : ["apiKey", "apiPassword", "token"];
  const values: Record<string, unknown> = plain ? (JSON.parse(plain) as Record<string, unknown>) : {};
  return Object.fromEntries(fields.map((f) => [f, typeof values[f] === "string" ? maskSecret(values[f]) : "••••"]));
};

const toIntegration = (config: HubConfig, row: Row): TIntegration => {
  const result = row.lastTestResult;
  return {
    platform: row.platform === "store" ? "store" : "shipping",
    label: row.label,
    hints: hintsOf(config, row),
    lastTestedAt: row.lastTestedAt?.toISOString() ?? null,
    lastTestResult: result ? result.replace(/^(OK|FAILED): /, "") : null,
    lastTestOk: result ? result.startsWith(OK) : null,
    updatedAt: row.updatedAt.toISOString(),
  };
};

/** GET /integrations: the acting client's saved integrations, with masked hints only. */
export const listIntegrations = async (db: HubDb, config: HubConfig, p: Principal): Promise<TIntegrationList> => {
  const clientId = actingClientId(p);
  // The store and shipping platforms only: the S3 order import keeps its settings in this table too (modules/s3-import).
  const rows = await db
    .select()
    .from(t)
    .where(and(eq(t.clientId, clientId), inArray(t.platform, INTEGRATION_PLATFORMS)))
    .orderBy(asc(t.platform));
  return { items: rows.map((r) => toIntegration(config, r)) };
};

/** PUT /integrations/{store|shipping}: saves (replaces) the credentials, encrypted; the last test is cleared. */
export const saveIntegration = async (
  db: HubDb,
  config: HubConfig,
  p: Principal,
  platform: TIntegrationPlatform,
  credentials: TStoreCredentials | TShippingCredentials,
): Promise<TIntegration> => {
  const clientId = adminClientId(p);
  const label = "storeName" in credentials ? credentials.storeName : null;
  const row = await storeCredentials(db, config, p, clientId, platform, credentials, label, { label });
  return toIntegration(config, row);
};

/**
 * Saves a client's credentials of one platform, encrypted (the row's client and platform as the
 * additional data), with an audit row whose `detail` never holds a secret; a save starts untested.
 * Also the S3 order import's settings (`s3-import/settings.service.ts`).
 */
export const storeCredentials = (
  db: HubDb,
  config: HubConfig,
  p: Principal,
  clientId: number,
  platform: string,
  credentials: object,
  label: string | null,
  detail: Record<string, unknown>,
): Promise<Row> => {
  const values = {
    secret: encryptSecret(config.secretKey, JSON.stringify(credentials), credentialsAad(clientId, platform)),
    label,
    lastTestedAt: null,
    lastTestResult: null,
    updatedBy: p.userId > 0 ? p.userId : null,
    updatedAt: new Date(),
  };
  return db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(t)
      .values({ clientId, platform, ...values })
      .onConflictDoUpdate({ target: [t.clientId, t.platform], set: values })
      .returning();
    if (!saved) throw new Error("integration save failed");
    await recordAudit(tx, {
      actor: p.userName,
      action: "integration.save",
      subject: `integration:${clientId}:${platform}`,
      detail: { clientId, platform, ...detail },
    });
    return saved;
  });
};

/** DELETE /integrations/:platform: forgets the credentials (404 when none are saved). */
export const deleteIntegration = (db: HubDb, p: Principal, platform: TIntegrationPlatform): Promise<void> =>
  forgetIntegration(db, p, platform, "That integration");

/**
 * Forgets a client's saved credentials of one platform (its admin), with an audit row; 404 naming
 * `what` when none are saved. Also the S3 order import's settings (`s3-import/settings.service.ts`).
 */
export const forgetIntegration = async (db: HubDb, p: Principal, platform: string, what: string): Promise<void> => {
  const clientId = adminClientId(p);
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(t)
      .where(and(eq(t.clientId, clientId), eq(t.platform, platform)))
      .returning({ id: t.id });
    if (deleted.length === 0) throw notFound(what);
    await recordAudit(tx, {
      actor: p.userName,
      action: "integration.delete",
      subject: `integration:${clientId}:${platform}`,
      detail: { clientId, platform },
    });
  });
};

/** Saved credentials ready to use, or why they cannot be (in words for people). */
export type SavedCredentials<T> = { ok: true; credentials: T } | { ok: false; message: string };

/** A saved row's credentials, decrypted and checked against their platform's schema. */
const credentialsIn = <T>(config: HubConfig, row: Row, shape: z.ZodType<T>): SavedCredentials<T> => {
  const plain = decryptSecret(config.secretKey, row.secret, credentialsAad(row.clientId, row.platform));
  if (!plain) return { ok: false, message: INTEGRATION_MESSAGES.credentialsUnreadable };
  const parsed = shape.safeParse(JSON.parse(plain));
  return parsed.success
    ? { ok: true, credentials: parsed.data }
    : { ok: false, message: INTEGRATION_MESSAGES.credentialsIncomplete };
};

/** A client's saved shipping-platform credentials (the orders' copies on its platform use them); null when none are saved. */
export const shippingCredentialsOf = async (
  db: HubDb,
  config: HubConfig,
  clientId: number,
): Promise<SavedCredentials<TShippingCredentials> | null> => {
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.clientId, clientId), eq(t.platform, "shipping")));
  return row ? credentialsIn(config, row, ZShippingCredentialsSchema) : null;
};

/** SQL: whether the client in `clientId` (a column or a value) has a shipping platform saved. */
export const hasShippingPlatform = (clientId: unknown): SQL =>
  sql`exists (select 1 from ${t} i where i.client_id = ${clientId} and i.platform = 'shipping')`;

/** POST /integrations/:platform/test: calls the platform with the saved credentials and keeps the outcome. */
export const testIntegration = async (
  db: HubDb,
  config: HubConfig,
  p: Principal,
  platform: TIntegrationPlatform,
): Promise<TIntegrationTestResult> => {
  const clientId = adminClientId(p);
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.clientId, clientId), eq(t.platform, platform)));
  if (!row) throw notFound("That integration");
  let outcome: ConnectionOutcome;
  if (platform === "store") {
    const saved = credentialsIn(config, row, ZStoreCredentialsSchema);
    outcome = saved.ok ? await testStore(config, saved.credentials) : saved;
  } else {
    const saved = credentialsIn(config, row, ZShippingCredentialsSchema);
    outcome = saved.ok ? await testShipping(config, saved.credentials) : saved;
  }
  const testedAt = new Date();
  await db
    .update(t)
    .set({ lastTestedAt: testedAt, lastTestResult: `${outcome.ok ? OK : FAILED}${outcome.message}` })
    .where(eq(t.id, row.id));
  return { ...outcome, testedAt: testedAt.toISOString() };
};
