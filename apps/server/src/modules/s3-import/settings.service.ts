import {
  maskSecret,
  S3_IMPORT_FOLDERS,
  S3_IMPORT_MESSAGES,
  type TS3ImportSettings,
  type TS3ImportSettingsAnswer,
  type TS3ImportSettingsRequest,
  type TS3ImportStored,
  type TS3ImportTestResult,
  ZS3ImportStoredSchema,
} from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq } from "drizzle-orm";
import type { HubConfig } from "../../platform/config";
import { badRequest, notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { decryptSecret } from "../integrations/crypto";
import { credentialsAad, forgetIntegration, storeCredentials } from "../integrations/integrations.service";
import { actingClientId, adminClientId } from "../integrations/scope";
import { addressRefusal, checkAddress } from "../webhooks/address-guard";
import { bucketClient, describeS3Error } from "./s3-client";

/**
 * S3 order import settings (issue 20): one `integrations` row per client with the platform
 * `s3Import`; the whole setting (bucket, prefix, region, endpoint, path style, enabled, the key
 * pair) is its encrypted `secret`, AES-256-GCM under HUB_SECRET_KEY with the row's identity as
 * additional data, like the store and shipping credentials. Answers never carry the secret.
 */
export const S3_IMPORT_PLATFORM = "s3Import";

const t = schema.integrations;
type Row = typeof t.$inferSelect;

const OK = "OK: ";
const FAILED = "FAILED: ";

/** The stored settings, or null when they cannot be read (another secret key) or are incomplete. */
export const readStored = (config: HubConfig, row: Row): TS3ImportStored | null => {
  const plain = decryptSecret(config.secretKey, row.secret, credentialsAad(row.clientId, S3_IMPORT_PLATFORM));
  if (!plain) return null;
  const parsed = ZS3ImportStoredSchema.safeParse(JSON.parse(plain));
  return parsed.success ? parsed.data : null;
};

const rowOf = async (db: HubDb, clientId: number): Promise<Row | undefined> =>
  (
    await db
      .select()
      .from(t)
      .where(and(eq(t.clientId, clientId), eq(t.platform, S3_IMPORT_PLATFORM)))
  )[0];

const toSettings = (config: HubConfig, row: Row): TS3ImportSettings => {
  const s = readStored(config, row);
  const result = row.lastTestResult;
  return {
    enabled: s?.enabled ?? false,
    bucket: s?.bucket ?? "",
    prefix: s?.prefix ?? "",
    region: s?.region ?? "",
    endpoint: s?.endpoint ?? null,
    forcePathStyle: s?.forcePathStyle ?? false,
    accessKeyIdHint: s ? maskSecret(s.accessKeyId) : "••••",
    secretAccessKeySaved: Boolean(s?.secretAccessKey),
    lastTestedAt: row.lastTestedAt?.toISOString() ?? null,
    lastTestResult: result ? result.replace(/^(OK|FAILED): /, "") : null,
    lastTestOk: result ? result.startsWith(OK) : null,
    updatedAt: row.updatedAt.toISOString(),
  };
};

/** GET /s3OrderImport/settings: the acting client's, without the secret; null when not set up. */
export const readS3Settings = async (db: HubDb, config: HubConfig, p: Principal): Promise<TS3ImportSettingsAnswer> => {
  const row = await rowOf(db, actingClientId(p));
  return { settings: row ? toSettings(config, row) : null };
};

/** An endpoint the Hub will call: the webhooks' rule (https, public addresses), lifted by WEBHOOKS_ALLOW_PRIVATE. */
const checkEndpoint = async (config: HubConfig, endpoint: string | null) => {
  if (!endpoint) return;
  const refusal = await addressRefusal(endpoint, config.webhooksAllowPrivate);
  if (refusal) throw badRequest(refusal, { endpoint: refusal });
};

const write = (db: HubDb, config: HubConfig, p: Principal, clientId: number, stored: TS3ImportStored) =>
  // Never the key pair in the audit detail.
  storeCredentials(db, config, p, clientId, S3_IMPORT_PLATFORM, stored, `s3://${stored.bucket}/${stored.prefix}`, {
    bucket: stored.bucket,
    prefix: stored.prefix,
    enabled: stored.enabled,
  });

/** PUT /s3OrderImport/settings: a blank access key id or secret keeps the saved one; the first save needs both. */
export const saveS3Settings = async (
  db: HubDb,
  config: HubConfig,
  p: Principal,
  body: TS3ImportSettingsRequest,
): Promise<TS3ImportSettings> => {
  const clientId = adminClientId(p);
  const before = await rowOf(db, clientId);
  const saved = before ? readStored(config, before) : null;
  const accessKeyId = body.accessKeyId || saved?.accessKeyId || "";
  const secretAccessKey = body.secretAccessKey || saved?.secretAccessKey || "";
  const fields: Record<string, string> = {};
  if (!accessKeyId) fields.accessKeyId = S3_IMPORT_MESSAGES.accessKeyIdRequired;
  if (!secretAccessKey) fields.secretAccessKey = S3_IMPORT_MESSAGES.secretAccessKeyRequired;
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first, fields);
  await checkEndpoint(config, body.endpoint);
  const row = await write(db, config, p, clientId, {
    enabled: body.enabled,
    bucket: body.bucket,
    prefix: body.prefix,
    region: body.region,
    endpoint: body.endpoint,
    forcePathStyle: body.forcePathStyle,
    accessKeyId,
    secretAccessKey,
  });
  return toSettings(config, row);
};

const savedOf = async (db: HubDb, config: HubConfig, clientId: number) => {
  const row = await rowOf(db, clientId);
  if (!row) throw notFound("The S3 order import settings");
  return { row, stored: readStored(config, row) };
};

/** PUT /s3OrderImport/enabled: turns the watcher on or off, keeping everything else. */
export const setS3Enabled = async (
  db: HubDb,
  config: HubConfig,
  p: Principal,
  enabled: boolean,
): Promise<TS3ImportSettings> => {
  const clientId = adminClientId(p);
  const { stored } = await savedOf(db, config, clientId);
  if (!stored) throw badRequest(S3_IMPORT_MESSAGES.unreadableSecret);
  return toSettings(config, await write(db, config, p, clientId, { ...stored, enabled }));
};

/** DELETE /s3OrderImport/settings: forgets the settings (the recent imports stay). */
export const removeS3Settings = (db: HubDb, p: Principal): Promise<void> =>
  forgetIntegration(db, p, S3_IMPORT_PLATFORM, "The S3 order import settings");

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Lists the watched prefix with the saved settings: what the job would see, in words. */
export const checkConnection = async (
  config: HubConfig,
  stored: TS3ImportStored,
): Promise<{ ok: boolean; message: string }> => {
  // The bucket is reached at the addresses checked here (DNS rebinding: no second resolution).
  const check = stored.endpoint ? await checkAddress(stored.endpoint, config.webhooksAllowPrivate) : null;
  if (check?.refusal) return { ok: false, message: check.refusal };
  try {
    const { objects } = await bucketClient(stored, check?.pin ?? null).list(stored.prefix);
    const csv = objects.filter((o) => o.key.toLowerCase().endsWith(".csv")).length;
    const where = `s3://${stored.bucket}/${stored.prefix}`;
    return {
      ok: true,
      message: `Connected: ${where} lists ${plural(objects.length, "file")}, ${plural(csv, "CSV file")} waiting to import (the Hub moves them to ${S3_IMPORT_FOLDERS.processed} or ${S3_IMPORT_FOLDERS.failed}).`,
    };
  } catch (error) {
    return { ok: false, message: describeS3Error(error, stored) };
  }
};

/** POST /s3OrderImport/test: lists the prefix with the saved settings and keeps the outcome. */
export const testS3Settings = async (db: HubDb, config: HubConfig, p: Principal): Promise<TS3ImportTestResult> => {
  const clientId = adminClientId(p);
  const { row, stored } = await savedOf(db, config, clientId);
  const outcome = stored
    ? await checkConnection(config, stored)
    : { ok: false, message: S3_IMPORT_MESSAGES.unreadableSecret };
  const testedAt = new Date();
  await db
    .update(t)
    .set({ lastTestedAt: testedAt, lastTestResult: `${outcome.ok ? OK : FAILED}${outcome.message}` })
    .where(eq(t.id, row.id));
  return { ...outcome, testedAt: testedAt.toISOString() };
};

/** The clients whose watcher is on, with their settings (for the job). */
export const enabledS3Imports = async (
  db: HubDb,
  config: HubConfig,
): Promise<{ clientId: number; stored: TS3ImportStored }[]> => {
  const c = schema.clients;
  const rows = await db
    .select({ row: t })
    .from(t)
    .innerJoin(c, eq(c.clientId, t.clientId))
    .where(and(eq(t.platform, S3_IMPORT_PLATFORM), eq(c.active, true)));
  const out: { clientId: number; stored: TS3ImportStored }[] = [];
  for (const { row } of rows) {
    const stored = readStored(config, row);
    if (stored?.enabled) out.push({ clientId: row.clientId, stored });
  }
  return out;
};
