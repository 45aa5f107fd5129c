import { resolve } from "node:path";

/** Everything the server reads from the environment, with the defaults that need nothing. */
export type HubConfig = {
  port: number;
  host: string;
  /** PostgreSQL server; when absent the embedded database in dataDir is used. */
  databaseUrl: string | null;
  dataDir: string;
  production: boolean;
  /** Demo mode: no DATABASE_URL and not production. Seeds demo accounts and opens /dev/mailbox. */
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
};

const int = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): HubConfig => {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  const production = env.NODE_ENV === "production";
  const port = int(env.PORT, 3000, "PORT");
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    databaseUrl,
    dataDir: resolve(env.DATA_DIR ?? "data"),
    production,
    demoMode: !databaseUrl && !production,
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
  };
};
