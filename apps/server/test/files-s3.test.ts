import { Readable } from "node:stream";
import { SESSION_CLIENT_HEADER, type TPrintFilePage, type TStoredFile } from "@hub/contracts";
import { schema } from "@hub/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { s3Files } from "../src/platform/files";
import { createTestApp, type TestApp } from "./helpers/test-app";
import { type S3StandIn, startS3StandIn } from "./stand-ins/s3";
import { multipart, PNG } from "./stand-ins/uploads";

const BUCKET = "hub-files";
let s3: S3StandIn;
let t: TestApp;
let token: string;

const settings = () => ({
  bucket: BUCKET,
  endpoint: s3.url,
  region: "us-east-1",
  accessKeyId: "AKIASTANDIN",
  secretAccessKey: "stand-in-secret",
  forcePathStyle: true,
});

beforeAll(async () => {
  s3 = await startS3StandIn(BUCKET);
  t = await createTestApp({ config: { s3: settings() } });
  token = await t.signIn("client");
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const read = async (stream: Readable | null): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const c of stream ?? []) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

describe("the S3 files adapter against the local stand-in", () => {
  test("PutObject, GetObject, ListObjectsV2 and DeleteObject, path-style and signed", async () => {
    const files = s3Files(settings());
    await files.put("9/print/a.pdf", Buffer.from("%PDF-1.4 a"), { contentType: "application/pdf", size: 10 });
    await files.put("9/print/b.pdf", Readable.from([Buffer.from("%PDF-1.4 "), Buffer.from("bb")]), {
      contentType: "application/pdf",
      size: 11,
    });
    await files.put("10/print/c.pdf", Buffer.from("c"), { contentType: "application/pdf", size: 1 });
    expect(s3.objects.get("9/print/b.pdf")?.toString()).toBe("%PDF-1.4 bb");
    expect(await files.list("9/")).toEqual([
      { key: "9/print/a.pdf", size: 10 },
      { key: "9/print/b.pdf", size: 11 },
    ]);
    expect((await read(await files.get("9/print/a.pdf"))).toString()).toBe("%PDF-1.4 a");
    await files.remove("9/print/a.pdf");
    expect(await files.get("9/print/a.pdf")).toBeNull();
    expect(s3.calls.every((c) => c.authorized && c.path.startsWith(`/${BUCKET}`))).toBe(true);
    expect(s3.calls.some((c) => c.method === "GET" && c.query.includes("list-type=2"))).toBe(true);
  });

  test("print files go through S3 when S3_BUCKET is set", async () => {
    const body = multipart("logo.png", PNG);
    const res = await t.request({
      method: "POST",
      url: "/api/printFiles",
      token,
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json<TStoredFile>();
    const [row] = await t.db.select().from(schema.storedFiles).where(eq(schema.storedFiles.id, file.id));
    expect(s3.objects.get(row?.storageKey ?? "")?.equals(PNG)).toBe(true);
    const list = (await t.request({ method: "GET", url: "/api/printFiles", token })).json<TPrintFilePage>();
    expect(list.items.map((f) => f.id)).toContain(file.id);
    const dl = await t.request({ method: "GET", url: `/api/printFiles/${file.id}/download`, token });
    expect(dl.rawPayload.equals(PNG)).toBe(true);
    expect((await t.request({ method: "DELETE", url: `/api/printFiles/${file.id}`, token })).statusCode).toBe(200);
    expect(s3.objects.has(row?.storageKey ?? "")).toBe(false);
  });

  test("a file larger than the 1 MB JSON body limit streams through (the print-file limit applies instead)", async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024, 7)]);
    const body = multipart("poster.png", big);
    const res = await t.request({
      method: "POST",
      url: "/api/printFiles",
      token,
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<TStoredFile>().sizeBytes).toBe(big.length);
  });

  test("an internal admin uploads into the session client's area", async () => {
    const admin = await t.signIn("admin");
    const bluebird =
      (await t.db.select().from(schema.clients).where(eq(schema.clients.siteName, "bluebird")))[0]?.clientId ?? 0;
    const body = multipart("b.png", PNG);
    const res = await t.request({
      method: "POST",
      url: "/api/printFiles",
      token: admin,
      payload: body.payload,
      headers: { ...body.headers, [SESSION_CLIENT_HEADER]: String(bluebird) },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect([...s3.objects.keys()].some((k) => k.startsWith(`${bluebird}/print/`))).toBe(true);
  });
});
