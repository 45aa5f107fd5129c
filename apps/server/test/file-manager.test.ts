import { inflateRawSync } from "node:zlib";
import type { TFmDashboard, TFmEntry, TFmFolder, TFmList, TFmTrash, TFmUsageList } from "@hub/contracts";
import { schema } from "@hub/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type TechPackFixture, techPackFixture } from "./helpers/tech-pack-fixture";
import { createTestApp, type DemoUser, demoClientIds, hubUser, type TestApp } from "./helpers/test-app";
import { multipart, PDF, PNG } from "./stand-ins/uploads";

/**
 * Issue 19: the File Manager and the Files Dashboard over the team's files (pd_team_files): folders
 * (nested, unique names, no cycles), uploads (several at once, type, size, the plan's quota), rename,
 * move, download, a zip of a folder, the trash (restore, purge after 30 days), which products use a
 * file and linking one to a product's Files tab; another client's team never sees a name.
 */

let t: TestApp;
let f: TechPackFixture;
let bluebirdTeam = 0;

const BASE = "/api/productDev/files";
const call = (who: DemoUser | null, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
  f.call(who, method, url, payload);

/** A multipart body with several file parts. */
const multi = (parts: { name: string; bytes: Buffer }[]) => {
  const boundary = `----fm${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${p.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      p.bytes,
      Buffer.from("\r\n"),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
};
const upload = (who: DemoUser, parts: { name: string; bytes: Buffer }[], query = "") =>
  t.request({ method: "POST", url: `${BASE}/items${query}`, token: f.tokens[who], ...multi(parts) });

const list = async (who: DemoUser, query = "") => {
  const res = await call(who, "GET", `${BASE}/list${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TFmList>();
};
const mkdir = async (name: string, parentId: number | null = null) => {
  const res = await call("designer", "POST", `${BASE}/folders`, { name, parentId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TFmFolder>();
};
const countRows = async () => {
  const [row] = await t.db
    .execute(sql`select
    (select count(*)::int from pd_file_folders) as folders,
    (select count(*)::int from stored_files) as files,
    (select count(*)::int from pd_team_files) as owned`)
    .then((r) => (r as unknown as { rows: object[] }).rows);
  return row;
};

/** The entries of a zip by name, inflated (read from its central directory). */
const unzip = (zip: Buffer): Map<string, Buffer> => {
  const out = new Map<string, Buffer>();
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(eocd).toBeGreaterThan(0);
  const entries = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  for (let i = 0; i < entries; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + compressed);
    out.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extra + comment;
  }
  return out;
};

beforeAll(async () => {
  t = await createTestApp();
  f = await techPackFixture(t, "FM");
  // Bluebird (another client) gets a design team of its own, client2 its member.
  const { bluebird } = await demoClientIds(t.db);
  const [team] = await t.db
    .insert(schema.teams)
    .values({ name: "bluebird-design", displayName: "Bluebird Design", clientId: bluebird, typeId: 2 })
    .returning();
  const client2 = await hubUser(t.db, "client2");
  if (!team || !client2) throw new Error("bluebird team setup failed");
  bluebirdTeam = team.id;
  await t.db.insert(schema.teamUsers).values({
    teamId: team.id,
    userId: client2.userId,
    roleName: "ADMIN",
    defaultTeam: true,
    invitationStatus: "ACCEPTED",
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("folders", () => {
  test("create nested, a name once per parent in any case, rename, the tree and the breadcrumb", async () => {
    const art = await mkdir("FM Artwork");
    const ss = await mkdir("SS27", art.id);
    const again = await call("designer", "POST", `${BASE}/folders`, { name: "fm artwork", parentId: null });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toContain("already exists");
    // The same name under another parent is fine.
    const sub = await mkdir("FM Artwork", art.id);
    const renamed = await call("designer", "PUT", `${BASE}/folders/${sub.id}`, { name: "Prints" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<TFmFolder>().name).toBe("Prints");
    const tree = (await call("designer", "GET", `${BASE}/folders`)).json<{ folders: TFmFolder[] }>();
    expect(tree.folders.find((x) => x.id === ss.id)?.parentId).toBe(art.id);
    const inside = await list("designer", `?folderId=${ss.id}`);
    expect(inside.path.map((p) => p.name)).toEqual(["FM Artwork", "SS27"]);
    const top = await list("designer");
    expect(top.items.find((e) => e.kind === "folder" && e.name === "FM Artwork")).toBeTruthy();
  });

  test("a folder moves, never into itself or below itself", async () => {
    const a = await mkdir("FM Move A");
    const b = await mkdir("FM Move B", a.id);
    const c = await mkdir("FM Move C", b.id);
    for (const target of [a.id, c.id]) {
      const res = await call("designer", "PUT", `${BASE}/folders/${a.id}`, { parentId: target });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toContain("cannot be moved into itself");
    }
    const moved = await call("designer", "PUT", `${BASE}/folders/${c.id}`, { parentId: null });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<TFmFolder>().parentId).toBeNull();
  });

  test("unsafe or empty names are refused and write nothing", async () => {
    const before = await countRows();
    for (const name of [
      "..",
      "../etc",
      "a/b",
      "a\\b",
      "/abs",
      "C:\\win",
      "",
      "   ",
      "x".repeat(201),
      "nul\u0000here",
    ]) {
      const res = await call("designer", "POST", `${BASE}/folders`, { name, parentId: null });
      expect(res.statusCode, `${JSON.stringify(name)} ${res.body}`).toBe(400);
    }
    const up = await upload("designer", [{ name: "../evil.png", bytes: PNG }]);
    expect(up.statusCode, up.body).toBe(400);
    const abs = await upload("designer", [{ name: "/etc/evil.png", bytes: PNG }]);
    expect(abs.statusCode, abs.body).toBe(400);
    expect(await countRows()).toEqual(before);
  });
});

describe("files", () => {
  let folder: TFmFolder;
  let png: TFmEntry;
  let pdf: TFmEntry;

  test("several files upload at once into a folder; the download answers the same bytes", async () => {
    folder = await mkdir("FM Uploads");
    const res = await upload(
      "designer",
      [
        { name: "front.png", bytes: PNG },
        { name: "spec sheet.pdf", bytes: PDF },
      ],
      `?folderId=${folder.id}`,
    );
    expect(res.statusCode, res.body).toBe(201);
    const files = res.json<{ files: TFmEntry[] }>().files;
    expect(files.map((x) => x.name)).toEqual(["front.png", "spec sheet.pdf"]);
    [png, pdf] = files as [TFmEntry, TFmEntry];
    expect(png.folderId).toBe(folder.id);
    const got = await call("designer", "GET", `${BASE}/items/${png.id}/download`);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PNG)).toBe(true);
    expect(got.headers["content-disposition"]).toContain("attachment");
    const inline = await call("designer", "GET", `${BASE}/items/${pdf.id}/download?inline=true`);
    expect(inline.headers["content-disposition"]).toContain("inline");
    expect(inline.rawPayload.equals(PDF)).toBe(true);
    // Listed in the folder, searchable across the team, sortable by size.
    const inside = await list("designer", `?folderId=${folder.id}&sort=sizeBytes,desc`);
    expect(inside.items.map((e) => e.name)).toEqual(["spec sheet.pdf", "front.png"]);
    const found = await list("designer", "?searchString=SPEC%20SHEET");
    expect(found.items.map((e) => e.id)).toContain(pdf.id);
    expect((await call("designer", "GET", `${BASE}/list?sort=color,asc`)).statusCode).toBe(400);
  });

  test("a wrong type, contents that do not match, or one bad file in a batch store nothing", async () => {
    const before = await countRows();
    expect((await upload("designer", [{ name: "notes.txt", bytes: Buffer.from("hello") }])).statusCode).toBe(400);
    expect((await upload("designer", [{ name: "fake.png", bytes: PDF }])).statusCode).toBe(400);
    const batch = await upload("designer", [
      { name: "good.png", bytes: PNG },
      { name: "bad.exe", bytes: PNG },
    ]);
    expect(batch.statusCode).toBe(400);
    const plain = await call("designer", "POST", `${BASE}/items`, {});
    expect(plain.statusCode).toBe(400);
    expect(await countRows()).toEqual(before);
  });

  test("the plan's quota refuses an upload past it, with a clear message, and stores nothing", async () => {
    const { northwind } = await demoClientIds(t.db);
    const [client] = await t.db.select().from(schema.clients).where(eq(schema.clients.clientId, northwind));
    const planId = client?.subscriptionId as number;
    const dash = (await call("designer", "GET", `${BASE}/dashboard`)).json<TFmDashboard>();
    await t.db
      .update(schema.subscriptions)
      .set({ storageQuotaBytes: dash.usedBytes + PNG.length + 5 })
      .where(eq(schema.subscriptions.subscriptionId, planId));
    try {
      const before = await countRows();
      const res = await upload("designer", [
        { name: "one.png", bytes: PNG },
        { name: "two.png", bytes: PNG },
      ]);
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json<{ message: string }>().message).toContain("quota");
      expect(await countRows()).toEqual(before);
      const after = (await call("designer", "GET", `${BASE}/dashboard`)).json<TFmDashboard>();
      expect(after.quotaBytes).toBe(dash.usedBytes + PNG.length + 5);
    } finally {
      await t.db
        .update(schema.subscriptions)
        .set({ storageQuotaBytes: dash.quotaBytes })
        .where(eq(schema.subscriptions.subscriptionId, planId));
    }
  });

  test("rename and move a file; moving into a folder of another team is 404", async () => {
    const renamed = await call("designer", "PUT", `${BASE}/items/${png.id}`, { name: "front view.png" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<TFmEntry>().name).toBe("front view.png");
    expect((await call("designer", "PUT", `${BASE}/items/${png.id}`, { name: "../x.png" })).statusCode).toBe(400);
    const moved = await call("designer", "PUT", `${BASE}/items/${png.id}`, { folderId: null });
    expect(moved.json<TFmEntry>().folderId).toBeNull();
    const back = await call("designer", "PUT", `${BASE}/items/${png.id}`, { folderId: folder.id });
    expect(back.json<TFmEntry>().folderId).toBe(folder.id);
    const theirs = await call("client2", "POST", `${BASE}/folders`, { name: "BB Secret", parentId: null });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const into = await call("designer", "PUT", `${BASE}/items/${png.id}`, { folderId: theirs.json<TFmFolder>().id });
    expect(into.statusCode).toBe(404);
    expect(into.body).not.toContain("BB Secret");
  });

  test("a folder downloads as a zip with its files and subfolders", async () => {
    const sub = await mkdir("Sketches", folder.id);
    const res = await upload("designer", [{ name: "back.png", bytes: PNG }], `?folderId=${sub.id}`);
    expect(res.statusCode, res.body).toBe(201);
    const zip = await call("designer", "GET", `${BASE}/folders/${folder.id}/zip`);
    expect(zip.statusCode, zip.body).toBe(200);
    expect(zip.headers["content-type"]).toBe("application/zip");
    expect(zip.headers["content-disposition"]).toContain("FM Uploads.zip");
    const entries = unzip(zip.rawPayload);
    expect(entries.get("front view.png")?.equals(PNG)).toBe(true);
    expect(entries.get("spec sheet.pdf")?.equals(PDF)).toBe(true);
    expect(entries.get("Sketches/back.png")?.equals(PNG)).toBe(true);
  });

  test("link a file to a product's Files tab; it then shows who uses it and cannot be trashed", async () => {
    const made = await call("designer", "POST", "/api/productDev/products", { code: "FM-TEE-1", name: "File tee" });
    expect(made.statusCode, made.body).toBe(201);
    const { product, stpId } = made.json<{ product: { id: number }; stpId: number }>();
    const linked = await call("designer", "POST", `${BASE}/items/${pdf.id}/links`, {
      productId: product.id,
      note: "Spec",
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json<TFmUsageList>().items).toEqual([
      expect.objectContaining({ productId: product.id, code: "FM-TEE-1", stpId, tabs: ["files"] }),
    ]);
    const tab = await call("designer", "GET", `/api/productDev/stps/${stpId}/tabs/files`);
    expect(tab.json<{ files: { fileId: number; note: string }[] }>().files).toEqual([{ fileId: pdf.id, note: "Spec" }]);
    expect(
      (await call("designer", "POST", `${BASE}/items/${pdf.id}/links`, { productId: product.id })).statusCode,
    ).toBe(409);
    const used = await call("designer", "GET", `${BASE}/items/${pdf.id}/usedBy`);
    expect(used.json<TFmUsageList>().items[0]?.code).toBe("FM-TEE-1");
    const entry = (await list("designer", `?folderId=${folder.id}`)).items.find((e) => e.id === pdf.id);
    expect(entry?.usedBy).toBe(1);
    const trash = await call("designer", "DELETE", `${BASE}/items/${pdf.id}`);
    expect(trash.statusCode).toBe(409);
    expect(trash.json<{ message: string }>().message).toContain("FM-TEE-1");
    expect((await call("designer", "DELETE", `${BASE}/folders/${folder.id}`)).statusCode).toBe(409);
    // The dashboard: the linked file is not among the unused ones, the other is.
    const dash = (await call("designer", "GET", `${BASE}/dashboard`)).json<TFmDashboard>();
    expect(dash.unused.map((e) => e.id)).toContain(png.id);
    expect(dash.unused.map((e) => e.id)).not.toContain(pdf.id);
    expect(dash.recent.length).toBeGreaterThan(0);
    expect(dash.largest[0]?.sizeBytes).toBeGreaterThanOrEqual(dash.largest.at(-1)?.sizeBytes ?? 0);
    expect(dash.usedBytes).toBeGreaterThanOrEqual(PNG.length * 2 + PDF.length);
    // A product of another team is not found.
    expect((await call("client2", "POST", `${BASE}/items/${pdf.id}/links`, { productId: product.id })).statusCode).toBe(
      404,
    );
  });

  test("trash and restore a file and a folder with what is in it", async () => {
    const box = await mkdir("FM Trash box");
    const inner = await mkdir("Inner", box.id);
    const up = await upload("designer", [{ name: "old.png", bytes: PNG }], `?folderId=${inner.id}`);
    const old = up.json<{ files: TFmEntry[] }>().files[0] as TFmEntry;
    const loose = (await upload("designer", [{ name: "loose.png", bytes: PNG }])).json<{ files: TFmEntry[] }>()
      .files[0] as TFmEntry;

    expect((await call("designer", "DELETE", `${BASE}/items/${loose.id}`)).statusCode).toBe(200);
    expect((await list("designer")).items.map((e) => e.id)).not.toContain(loose.id);
    expect((await call("designer", "GET", `${BASE}/items/${loose.id}/usedBy`)).statusCode).toBe(200);
    expect((await call("designer", "PUT", `${BASE}/items/${loose.id}`, { name: "x.png" })).statusCode).toBe(404);

    expect((await call("designer", "DELETE", `${BASE}/folders/${box.id}`)).statusCode).toBe(200);
    expect((await call("designer", "GET", `${BASE}/list?folderId=${inner.id}`)).statusCode).toBe(404);
    const trash = (await call("designer", "GET", `${BASE}/trash`)).json<TFmTrash>();
    const keys = trash.items.map((e) => e.key);
    expect(keys).toContain(`file-${loose.id}`);
    expect(keys).toContain(`folder-${box.id}`);
    // What went with the folder is not listed on its own.
    expect(keys).not.toContain(`folder-${inner.id}`);
    expect(keys).not.toContain(`file-${old.id}`);
    expect(trash.trashDays).toBe(30);

    const restored = await call("designer", "POST", `${BASE}/folders/${box.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    const innerList = await list("designer", `?folderId=${inner.id}`);
    expect(innerList.items.map((e) => e.id)).toEqual([old.id]);
    expect((await call("designer", "POST", `${BASE}/folders/${box.id}/restore`)).statusCode).toBe(400);
    const file = await call("designer", "POST", `${BASE}/items/${loose.id}/restore`);
    expect(file.statusCode, file.body).toBe(200);
    expect((await list("designer")).items.map((e) => e.id)).toContain(loose.id);
  });

  test("the trash is purged after 30 days: the stored file goes", async () => {
    const doomed = (await upload("designer", [{ name: "doomed.png", bytes: PNG }])).json<{ files: TFmEntry[] }>()
      .files[0] as TFmEntry;
    expect((await call("designer", "DELETE", `${BASE}/items/${doomed.id}`)).statusCode).toBe(200);
    await t.db
      .update(schema.pdTeamFiles)
      .set({ deletedAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) })
      .where(eq(schema.pdTeamFiles.fileId, doomed.id));
    const trash = (await call("designer", "GET", `${BASE}/trash`)).json<TFmTrash>();
    expect(trash.items.map((e) => e.id)).not.toContain(doomed.id);
    const rows = await t.db.select().from(schema.storedFiles).where(eq(schema.storedFiles.id, doomed.id));
    expect(rows).toEqual([]);
  });
});

describe("access", () => {
  test("another client's team gets 404 and never a name; anonymous 401; a facility 403", async () => {
    const secret = await mkdir("FM Top Secret Folder");
    const up = await upload("designer", [{ name: "secret-artwork.png", bytes: PNG }], `?folderId=${secret.id}`);
    const file = up.json<{ files: TFmEntry[] }>().files[0] as TFmEntry;
    const attempts: [string, string, unknown?][] = [
      ["GET", `${BASE}/list?folderId=${secret.id}`],
      ["PUT", `${BASE}/folders/${secret.id}`, { name: "Mine" }],
      ["DELETE", `${BASE}/folders/${secret.id}`],
      ["POST", `${BASE}/folders/${secret.id}/restore`],
      ["GET", `${BASE}/folders/${secret.id}/zip`],
      ["POST", `${BASE}/folders`, { name: "Sub", parentId: secret.id }],
      ["GET", `${BASE}/items/${file.id}/download`],
      ["GET", `${BASE}/items/${file.id}/usedBy`],
      ["PUT", `${BASE}/items/${file.id}`, { name: "mine.png" }],
      ["DELETE", `${BASE}/items/${file.id}`],
      ["POST", `${BASE}/items/${file.id}/restore`],
      ["GET", `${BASE}/list?teamId=${f.teamId}`],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call("client2", method as "GET", url, body);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(404);
      expect(res.body).not.toContain("Secret");
      expect(res.body).not.toContain("secret-artwork");
    }
    // Its own lists, search, trash and dashboard hold none of the other team's names.
    for (const url of [
      `${BASE}/list`,
      `${BASE}/list?searchString=secret`,
      `${BASE}/trash`,
      `${BASE}/dashboard`,
      `${BASE}/folders`,
    ]) {
      const res = await call("client2", "GET", url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain("FM Top Secret");
      expect(res.body).not.toContain("secret-artwork");
    }
    expect((await call("client2", "GET", `${BASE}/list`)).json<TFmList>().teamId).toBe(bluebirdTeam);
    const uploadTheirs = await upload("client2", [{ name: "x.png", bytes: PNG }], `?folderId=${secret.id}`);
    expect(uploadTheirs.statusCode).toBe(404);
    // The file is untouched.
    expect((await list("designer", `?folderId=${secret.id}`)).items.map((e) => e.name)).toEqual(["secret-artwork.png"]);

    expect((await call(null, "GET", `${BASE}/list`)).statusCode).toBe(401);
    expect((await call(null, "GET", `${BASE}/items/${file.id}/download`)).statusCode).toBe(401);
    expect((await call("factory", "GET", `${BASE}/list`)).statusCode).toBe(403);
    // The client's member of the same team sees it.
    const member = await list("client", `?folderId=${secret.id}&teamId=${f.teamId}`);
    expect(member.items.map((e) => e.name)).toEqual(["secret-artwork.png"]);
    // An internal admin names the team.
    expect((await call("admin", "GET", `${BASE}/list`)).statusCode).toBe(400);
    expect((await call("admin", "GET", `${BASE}/list?teamId=${f.teamId}&folderId=${secret.id}`)).statusCode).toBe(200);
  });
});

describe("a folder sorted by name, paged", () => {
  test("folders first, then files in name order across pages (either way); a rename moves the file", async () => {
    const box = await mkdir("Paging box");
    for (const name of ["b sub", "A sub"]) await mkdir(name, box.id);
    const up = await upload(
      "designer",
      ["delta.png", "Alpha.png", "charlie.png", "bravo.png"].map((name) => ({ name, bytes: PNG })),
      `?folderId=${box.id}`,
    );
    expect(up.statusCode, up.body).toBe(201);
    const names = async (query: string) =>
      (await list("designer", `?folderId=${box.id}&${query}`)).items.map((e) => e.name);
    expect(await names("size=3&page=0")).toEqual(["A sub", "b sub", "Alpha.png"]);
    expect(await names("size=3&page=1")).toEqual(["bravo.png", "charlie.png", "delta.png"]);
    expect(await names("size=3&page=0&sort=name,desc")).toEqual(["b sub", "A sub", "delta.png"]);
    expect(await names("size=3&page=1&sort=name,desc")).toEqual(["charlie.png", "bravo.png", "Alpha.png"]);
    expect((await list("designer", `?folderId=${box.id}&size=3`)).total).toBe(6);
    const alpha = (await list("designer", `?folderId=${box.id}&size=10`)).items.find((e) => e.name === "Alpha.png");
    const renamed = await call("designer", "PUT", `${BASE}/items/${alpha?.id}`, { name: "zulu.png" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await names("size=10")).toEqual(["A sub", "b sub", "bravo.png", "charlie.png", "delta.png", "zulu.png"]);
  });
});

void multipart;
