import {
  S3_IMPORT_MAX_BYTES,
  S3_IMPORT_MESSAGES,
  SESSION_CLIENT_HEADER,
  type TIntegrationList,
  type TS3ImportRun,
  type TS3ImportSettings,
  type TS3ImportSettingsAnswer,
  type TS3ImportTestResult,
} from "@hub/contracts";
import { schema } from "@hub/db";
import { and, desc, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { S3_IMPORT_PLATFORM } from "../src/modules/s3-import/settings.service";
import { runS3OrderImports, type WatchOptions } from "../src/modules/s3-import/watcher";
import { billingAdapterFor } from "../src/platform/billing";
import { type OrderFixture, orderFixture } from "./helpers/orders-fixture";
import { createTestApp, type DemoUser, type TestApp } from "./helpers/test-app";
import { type S3StandIn, type S3StandInOptions, startS3StandIn } from "./stand-ins/s3";

/**
 * S3 order import (issue 20): a client's bucket prefix is watched by a job; each CSV file there is
 * imported once through the upload import's checks, then moved to processed/ or failed/ with a
 * report beside it. The job function runs directly here (not on its cron), against the local S3
 * stand-in signed with the client's own key.
 */

const BUCKET = "brand-orders";
const ACCESS_KEY_ID = "AKIANORTHWIND";
const SECRET = "northwind-secret-access-key-0042";
const IN = "orders/incoming/";

let s3: S3StandIn;
const s3Options: S3StandInOptions = { accessKeyId: ACCESS_KEY_ID, denyWrites: [] };
let t: TestApp;
let f: OrderFixture;

const settings = (extra: Record<string, unknown> = {}) => ({
  enabled: true,
  bucket: BUCKET,
  prefix: "orders/incoming",
  region: "us-east-1",
  endpoint: s3.url,
  forcePathStyle: true,
  accessKeyId: ACCESS_KEY_ID,
  secretAccessKey: SECRET,
  ...extra,
});

beforeAll(async () => {
  s3 = await startS3StandIn(BUCKET, s3Options);
  // The stand-in listens on loopback over http: allow it as the webhooks tests do. Saving starts pg-boss (the
  // schedule); this process runs no jobs, so only the test's own runs import.
  t = await createTestApp({ config: { webhooksAllowPrivate: true, jobWorkers: false } });
  f = await orderFixture(t);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const HEADER =
  "client,poNumber,addressLabel,shipName,shipLine1,shipCity,shipRegion,shipPostalCode,shipCountry,requestedShipDate,notes,sku,styleCode,attributeCodes,quantity";
const SHIP = "Nora Buyer,1 Harbour Road,Portland,OR,97201,US";
const csvOf = (...rows: string[]) => [HEADER, ...rows].join("\n");

const run = (options: WatchOptions = {}) =>
  runS3OrderImports({ db: t.db, config: t.config, billing: billingAdapterFor(t.db, t.config) }, options);
const inClient = (clientId: number) => ({ [SESSION_CLIENT_HEADER]: String(clientId) });
const put = (who: DemoUser, url: string, body: unknown, headers: Record<string, string> = {}) =>
  f.call(who, "PUT", url, body, headers);
const importedLike = (prefix: string) =>
  t.db
    .select()
    .from(schema.orders)
    .where(and(like(schema.orders.poNumber, `${prefix}%`), eq(schema.orders.source, "import")));
const runs = async (who: DemoUser = "client") =>
  (await f.call(who, "GET", "/api/s3OrderImport/runs?size=100")).json<{ items: TS3ImportRun[] }>().items;
const runOf = async (fileName: string) => (await runs()).find((r) => r.fileName === fileName);
const reportLines = (key: string) => s3.objects.get(key)?.toString().trim().split("\r\n") ?? [];

describe("settings", () => {
  test("saved encrypted and answered without the secret; a blank secret keeps the saved one; bad input changes nothing", async () => {
    expect((await f.call("client", "GET", "/api/s3OrderImport/settings")).json<TS3ImportSettingsAnswer>()).toEqual({
      settings: null,
    });
    const noSecret = await put(
      "client",
      "/api/s3OrderImport/settings",
      settings({ accessKeyId: "", secretAccessKey: "" }),
    );
    expect(noSecret.statusCode).toBe(400);
    expect(Object.keys(noSecret.json<{ fields: Record<string, string> }>().fields).sort()).toEqual([
      "accessKeyId",
      "secretAccessKey",
    ]);
    const badBucket = await put("client", "/api/s3OrderImport/settings", settings({ bucket: "Not A Bucket!" }));
    expect(badBucket.statusCode).toBe(400);
    expect(badBucket.json<{ fields: Record<string, string> }>().fields.bucket).toBe(S3_IMPORT_MESSAGES.bucketFormat);
    const badPrefix = await put("client", "/api/s3OrderImport/settings", settings({ prefix: "orders/../secrets/" }));
    expect(badPrefix.statusCode).toBe(400);
    expect(
      (await f.call("client", "GET", "/api/s3OrderImport/settings")).json<TS3ImportSettingsAnswer>().settings,
    ).toBeNull();

    const saved = await put("client", "/api/s3OrderImport/settings", settings());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<TS3ImportSettings>()).toMatchObject({
      enabled: true,
      bucket: BUCKET,
      prefix: IN,
      region: "us-east-1",
      endpoint: s3.url,
      forcePathStyle: true,
      accessKeyIdHint: "••••WIND",
      secretAccessKeySaved: true,
      lastTestedAt: null,
    });
    expect(saved.body).not.toContain(SECRET);
    expect(saved.body).not.toContain(ACCESS_KEY_ID);
    const read = await f.call("client", "GET", "/api/s3OrderImport/settings");
    expect(read.body).not.toContain(SECRET);
    expect(read.json<TS3ImportSettingsAnswer>().settings?.prefix).toBe(IN);
    // Switched on, the watcher's minute schedule is installed for the workers.
    const scheduled = (await t.db.execute(sql`select cron from pgboss.schedule where name = 'orders-s3-import'`)) as {
      rows: { cron: string }[];
    };
    expect(scheduled.rows).toEqual([{ cron: "* * * * *" }]);

    const [row] = await t.db
      .select()
      .from(schema.integrations)
      .where(and(eq(schema.integrations.clientId, f.northwind), eq(schema.integrations.platform, S3_IMPORT_PLATFORM)));
    expect(row?.secret.startsWith("v1:")).toBe(true);
    expect(row?.secret).not.toContain(SECRET);
    const audits = await t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.subject, `integration:${f.northwind}:${S3_IMPORT_PLATFORM}`))
      .orderBy(desc(schema.auditLog.id));
    expect(audits.length).toBeGreaterThan(0);
    expect(JSON.stringify(audits)).not.toContain(SECRET);

    // Blank secrets keep the saved ones (the connection test below signs with them).
    const again = await put(
      "client",
      "/api/s3OrderImport/settings",
      settings({ accessKeyId: "", secretAccessKey: "" }),
    );
    expect(again.statusCode, again.body).toBe(200);
    // Account Integration's store/shipping list does not show the S3 row.
    const list = (await f.call("client", "GET", "/api/integrations")).json<TIntegrationList>();
    expect(list.items.map((i) => i.platform)).not.toContain(S3_IMPORT_PLATFORM);
  });

  test("test connection lists the prefix and answers a clear message; a wrong key or bucket says so", async () => {
    s3.objects.set(`${IN}waiting.txt`, Buffer.from("not yet"));
    const ok = await f.call("client", "POST", "/api/s3OrderImport/test");
    expect(ok.statusCode, ok.body).toBe(200);
    const result = ok.json<TS3ImportTestResult>();
    expect(result.ok).toBe(true);
    expect(result.message).toMatch(`Connected: s3://${BUCKET}/${IN} lists 1 file, 0 CSV files waiting`);
    s3.objects.delete(`${IN}waiting.txt`);
    expect(
      (await f.call("client", "GET", "/api/s3OrderImport/settings")).json<TS3ImportSettingsAnswer>().settings,
    ).toMatchObject({ lastTestOk: true });

    await put("client", "/api/s3OrderImport/settings", settings({ accessKeyId: "AKIAWRONG" }));
    const wrongKey = (await f.call("client", "POST", "/api/s3OrderImport/test")).json<TS3ImportTestResult>();
    expect(wrongKey).toMatchObject({ ok: false, message: "S3 does not know this access key id." });
    await put("client", "/api/s3OrderImport/settings", settings({ bucket: "no-such-bucket" }));
    const wrongBucket = (await f.call("client", "POST", "/api/s3OrderImport/test")).json<TS3ImportTestResult>();
    expect(wrongBucket).toMatchObject({ ok: false, message: 'The bucket "no-such-bucket" does not exist.' });
    expect((await put("client", "/api/s3OrderImport/settings", settings())).statusCode).toBe(200);
  });

  test("the key pair never reaches the logs", async () => {
    const lines: string[] = [];
    const logged = await createTestApp({
      database: t.database,
      config: { webhooksAllowPrivate: true, jobWorkers: false, logLevel: "debug" },
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      const token = await logged.signIn("client");
      const body = settings({ secretAccessKey: `${SECRET}-logged` });
      await logged.request({ method: "PUT", url: "/api/s3OrderImport/settings", token, payload: body });
      await logged.request({
        method: "PUT",
        url: "/api/s3OrderImport/settings",
        token,
        payload: { ...body, bucket: "X!" },
      });
      await logged.request({ method: "POST", url: "/api/s3OrderImport/test", token });
      await logged.request({ method: "GET", url: "/api/s3OrderImport/settings", token });
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join("\n")).not.toContain(SECRET);
    } finally {
      await logged.close();
    }
    expect((await put("client", "/api/s3OrderImport/settings", settings())).statusCode).toBe(200);
  });

  test("an endpoint on a private network is refused unless the Hub allows private addresses", async () => {
    t.config.webhooksAllowPrivate = false;
    try {
      const res = await put("client", "/api/s3OrderImport/settings", settings({ endpoint: "http://127.0.0.1:9000" }));
      expect(res.statusCode).toBe(400);
      expect(res.json<{ fields: Record<string, string> }>().fields.endpoint).toBeTruthy();
    } finally {
      t.config.webhooksAllowPrivate = true;
    }
    const read = (await f.call("client", "GET", "/api/s3OrderImport/settings")).json<TS3ImportSettingsAnswer>();
    expect(read.settings?.endpoint).toBe(s3.url);
  });
});

describe("the watcher", () => {
  test("a good CSV is imported once, moved to processed/ with its report; processed/ and failed/ are never read", async () => {
    s3.objects.set(`${IN}processed/old.csv`, Buffer.from(csvOf(`,S3-OLD,,${SHIP},,,OT-OBK-OM,,,1`)));
    s3.objects.set(`${IN}failed/older.csv`, Buffer.from(csvOf(`,S3-OLDER,,${SHIP},,,OT-OBK-OM,,,1`)));
    s3.objects.set(`${IN}../elsewhere.csv`, Buffer.from("nope"));
    const csv = csvOf(
      `,S3-A,,${SHIP},,From S3,OT-OBK-OM,,,6`,
      `,S3-A,,${SHIP},,From S3,,ORD-TEE,OXL|OWH,4`,
      `,S3-B,,${SHIP},,,OT-OWH-OS,,,2`,
    );
    s3.objects.set(`${IN}good.csv`, Buffer.from(csv));

    const result = await run();
    expect(result).toEqual({ claimed: 1, processed: 1, failed: 0, errors: [] });
    expect(s3.objects.has(`${IN}good.csv`)).toBe(false);
    expect(s3.objects.get(`${IN}processed/good.csv`)?.toString()).toBe(csv);
    const orders = await importedLike("S3-");
    expect(orders.map((o) => [o.poNumber, o.clientId]).sort()).toEqual([
      ["S3-A", f.northwind],
      ["S3-B", f.northwind],
    ]);
    const a = orders.find((o) => o.poNumber === "S3-A");
    const b = orders.find((o) => o.poNumber === "S3-B");
    expect(reportLines(`${IN}processed/good.csv.report.csv`)).toEqual([
      "row,poNumber,outcome,orderNumber,message",
      `2,S3-A,placed,${a?.orderNumber},`,
      `3,S3-A,placed,${a?.orderNumber},`,
      `4,S3-B,placed,${b?.orderNumber},`,
    ]);
    expect(await importedLike("S3-OLD")).toHaveLength(0);
    expect(s3.objects.has(`${IN}processed/old.csv`)).toBe(true);
    expect(s3.objects.has(`${IN}failed/older.csv`)).toBe(true);

    const recent = await runOf("good.csv");
    expect(recent).toMatchObject({
      status: "processed",
      ordersPlaced: 2,
      alreadyPlaced: 0,
      rowsRefused: 0,
      movedTo: `${IN}processed/good.csv`,
      hasReport: true,
    });
    const download = await f.call("client", "GET", `/api/s3OrderImport/runs/${recent?.id}/report.csv`);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toContain("text/csv");
    expect(download.body).toContain(`2,S3-A,placed,${a?.orderNumber}`);

    // Another run finds nothing new; the same POs in a new file answer their first orders.
    expect(await run()).toEqual({ claimed: 0, processed: 0, failed: 0, errors: [] });
    s3.objects.set(`${IN}again.csv`, Buffer.from(csv));
    expect(await run()).toMatchObject({ claimed: 1, processed: 1 });
    expect(await importedLike("S3-")).toHaveLength(2);
    expect(await runOf("again.csv")).toMatchObject({ status: "processed", ordersPlaced: 0, alreadyPlaced: 2 });
    expect(reportLines(`${IN}processed/again.csv.report.csv`)[1]).toBe(`2,S3-A,already placed,${a?.orderNumber},`);
  });

  test("a CSV with a bad row goes to failed/ with the reason in the report, and writes nothing", async () => {
    s3.objects.set(
      `${IN}bad.csv`,
      Buffer.from(
        csvOf(
          `,S3BAD-A,,${SHIP},,,OT-OBK-OM,,,6`,
          `,S3BAD-A,,${SHIP},,,ZZ-NOPE,,,1`,
          `,S3BAD-B,,${SHIP},,,OT-OBK-OM,,,zero`,
        ),
      ),
    );
    s3.objects.set(`${IN}other-client.csv`, Buffer.from(csvOf(`bluebird,S3BAD-C,,${SHIP},,,OT-OBK-OM,,,1`)));
    const result = await run();
    expect(result).toMatchObject({ claimed: 2, processed: 0, failed: 2, errors: [] });
    expect(await importedLike("S3BAD-")).toHaveLength(0);
    expect(s3.objects.has(`${IN}bad.csv`)).toBe(false);
    const lines = reportLines(`${IN}failed/bad.csv.report.csv`);
    expect(lines[0]).toBe("row,poNumber,outcome,orderNumber,message");
    expect(lines[1]).toMatch(/^2,S3BAD-A,not imported,,/);
    expect(lines[2]).toMatch(/^3,S3BAD-A,refused,,"?sku: No sku map/);
    expect(lines[3]).toMatch(/^4,S3BAD-B,refused,,"?quantity: /);
    expect(await runOf("bad.csv")).toMatchObject({ status: "failed", ordersPlaced: 0, rowsRefused: 2 });
    // A client's file imports for that client only, as its upload does.
    expect(reportLines(`${IN}failed/other-client.csv.report.csv`)[1]).toMatch(
      /^2,S3BAD-C,refused,,"?client: .*bluebird/,
    );
  });

  test("a file that is not a CSV, too large or unreadable goes to failed/ unimported, with a report saying why", async () => {
    s3.objects.set(`${IN}photo.png`, Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    s3.objects.set(`${IN}huge.csv`, Buffer.alloc(S3_IMPORT_MAX_BYTES + 1, "a"));
    s3.objects.set(`${IN}binary.csv`, Buffer.from(`${HEADER}\n,S3BIN,\0,x`));
    s3.objects.set(`${IN}latin1.csv`, Buffer.from([0x70, 0x6f, 0xe9, 0x0a]));
    s3.objects.set(`${IN}empty.csv`, Buffer.from(""));
    s3.calls.length = 0;
    const result = await run();
    expect(result).toMatchObject({ claimed: 5, processed: 0, failed: 5, errors: [] });
    // The large file was moved unread.
    expect(s3.calls.some((c) => c.method === "GET" && c.path.endsWith("/huge.csv"))).toBe(false);
    expect(reportLines(`${IN}failed/photo.png.report.csv`)[1]).toBe(`,,refused,,${S3_IMPORT_MESSAGES.notCsv}`);
    expect(reportLines(`${IN}failed/huge.csv.report.csv`)[1]).toBe(`,,refused,,${S3_IMPORT_MESSAGES.tooLarge}`);
    expect(reportLines(`${IN}failed/binary.csv.report.csv`)[1]).toMatch(/NUL character/);
    expect(reportLines(`${IN}failed/latin1.csv.report.csv`)[1]).toMatch(/not UTF-8/);
    expect(reportLines(`${IN}failed/empty.csv.report.csv`)[1]).toMatch(/empty/);
    for (const name of ["photo.png", "huge.csv", "binary.csv", "latin1.csv", "empty.csv"]) {
      expect(s3.objects.has(`${IN}${name}`)).toBe(false);
      expect(s3.objects.has(`${IN}failed/${name}`)).toBe(true);
      expect((await runOf(name))?.message).toBeTruthy();
    }
    expect(await importedLike("S3BIN")).toHaveLength(0);
  });

  test("two runs at once import a file once", async () => {
    s3.objects.set(`${IN}twice.csv`, Buffer.from(csvOf(`,S3-TWICE,,${SHIP},,,OT-OBK-OM,,,3`)));
    s3.objects.set(`${IN}twice-2.csv`, Buffer.from(csvOf(`,S3-TWICE-2,,${SHIP},,,OT-OBK-OM,,,3`)));
    const [one, two] = await Promise.all([run(), run()]);
    expect((one?.claimed ?? 0) + (two?.claimed ?? 0)).toBe(2);
    expect((one?.processed ?? 0) + (two?.processed ?? 0)).toBe(2);
    expect(await importedLike("S3-TWICE")).toHaveLength(2);
    const claims = await t.db
      .select()
      .from(schema.s3OrderImports)
      .where(like(schema.s3OrderImports.fileName, "twice%"));
    expect(claims).toHaveLength(2);
    expect(s3.objects.has(`${IN}processed/twice.csv`) && s3.objects.has(`${IN}processed/twice-2.csv`)).toBe(true);
  });

  test("a run that died between import and move: the next run finishes the move and imports nothing again", async () => {
    s3.objects.set(`${IN}crash.csv`, Buffer.from(csvOf(`,S3-CRASH,,${SHIP},,,OT-OBK-OM,,,1`)));
    s3Options.denyWrites = [`${IN}crash.csv`];
    try {
      const first = await run();
      expect(first).toMatchObject({ claimed: 1, processed: 0, failed: 0 });
    } finally {
      s3Options.denyWrites = [];
    }
    expect(await importedLike("S3-CRASH")).toHaveLength(1);
    expect(s3.objects.has(`${IN}crash.csv`)).toBe(true);
    expect((await runOf("crash.csv"))?.message).toMatch(/could not be moved/);
    // Within the claim's time another run leaves it to its worker; after it, one run takes it over.
    expect(await run()).toMatchObject({ claimed: 0 });
    expect(await run({ staleAfterMs: 0 })).toMatchObject({ claimed: 1, processed: 1 });
    expect(s3.objects.has(`${IN}crash.csv`)).toBe(false);
    expect(s3.objects.has(`${IN}processed/crash.csv.report.csv`)).toBe(true);
    expect(await importedLike("S3-CRASH")).toHaveLength(1);
    expect(await runOf("crash.csv")).toMatchObject({ status: "processed", ordersPlaced: 1, message: null });

    // A worker that died while importing: its claim is taken over and the import runs (once) from the file.
    const body = Buffer.from(csvOf(`,S3-DIED,,${SHIP},,,OT-OBK-OM,,,1`));
    s3.objects.set(`${IN}died.csv`, body);
    const etag = (await import("node:crypto")).createHash("md5").update(body).digest("hex");
    await t.db.insert(schema.s3OrderImports).values({
      clientId: f.northwind,
      objectKey: `${IN}died.csv`,
      etag,
      fileName: "died.csv",
      sizeBytes: body.length,
    });
    expect(await run()).toMatchObject({ claimed: 0 });
    expect(await importedLike("S3-DIED")).toHaveLength(0);
    expect(await run({ staleAfterMs: 0 })).toMatchObject({ claimed: 1, processed: 1 });
    expect(await importedLike("S3-DIED")).toHaveLength(1);
  });

  test("a disabled import watches nothing; enabling it again picks the file up", async () => {
    const off = await put("client", "/api/s3OrderImport/enabled", { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<TS3ImportSettings>()).toMatchObject({ enabled: false, secretAccessKeySaved: true });
    s3.objects.set(`${IN}later.csv`, Buffer.from(csvOf(`,S3-LATER,,${SHIP},,,OT-OBK-OM,,,1`)));
    expect(await run()).toMatchObject({ claimed: 0 });
    expect(s3.objects.has(`${IN}later.csv`)).toBe(true);
    expect((await put("client", "/api/s3OrderImport/enabled", { enabled: true })).statusCode).toBe(200);
    expect(await run()).toMatchObject({ claimed: 1, processed: 1 });
  });
});

describe("access", () => {
  const paths = {
    settings: ["GET", "/api/s3OrderImport/settings"],
    runs: ["GET", "/api/s3OrderImport/runs"],
    save: ["PUT", "/api/s3OrderImport/settings"],
    enabled: ["PUT", "/api/s3OrderImport/enabled"],
    test: ["POST", "/api/s3OrderImport/test"],
  } as const;
  const statusOf = async (who: DemoUser, op: keyof typeof paths, headers: Record<string, string> = {}) => {
    const [method, url] = paths[op];
    const body = op === "save" ? settings() : op === "enabled" ? { enabled: true } : undefined;
    return (await f.call(who, method, url, body, headers)).statusCode;
  };

  test("the client's admins change, its users read, internal admins need a session client, facility and design users 403", async () => {
    const got: Record<string, Record<string, number>> = {};
    for (const who of ["admin", "client", "factory", "designer"] as const) {
      got[who] = {};
      for (const op of ["settings", "runs", "enabled", "test"] as const) got[who][op] = await statusOf(who, op);
    }
    expect(got).toEqual({
      admin: { settings: 400, runs: 400, enabled: 400, test: 400 },
      client: { settings: 200, runs: 200, enabled: 200, test: 200 },
      factory: { settings: 403, runs: 403, enabled: 403, test: 403 },
      designer: { settings: 403, runs: 403, enabled: 403, test: 403 },
    });
    // An internal admin on Northwind reads and changes Northwind's.
    const northwind = inClient(f.northwind);
    const read = await f.call("admin", "GET", "/api/s3OrderImport/settings", undefined, northwind);
    expect(read.json<TS3ImportSettingsAnswer>().settings?.bucket).toBe(BUCKET);
    expect(await statusOf("admin", "enabled", northwind)).toBe(200);
    expect((await runs()).length).toBeGreaterThan(0);
    const first = (await runs())[0];
    expect(
      (await f.call("admin", "GET", `/api/s3OrderImport/runs/${first?.id}/report.csv`, undefined, northwind))
        .statusCode,
    ).toBe(200);

    // A client user who is not its admin reads only.
    const client = eq(schema.users.userName, "client");
    await t.db.update(schema.users).set({ isClientAdmin: false }).where(client);
    try {
      expect(await statusOf("client", "settings")).toBe(200);
      expect(await statusOf("client", "runs")).toBe(200);
      expect(await statusOf("client", "save")).toBe(403);
      expect(await statusOf("client", "enabled")).toBe(403);
      expect(await statusOf("client", "test")).toBe(403);
      expect((await f.call("client", "DELETE", "/api/s3OrderImport/settings")).statusCode).toBe(403);
      expect((await f.call("client", "GET", `/api/s3OrderImport/runs/${first?.id}/report.csv`)).statusCode).toBe(200);
    } finally {
      await t.db.update(schema.users).set({ isClientAdmin: true }).where(client);
    }
  });

  test("another client's settings and imports are not its own: empty, and a 404 by id", async () => {
    const first = (await runs())[0];
    const bluebird = await f.call("client2", "GET", "/api/s3OrderImport/settings");
    expect(bluebird.json<TS3ImportSettingsAnswer>().settings).toBeNull();
    expect(bluebird.body).not.toContain(BUCKET);
    expect(await runs("client2")).toEqual([]);
    expect((await f.call("client2", "GET", `/api/s3OrderImport/runs/${first?.id}/report.csv`)).statusCode).toBe(404);
    expect(
      (await f.call("admin", "GET", `/api/s3OrderImport/runs/${first?.id}/report.csv`, undefined, inClient(f.bluebird)))
        .statusCode,
    ).toBe(404);
    expect((await f.call("client2", "POST", "/api/s3OrderImport/test")).statusCode).toBe(404);
    expect((await f.call("client2", "DELETE", "/api/s3OrderImport/settings")).statusCode).toBe(404);
  });

  test("deleting the settings stops the watcher and keeps the recent imports", async () => {
    const gone = await f.call("client", "DELETE", "/api/s3OrderImport/settings");
    expect(gone.statusCode).toBe(204);
    expect(
      (await f.call("client", "GET", "/api/s3OrderImport/settings")).json<TS3ImportSettingsAnswer>().settings,
    ).toBeNull();
    expect((await runs()).length).toBeGreaterThan(0);
    s3.objects.set(`${IN}after-delete.csv`, Buffer.from(csvOf(`,S3-AFTER,,${SHIP},,,OT-OBK-OM,,,1`)));
    expect(await run()).toMatchObject({ claimed: 0 });
  });
});
