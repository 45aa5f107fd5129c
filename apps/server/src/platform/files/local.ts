import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertSafeKey, type FilesAdapter, type StoredObject } from "./adapter";

/** Files in a local folder: each key is a path below `root`, written via a temporary name then renamed. */
export const localFiles = (root: string): FilesAdapter => {
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return join(root, ...key.split("/"));
  };
  const walk = async (dir: string): Promise<StoredObject[]> => {
    let entries: import("node:fs").Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return [];
    }
    const out: StoredObject[] = [];
    for (const e of entries) {
      const full = join(dir, e.name);
      if (e.isDirectory()) out.push(...(await walk(full)));
      else if (e.isFile() && !e.name.endsWith(".partial"))
        out.push({ key: relative(root, full).split(sep).join("/"), size: (await stat(full)).size });
    }
    return out;
  };
  return {
    kind: "local",
    put: async (key, body) => {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.partial`;
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(partial));
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    get: async (key) => {
      const path = pathOf(key);
      try {
        if (!(await stat(path)).isFile()) return null;
      } catch {
        return null;
      }
      return createReadStream(path);
    },
    list: async (prefix) =>
      (await walk(root)).filter((o) => o.key.startsWith(prefix)).sort((a, b) => a.key.localeCompare(b.key)),
    remove: async (key) => {
      await rm(pathOf(key), { force: true });
    },
  };
};
