import { join, resolve } from "node:path";
import { IDENTITY_POOL_ID_MAX } from "@hub/contracts";
import { parseDashboardMap } from "./analytics/adapter";
import type { MetabaseSettings } from "./analytics/metabase";
import type { QuickSightSettings } from "./analytics/quicksight";
import type { S3Settings } from "./files/s3";
import { secretKeyFrom } from "./secret-key";

/** Everything the server reads from the environment, with the defaults that need nothing. */
export type HubConfig = {
  port: number;
  /** Address to listen on: HOST, else 127.0.0.1 in demo mode (this machine only) and 0.0.0.0 otherwise. */
  host: string;
  /** PostgreSQL server; when absent the embedded database in dataDir is used. */
  databaseUrl: string | null;
  /** The Hub's data folder: the embedded database (pgdata/) and, by default, local files (files/). */
  dataDir: string;
  /** Where the embedded database lives inside dataDir. */
  databaseDir: string;
  production: boolean;
  /**
   * Demo mode: no DATABASE_URL and not production. Seeds demo accounts (published passwords) and
   * opens /dev/mailbox to callers on this machine; listens on 127.0.0.1 unless HOST says otherwise.
   */
  demoMode: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  /** Public-IP lookup URLs the web app asks after sign-in (IPv6-capable first, then IPv4). */
  ipLookupUrls: string[];
  /** Address of the Hub as people reach it, used in emails. */
  publicUrl: string;
  logLevel: string;
  /** Trust X-Forwarded-For from a proxy in front of the Hub. */
  trustProxy: boolean;
  idTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  webDist: string;
  /**
   * Key of the AES-256-GCM encryption of integration credentials at rest (SHA-256 of HUB_SECRET_KEY).
   * Required in production; elsewhere a fixed, published development key is used.
   */
  secretKey: Buffer;
  /** True when secretKey is the published development key (anyone with the source can decrypt). */
  secretKeyIsDevKey: boolean;
  /** Base URL of the store platform (Shopify-like); null: https://{storeName}.myshopify.com. */
  storePlatformUrl: string | null;
  /** Base URL of the shipping platform (ShipStation-like). */
  shippingPlatformUrl: string;
  /** Who gets software requests; empty: every internal (icreate) user's email. */
  adminEmails: string[];
  /** Stripe secret key: when set, billing uses the Stripe adapter; else the built-in ledger. Never logged. */
  stripeSecretKey: string | null;
  /** Where the Stripe SDK sends its calls (tests point it at a local stand-in); null: Stripe's own. */
  stripeApiBase: string | null;
  /**
   * The factory's ShipStation account (API v2): when SHIPSTATION_API_KEY is set, pack-out offers it
   * beside the built-in manual provider (rates, labels, tracking, void). The key is never logged or
   * returned. SHIPSTATION_API_URL points it elsewhere (tests: a local stand-in).
   */
  shipStation: { apiKey: string; apiUrl: string; warehouseId: string | null; carrierIds: string[] } | null;
  /** Folder of the local files adapter (when no S3 bucket is set). */
  filesDir: string;
  /** S3-compatible storage for files; null: the local folder. */
  s3: S3Settings | null;
  /** AWS QuickSight for dashboard embed URLs (QUICKSIGHT_AWS_ACCOUNT_ID set); null: not used. */
  quickSight: QuickSightSettings | null;
  /** Metabase signed embedding for dashboard embed URLs (METABASE_SITE_URL set); null: not used. */
  metabase: MetabaseSettings | null;
  /** Webhook endpoints on private or loopback addresses, and plain http (WEBHOOKS_ALLOW_PRIVATE=true; tests, closed networks). */
  webhooksAllowPrivate: boolean;
  /** DeepL's API for translating tech packs (DEEPL_API_KEY set); null: translation is not set up. */
  deepl: { apiKey: string; apiUrl: string } | null;
  /** Largest print file a person may upload, in bytes. */
  printFileMaxBytes: number;
  /** AWS Cognito user pool: when set, identity uses the Cognito adapter; null: the built-in pool. */
  cognito: CognitoSettings | null;
  /** On SIGTERM/SIGINT, how long requests in flight may finish before their connections are cut (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /**
   * What this process is (HUB_ROLE): `all` (one process does everything: the default), `web` (serves
   * the app and the API, queues jobs, runs none) or `worker` (runs the background jobs and the
   * schedules, answers only /api/health). Several of each on one PostgreSQL: README "Several instances".
   */
  role: HubRole;
  /** Run background jobs in this process: not on a `web` instance, nor with JOB_WORKERS=false. */
  jobWorkers: boolean;
  /**
   * How often a worker looks for jobs whose process died (a missed heartbeat, an attempt past its
   * time) and puts them back to be retried (JOBS_SUPERVISE_SECONDS, default 60).
   */
  jobsSuperviseSeconds: number;
  /**
   * A read replica of DATABASE_URL (DATABASE_REPLICA_URL) for the dashboards and the report jobs;
   * null: they read the primary. Reads that must see a write just made always go to the primary.
   */
  databaseReplicaUrl: string | null;
};

export const HUB_ROLES = ["all", "web", "worker"] as const;
export type HubRole = (typeof HUB_ROLES)[number];

const roleOf = (value: string | undefined): HubRole => {
  const role = value?.trim().toLowerCase() || "all";
  if (!(HUB_ROLES as readonly string[]).includes(role))
    throw new Error(`HUB_ROLE must be one of ${HUB_ROLES.join(", ")}, got "${value}".`);
  return role as HubRole;
};

export type CognitoSettings = {
  userPoolId: string;
  clientId: string;
  /** The app client's secret, when it has one (SECRET_HASH is then sent). Never logged. */
  clientSecret: string | null;
  region: string;
  /** Where the SDK sends its calls and where the issuer lives (tests point it at a local stand-in); null: AWS. */
  endpoint: string | null;
};

/** The shape of a user pool id, `<region>_<id>` (its length limit is spec 9's IDENTITY_POOL_ID_MAX). */
const COGNITO_POOL_ID = /^[\w-]+_[0-9a-zA-Z]+$/;

const cognitoSettings = (env: NodeJS.ProcessEnv): CognitoSettings | null => {
  const userPoolId = env.COGNITO_USER_POOL_ID?.trim() || null;
  const clientId = env.COGNITO_CLIENT_ID?.trim() || null;
  if (!userPoolId && !clientId) return null;
  if (!userPoolId)
    throw new Error("COGNITO_CLIENT_ID is set but COGNITO_USER_POOL_ID is not: set both to use Cognito, or neither.");
  if (!clientId)
    throw new Error("COGNITO_USER_POOL_ID is set but COGNITO_CLIENT_ID is not: set the app client's id too.");
  if (userPoolId.length > IDENTITY_POOL_ID_MAX) {
    throw new Error(
      `COGNITO_USER_POOL_ID must be at most ${IDENTITY_POOL_ID_MAX} characters, got ${userPoolId.length}.`,
    );
  }
  if (!COGNITO_POOL_ID.test(userPoolId)) {
    throw new Error(
      `COGNITO_USER_POOL_ID must look like "us-east-1_AbCdEf123" (region, "_", id), got "${userPoolId}".`,
    );
  }
  const region = env.COGNITO_REGION?.trim() || userPoolId.slice(0, userPoolId.indexOf("_"));
  return {
    userPoolId,
    clientId,
    clientSecret: env.COGNITO_CLIENT_SECRET?.trim() || null,
    region,
    endpoint: env.COGNITO_ENDPOINT?.trim().replace(/\/+$/, "") || null,
  };
};

export { DEV_SECRET_KEY } from "./secret-key";

const int = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
};

/** A setting another one makes necessary: missing, the start stops and names it. */
const required = (env: NodeJS.ProcessEnv, name: string): string => {
  const value = env[name]?.trim();
  if (!value) throw new Error(`${name} is required with the settings that use it`);
  return value;
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): HubConfig => {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  const production = env.NODE_ENV === "production";
  const port = int(env.PORT, 3000, "PORT");
  const demoMode = !databaseUrl && !production;
  const secret = env.HUB_SECRET_KEY?.trim() || null;
  if (production && !secret)
    throw new Error("HUB_SECRET_KEY is required in production (it encrypts integration credentials).");
  if (secret && secret.length < 32) throw new Error("HUB_SECRET_KEY must be at least 32 characters.");
  const role = roleOf(env.HUB_ROLE);
  if (role !== "all" && !databaseUrl)
    throw new Error(
      `HUB_ROLE=${role} needs DATABASE_URL: the embedded database belongs to one process, which does everything.`,
    );
  const databaseReplicaUrl = env.DATABASE_REPLICA_URL?.trim() || null;
  if (databaseReplicaUrl && !databaseUrl)
    throw new Error("DATABASE_REPLICA_URL is set but DATABASE_URL is not: a replica serves a PostgreSQL primary.");
  return {
    port,
    // Demo accounts have published passwords and the mailbox shows reset codes: keep demo mode on this machine.
    host: env.HOST?.trim() || (demoMode ? "127.0.0.1" : "0.0.0.0"),
    databaseUrl,
    dataDir: resolve(env.DATA_DIR ?? "data"),
    databaseDir: join(resolve(env.DATA_DIR ?? "data"), "pgdata"),
    production,
    demoMode,
    smtpUrl: env.SMTP_URL?.trim() || null,
    mailFrom: env.MAIL_FROM ?? "Hub <no-reply@hub.local>",
    ipLookupUrls: (env.IP_LOOKUP_URLS ?? "/api/ip?v=6,/api/ip?v=4")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    logLevel: env.LOG_LEVEL ?? "info",
    trustProxy: env.TRUST_PROXY === "true",
    idTokenTtlSeconds: int(env.ID_TOKEN_TTL_SECONDS, 3600, "ID_TOKEN_TTL_SECONDS"),
    refreshTokenTtlDays: int(env.REFRESH_TOKEN_TTL_DAYS, 30, "REFRESH_TOKEN_TTL_DAYS"),
    webDist: resolve(env.WEB_DIST ?? "apps/web/dist"),
    secretKey: secretKeyFrom(secret),
    secretKeyIsDevKey: !secret,
    storePlatformUrl: env.STORE_PLATFORM_URL?.trim().replace(/\/+$/, "") || null,
    shippingPlatformUrl: (env.SHIPPING_PLATFORM_URL?.trim() || "https://ssapi.shipstation.com").replace(/\/+$/, ""),
    adminEmails: (env.ADMIN_EMAILS ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    stripeSecretKey: env.STRIPE_SECRET_KEY?.trim() || null,
    stripeApiBase: env.STRIPE_API_BASE?.trim() || null,
    shipStation: env.SHIPSTATION_API_KEY?.trim()
      ? {
          apiKey: env.SHIPSTATION_API_KEY.trim(),
          apiUrl: (env.SHIPSTATION_API_URL?.trim() || "https://api.shipstation.com").replace(/\/+$/, ""),
          warehouseId: env.SHIPSTATION_WAREHOUSE_ID?.trim() || null,
          carrierIds: (env.SHIPSTATION_CARRIER_IDS ?? "")
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean),
        }
      : null,
    filesDir: resolve(env.FILES_DIR?.trim() || join(resolve(env.DATA_DIR ?? "data"), "files")),
    s3: env.S3_BUCKET?.trim()
      ? {
          bucket: env.S3_BUCKET.trim(),
          endpoint: env.S3_ENDPOINT?.trim() || null,
          region: env.S3_REGION?.trim() || "us-east-1",
          accessKeyId: env.S3_ACCESS_KEY_ID?.trim() || null,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY?.trim() || null,
          forcePathStyle: env.S3_FORCE_PATH_STYLE === "true",
        }
      : null,
    quickSight: env.QUICKSIGHT_AWS_ACCOUNT_ID?.trim()
      ? {
          awsAccountId: env.QUICKSIGHT_AWS_ACCOUNT_ID.trim(),
          region: env.QUICKSIGHT_REGION?.trim() || "us-east-1",
          userArn: required(env, "QUICKSIGHT_USER_ARN"),
          dashboards: parseDashboardMap("QUICKSIGHT_DASHBOARDS", env.QUICKSIGHT_DASHBOARDS),
          endpoint: env.QUICKSIGHT_ENDPOINT?.trim() || null,
          accessKeyId: env.QUICKSIGHT_ACCESS_KEY_ID?.trim() || null,
          secretAccessKey: env.QUICKSIGHT_SECRET_ACCESS_KEY?.trim() || null,
        }
      : null,
    metabase: env.METABASE_SITE_URL?.trim()
      ? {
          siteUrl: env.METABASE_SITE_URL.trim(),
          secretKey: required(env, "METABASE_SECRET_KEY"),
          dashboards: parseDashboardMap("METABASE_DASHBOARDS", env.METABASE_DASHBOARDS),
        }
      : null,
    webhooksAllowPrivate: env.WEBHOOKS_ALLOW_PRIVATE?.trim().toLowerCase() === "true",
    deepl: env.DEEPL_API_KEY?.trim()
      ? {
          apiKey: env.DEEPL_API_KEY.trim(),
          // A key ending ":fx" is a DeepL API Free key, served by its own host.
          apiUrl: (
            env.DEEPL_API_URL?.trim() ||
            (env.DEEPL_API_KEY.trim().endsWith(":fx") ? "https://api-free.deepl.com" : "https://api.deepl.com")
          ).replace(/\/+$/, ""),
        }
      : null,
    printFileMaxBytes: int(env.PRINT_FILE_MAX_BYTES, 50 * 1024 * 1024, "PRINT_FILE_MAX_BYTES"),
    cognito: cognitoSettings(env),
    shutdownGraceMs: int(env.SHUTDOWN_GRACE_MS, 10_000, "SHUTDOWN_GRACE_MS"),
    role,
    jobWorkers: role !== "web" && env.JOB_WORKERS?.trim().toLowerCase() !== "false",
    jobsSuperviseSeconds: int(env.JOBS_SUPERVISE_SECONDS, 60, "JOBS_SUPERVISE_SECONDS"),
    databaseReplicaUrl,
  };
};

/** Whether an address is this machine's loopback (127.0.0.0/8, ::1, or IPv4-mapped 127.x). */
export const isLoopback = (address: string | undefined): boolean => {
  if (!address) return false;
  const a = address.toLowerCase().replace(/^::ffff:/, "");
  return a === "::1" || a === "localhost" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
};

/** What the start-up line says about who can reach a demo installation; null outside demo mode. */
export const demoListenNote = (config: Pick<HubConfig, "demoMode" | "host">): string | null => {
  if (!config.demoMode) return null;
  if (isLoopback(config.host))
    return `Demo mode: listening on ${config.host} only; set HOST=0.0.0.0 to open it to the network`;
  return `Demo mode open to the network on ${config.host}: the demo accounts' passwords are published, so anyone who reaches this port can sign in as them`;
};
