import { tmpdir } from "node:os";
import { join } from "node:path";
import { GENERATED_USER_TYPE_ID, type TSignInResponse, type TTokens } from "@hub/contracts";
import { DEMO_PASSWORD, type HubDb, schema } from "@hub/db";
import { asc, sql } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { buildApp, type HubApp } from "../../src/app";
import { type HubConfig, loadConfig } from "../../src/platform/config";
import type { FilesAdapter } from "../../src/platform/files";
import type { LogStream } from "../../src/platform/logging";
import { openTestDatabase, type TestDatabase } from "./database";

export { DEMO_PASSWORD };

/** A web build folder that does not exist, so tests do not depend on whether apps/web was built. */
export const NO_WEB_DIST = join(tmpdir(), "hub-test-no-web-dist");

/**
 * The configuration a demo install gets: no DATABASE_URL and not production, so demo mode is on.
 * The environment is explicit: the tests never read the real one (CI sets DATABASE_URL there).
 */
export const testConfig = (env: NodeJS.ProcessEnv = {}, overrides: Partial<HubConfig> = {}): HubConfig => ({
  ...loadConfig({ NODE_ENV: "test", WEB_DIST: NO_WEB_DIST, PUBLIC_URL: "http://hub.test", ...env }),
  // Uploads go to a temporary folder, never the checkout's ./data.
  filesDir: join(tmpdir(), `hub-test-files-${process.pid}`),
  ...overrides,
});

export type Mail = typeof schema.mailOutbox.$inferSelect;

export type TestAppOptions = {
  /** Build on this database instead of a new one; the caller closes it. */
  database?: TestDatabase;
  /** Replaces fields of the demo configuration. */
  config?: Partial<HubConfig>;
  /** Log to this stream (turns the logger on). */
  logStream?: LogStream;
  /** Files adapter instead of the configuration's (a local folder under the temporary directory). */
  files?: FilesAdapter;
  /** Runs on the built app before it is ready: register extra plugins or routes here. */
  setup?: (app: HubApp) => Promise<void> | void;
};

export type TestApp = {
  app: HubApp;
  db: HubDb;
  config: HubConfig;
  database: TestDatabase;
  /** Signs in with the password (the demo password by default) and returns the ID token. */
  signIn: (username: string, password?: string) => Promise<string>;
  /** Signs in and returns all tokens. */
  signInTokens: (username: string, password?: string) => Promise<TTokens>;
  /** Every email in the outbox, oldest first. */
  mailbox: () => Promise<Mail[]>;
  /** The 6-digit code in the newest email to this address. */
  lastCode: (to: string) => Promise<string>;
  /** app.inject with a Bearer token when one is given. */
  request: (options: InjectOptions & { token?: string }) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
};

/**
 * The Hub user record that spec 3 builds from a confirmed sign-up's attributes, with its fixed
 * values (typeId 5, available, deliverable email, no admin, test, palette, manufacturer or factory).
 */
export const signedUpHubUser = (attrs: { userName: string; email: string; firstName: string; lastName: string }) => ({
  ...attrs,
  typeId: GENERATED_USER_TYPE_ID,
  available: true,
  deliverableEmail: true,
  isInternalAdmin: false,
  testUser: false,
  colorPalette: null,
  manufacturerId: null,
  userFactoryId: null,
  clientId: null,
  defaultSite: null,
  isClientAdmin: false,
});

export const codeIn = (text: string): string => {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match?.[1]) throw new Error(`no 6-digit code in: ${text}`);
  return match[1];
};

/** Opens a fresh database (or uses the given one) and builds the app on it the way main.ts does. */
export const createTestApp = async (options: TestAppOptions = {}): Promise<TestApp> => {
  const database = options.database ?? (await openTestDatabase());
  const ownsDatabase = !options.database;
  const config = testConfig({}, options.config);
  let app: HubApp | undefined;
  try {
    app = await buildApp({
      config,
      db: database.db,
      logger: options.logStream !== undefined,
      logStream: options.logStream,
      ...(options.files ? { files: options.files } : {}),
    });
    await options.setup?.(app);
    await app.ready();
  } catch (error) {
    // An app that failed to start still holds its notify listener's connection: close it, or the
    // database cannot be dropped (access.test's "route without an access declaration" on PostgreSQL).
    await app?.close().catch(() => undefined);
    if (ownsDatabase) await database.close();
    throw error;
  }
  const { db } = database;

  const request: TestApp["request"] = async ({ token, headers, ...rest }) =>
    app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });

  const signInTokens = async (username: string, password: string = DEMO_PASSWORD): Promise<TTokens> => {
    const res = await app.inject({ method: "POST", url: "/api/identity/signIn", payload: { username, password } });
    if (res.statusCode !== 200) throw new Error(`sign-in of ${username} answered ${res.statusCode}: ${res.body}`);
    const body = res.json<TSignInResponse>();
    if (body.result !== "tokens") throw new Error(`sign-in of ${username} answered ${body.result}`);
    return body.tokens;
  };

  const mailbox = () => db.select().from(schema.mailOutbox).orderBy(asc(schema.mailOutbox.id));

  return {
    app,
    db,
    config,
    database,
    request,
    signInTokens,
    signIn: async (username, password) => (await signInTokens(username, password)).idToken,
    mailbox,
    lastCode: async (to) => {
      const mails = (await mailbox()).filter((m) => m.to.toLowerCase() === to.toLowerCase());
      const last = mails.at(-1);
      if (!last) throw new Error(`no email to ${to}`);
      return codeIn(last.text);
    },
    close: async () => {
      await app.close();
      if (ownsDatabase) await database.close();
    },
  };
};

/** The Hub user record (accounts.users) of a user name, or undefined. */
export const hubUser = async (db: HubDb, userName: string) =>
  (await db.select().from(schema.users).where(sql`lower(${schema.users.userName}) = lower(${userName})`))[0];

/** The demo accounts every access matrix runs against. */
export const DEMO_USERS = ["admin", "client", "client2", "factory", "designer"] as const;
export type DemoUser = (typeof DEMO_USERS)[number];

/** Signs every demo user in: their ID tokens by name. */
export const signInDemoUsers = async (t: TestApp): Promise<Record<DemoUser, string>> => {
  const tokens = {} as Record<DemoUser, string>;
  for (const name of DEMO_USERS) tokens[name] = await t.signIn(name);
  return tokens;
};

/** The ids of the two demo clients: Northwind (Professional) and Bluebird (Basic). */
export const demoClientIds = async (db: HubDb): Promise<{ northwind: number; bluebird: number }> => {
  const rows = await db
    .select({ clientId: schema.clients.clientId, siteName: schema.clients.siteName })
    .from(schema.clients);
  const id = (site: string) => {
    const found = rows.find((c) => c.siteName === site)?.clientId;
    if (!found) throw new Error(`demo client ${site} is missing`);
    return found;
  };
  return { northwind: id("northwind"), bluebird: id("bluebird") };
};
