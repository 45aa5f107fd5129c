import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import {
  BILLING_MESSAGES,
  FILES_MESSAGES,
  SESSION_CLIENT_HEADER,
  type TPrintFilePage,
  type TStoredFile,
} from "@hub/contracts";
import { schema } from "@hub/db";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { localFiles } from "../src/platform/files";
import {
  createTestApp,
  DEMO_USERS,
  type DemoUser,
  demoClientIds,
  signInDemoUsers,
  type TestApp,
} from "./helpers/test-app";
import { multipart, PDF, PNG } from "./stand-ins/uploads";

const USERS = DEMO_USERS;
const MAX = 64 * 1024;

let t: TestApp;
let dir: string;
let tokens: Record<DemoUser, string>;
let northwind: number;
let bluebird: number;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "hub-files-test-"));
  t = await createTestApp({ config: { filesDir: dir, printFileMaxBytes: MAX } });
  tokens = await signInDemoUsers(t);
  ({ northwind, bluebird } = await demoClientIds(t.db));
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const session = (who: DemoUser, clientId?: number) =>
  who === "admin" && clientId ? { [SESSION_CLIENT_HEADER]: String(clientId) } : {};
const upload = (who: DemoUser, fileName: string, content: Buffer, clientId?: number) => {
  const body = multipart(fileName, content);
  return t.request({
    method: "POST",
    url: "/api/printFiles",
    token: tokens[who],
    payload: body.payload,
    headers: { ...body.headers, ...session(who, clientId) },
  });
};
const call = (who: DemoUser, method: "GET" | "DELETE", url: string, clientId?: number) =>
  t.request({ method, url, token: tokens[who], headers: session(who, clientId) });

const filesOnDisk = async (): Promise<string[]> => {
  const out: string[] = [];
  const walk = async (d: string) => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      if (e.isDirectory()) await walk(join(d, e.name));
      else out.push(join(d, e.name));
    }
  };
  await walk(dir);
  return out;
};

describe("the local files adapter", () => {
  test("put, get, list, remove; keys never climb out of the folder", async () => {
    const local = localFiles(join(dir, "adapter"));
    await local.put("7/print/a.txt", Buffer.from("hello"), { contentType: "text/plain", size: 5 });
    await local.put("7/print/b.txt", Readable.from([Buffer.from("wor"), Buffer.from("ld")]), {
      contentType: "text/plain",
      size: 5,
    });
    expect(await local.list("7/")).toEqual([
      { key: "7/print/a.txt", size: 5 },
      { key: "7/print/b.txt", size: 5 },
    ]);
    const stream = await local.get("7/print/b.txt");
    const chunks: Buffer[] = [];
    for await (const c of stream ?? []) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe("world");
    await local.remove("7/print/a.txt");
    expect(await local.get("7/print/a.txt")).toBeNull();
    await expect(local.put("../escape.txt", Buffer.from("x"), { contentType: "text/plain", size: 1 })).rejects.toThrow(
      /unsafe/,
    );
  });
});

describe("print files", () => {
  test("a client uploads a PNG, lists it, downloads the same bytes and deletes it (audited)", async () => {
    const res = await upload("client", "../../My Logo.png", PNG);
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json<TStoredFile>();
    expect(file).toMatchObject({
      clientId: northwind,
      fileName: "My Logo.png",
      contentType: "image/png",
      sizeBytes: PNG.length,
      uploadedBy: "client",
    });
    const [row] = await t.db.select().from(schema.storedFiles).where(eq(schema.storedFiles.id, file.id));
    expect(row?.storageKey).toMatch(new RegExp(`^${northwind}/print/[0-9a-f-]{36}-My_Logo\\.png$`));

    const page = (await call("client", "GET", "/api/printFiles?searchString=logo")).json<TPrintFilePage>();
    expect(page.items.map((f) => f.id)).toContain(file.id);

    const dl = await call("client", "GET", `/api/printFiles/${file.id}/download`);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers["content-disposition"]).toContain('attachment; filename="My Logo.png"');
    expect(dl.rawPayload.equals(PNG)).toBe(true);

    const del = await call("client", "DELETE", `/api/printFiles/${file.id}`);
    expect(del.statusCode).toBe(200);
    expect((await call("client", "GET", `/api/printFiles/${file.id}/download`)).statusCode).toBe(404);
    const [audit] = await t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, "printFile.delete"))
      .orderBy(desc(schema.auditLog.id));
    expect(audit).toMatchObject({ actorUserName: "client", subject: `client:${northwind}` });
    expect((await filesOnDisk()).some((p) => p.includes(row?.storageKey.split("/").pop() ?? "?"))).toBe(false);
  });

  test("a PDF is accepted; a wrong type, a mismatched file, an empty one and a too-large one are refused and nothing is written", async () => {
    expect((await upload("client", "proof.pdf", PDF)).statusCode).toBe(201);
    const before = await t.db.select().from(schema.storedFiles);
    const diskBefore = await filesOnDisk();

    const exe = await upload("client", "virus.exe", Buffer.from("MZ..."));
    expect(exe.statusCode).toBe(400);
    expect(exe.json<{ message: string }>().message).toBe(FILES_MESSAGES.wrongType);

    const fake = await upload("client", "fake.png", PDF);
    expect(fake.statusCode).toBe(400);
    expect(fake.json<{ message: string }>().message).toContain(FILES_MESSAGES.mismatch);

    expect((await upload("client", "empty.pdf", Buffer.alloc(0))).statusCode).toBe(400);

    const big = await upload("client", "big.png", Buffer.concat([PNG, Buffer.alloc(MAX)]));
    expect(big.statusCode).toBe(413);
    expect(big.json<{ message: string }>().message).toBe(FILES_MESSAGES.tooLarge(MAX));

    const none = await t.request({ method: "POST", url: "/api/printFiles", token: tokens.client, payload: { x: 1 } });
    expect(none.statusCode).toBe(400);

    expect(await t.db.select().from(schema.storedFiles)).toHaveLength(before.length);
    expect(await filesOnDisk()).toEqual(diskBefore);
  });

  test("SVG, JPEG, TIFF, PSD and EPS are checked by their first bytes too", async () => {
    const ok: [string, Buffer][] = [
      ["art.svg", Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
      ["photo.jpg", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])],
      ["scan.tif", Buffer.from([0x49, 0x49, 0x2a, 0x00, 1, 2])],
      ["layers.psd", Buffer.from("8BPS\u0000\u0001")],
      ["vector.eps", Buffer.from("%!PS-Adobe-3.0 EPSF-3.0\n")],
      ["vector.ai", Buffer.from("%PDF-1.5\n")],
    ];
    for (const [name, body] of ok) expect((await upload("client2", name, body)).statusCode, name).toBe(201);
    expect((await upload("client2", "art.svg", Buffer.from("<html><script>alert(1)</script></html>"))).statusCode).toBe(
      400,
    );
  });

  test("cross-tenant reads and deletes answer 404; an internal admin uses the session client or is asked to choose", async () => {
    const mine = (await upload("client", "northwind.png", PNG)).json<TStoredFile>();
    expect((await call("client2", "GET", `/api/printFiles/${mine.id}/download`)).statusCode).toBe(404);
    expect((await call("client2", "DELETE", `/api/printFiles/${mine.id}`)).statusCode).toBe(404);
    expect((await call("admin", "GET", `/api/printFiles/${mine.id}/download`, bluebird)).statusCode).toBe(404);
    expect((await call("admin", "GET", `/api/printFiles/${mine.id}/download`, northwind)).statusCode).toBe(200);
    const noSession = await call("admin", "GET", "/api/printFiles");
    expect(noSession.statusCode).toBe(400);
    expect(noSession.json<{ message: string }>().message).toBe(BILLING_MESSAGES.chooseClient);
    const list2 = (await call("client2", "GET", "/api/printFiles?size=500")).json<TPrintFilePage>();
    expect(list2.items.every((f) => f.clientId === bluebird)).toBe(true);
    const adminUpload = await upload("admin", "for-bluebird.png", PNG, bluebird);
    expect(adminUpload.json<TStoredFile>().clientId).toBe(bluebird);
  });

  test("access matrix: every print-files endpoint × every demo user", async () => {
    const file = (await upload("client", "matrix.png", PNG)).json<TStoredFile>();
    const expectations: [
      string,
      (who: DemoUser) => Promise<{ statusCode: number; body: string }>,
      Record<DemoUser, number>,
    ][] = [
      [
        "list",
        (who) => call(who, "GET", "/api/printFiles", northwind),
        { admin: 200, client: 200, client2: 200, factory: 403, designer: 403 },
      ],
      [
        "settings",
        (who) => call(who, "GET", "/api/printFiles/settings", northwind),
        { admin: 200, client: 200, client2: 200, factory: 403, designer: 403 },
      ],
      [
        "upload",
        (who) => upload(who, "m.png", PNG, northwind),
        { admin: 201, client: 201, client2: 201, factory: 403, designer: 403 },
      ],
      [
        "download",
        (who) => call(who, "GET", `/api/printFiles/${file.id}/download`, northwind),
        { admin: 200, client: 200, client2: 404, factory: 403, designer: 403 },
      ],
      [
        "delete unknown",
        (who) => call(who, "DELETE", "/api/printFiles/999999", northwind),
        { admin: 404, client: 404, client2: 404, factory: 403, designer: 403 },
      ],
    ];
    for (const [name, run, expected] of expectations) {
      for (const who of USERS) {
        const res = await run(who);
        expect(res.statusCode, `${name} as ${who}: ${res.body}`).toBe(expected[who]);
      }
    }
    expect((await call("admin", "DELETE", `/api/printFiles/${file.id}`, northwind)).statusCode).toBe(200);
  });
});
