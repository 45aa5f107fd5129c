import { Readable } from "node:stream";
import type { HubDb } from "@hub/db";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { ZipFile } from "yazl";
import type { FilesAdapter } from "../../platform/files";
import type { Principal } from "../../platform/principal";
import { subtreeIds } from "./folders.service";
import { folderOf, folders, owned, stored, teamOfFolder } from "./scope";

/** A name safe inside a zip: no path, no climbing out. */
const safe = (name: string) => name.replace(/[\\/]/g, "_").replace(/\.\.+/g, ".").trim() || "file";

/** `name`, then `name (2).ext`, … within one folder of the zip. */
const unique = (taken: Set<string>, name: string): string => {
  let candidate = name;
  const dot = name.lastIndexOf(".");
  const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base} (${n})${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
};

/**
 * A live folder and everything in it as a zip: the entries are listed from the database first, then
 * each file's bytes are read from the storage only when the zip reaches it (yazl's lazy streams),
 * so the archive is streamed to the client without being held in memory.
 */
export const folderZip = async (
  db: HubDb,
  files: FilesAdapter,
  p: Principal,
  id: number,
): Promise<{ name: string; stream: Readable }> => {
  const team = await teamOfFolder(db, p, id);
  const root = await folderOf(db, team, id);
  const ids = await subtreeIds(db, root.id);
  const tree = await db
    .select()
    .from(folders)
    .where(and(inArray(folders.id, ids), isNull(folders.deletedAt)));
  const byId = new Map(tree.map((f) => [f.id, f]));
  const pathOf = new Map<number, string>();
  const namesIn = new Map<string, Set<string>>();
  const resolve = (folderId: number): string | null => {
    const known = pathOf.get(folderId);
    if (known !== undefined) return known;
    const f = byId.get(folderId);
    if (!f) return null;
    if (f.id === root.id) {
      pathOf.set(f.id, "");
      return "";
    }
    const parent = f.parentId === null ? null : resolve(f.parentId);
    if (parent === null) return null;
    const names = namesIn.get(parent) ?? new Set<string>();
    namesIn.set(parent, names);
    const path = `${parent}${unique(names, safe(f.name))}/`;
    pathOf.set(f.id, path);
    return path;
  };
  const zip = new ZipFile();
  for (const f of tree) {
    const path = resolve(f.id);
    if (path) zip.addEmptyDirectory(path);
  }
  const rows = await db
    .select({ id: stored.id, name: stored.fileName, key: stored.storageKey, folderId: owned.folderId })
    .from(owned)
    .innerJoin(stored, eq(stored.id, owned.fileId))
    .where(and(eq(owned.teamId, team.teamId), inArray(owned.folderId, ids), isNull(owned.deletedAt)));
  for (const r of rows) {
    const dir = r.folderId === null ? null : resolve(r.folderId);
    if (dir === null) continue;
    const names = namesIn.get(dir) ?? new Set<string>();
    namesIn.set(dir, names);
    zip.addReadStreamLazy(`${dir}${unique(names, safe(r.name))}`, (cb) => {
      files.get(r.key).then(
        (stream) => cb(null, stream ?? Readable.from([])),
        (error: unknown) => cb(error, Readable.from([])),
      );
    });
  }
  zip.end();
  return { name: safe(root.name), stream: zip.outputStream as Readable };
};
