import { createHash } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export type S3Call = { method: string; path: string; query: string; authorized: boolean };
export type S3StandIn = { url: string; calls: S3Call[]; objects: Map<string, Buffer>; close: () => Promise<void> };
export type S3StandInOptions = {
  /** When set, a request signed with another access key id is refused (InvalidAccessKeyId), as S3 refuses it. */
  accessKeyId?: string;
  /** Keys (or key prefixes) whose CopyObject or DeleteObject is refused with AccessDenied (a bucket policy). */
  denyWrites?: string[];
};

const readBody = async (req: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** aws-chunked bodies ("<hex size>;chunk-signature=...\r\n<data>\r\n" ... "0\r\n"), in case the SDK streams that way. */
const decodeAwsChunked = (raw: Buffer): Buffer => {
  const out: Buffer[] = [];
  let at = 0;
  while (at < raw.length) {
    const eol = raw.indexOf("\r\n", at);
    if (eol < 0) break;
    const size = Number.parseInt(raw.subarray(at, eol).toString("latin1").split(";")[0] ?? "0", 16);
    if (!size) break;
    out.push(raw.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(out);
};

/** The ETag S3 gives a single-part object: the MD5 of its bytes, quoted. */
const etagOf = (body: Buffer) => `"${createHash("md5").update(body).digest("hex")}"`;

const xml = (s: string) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/**
 * A local stand-in for the S3 REST calls the files adapter and the S3 order import make,
 * path-style (`/<bucket>/<key>`): PutObject, GetObject, ListObjectsV2 (with `delimiter`: the
 * folders below as CommonPrefixes; each object's ETag), DeleteObject and CopyObject (a PUT with
 * `x-amz-copy-source`). Signatures are not verified, but a request without an Authorization header
 * is refused like S3 refuses it, and with `accessKeyId` a request signed with another key id too.
 */
export const startS3StandIn = async (bucket: string, options: S3StandInOptions = {}): Promise<S3StandIn> => {
  const calls: S3Call[] = [];
  const objects = new Map<string, Buffer>();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const authorized =
      typeof req.headers.authorization === "string" && req.headers.authorization.startsWith("AWS4-HMAC-SHA256 ");
    calls.push({ method: req.method ?? "", path: url.pathname, query: url.search, authorized });
    const body = await readBody(req);
    const error = (status: number, code: string, message: string) => {
      res.writeHead(status, { "content-type": "application/xml" });
      res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
    };
    if (!authorized) return error(403, "AccessDenied", "Missing Authorization header");
    if (options.accessKeyId && !String(req.headers.authorization).includes(`Credential=${options.accessKeyId}/`))
      return error(403, "InvalidAccessKeyId", "The AWS Access Key Id you provided does not exist in our records.");
    const [, b, ...rest] = url.pathname.split("/");
    if (b !== bucket) return error(404, "NoSuchBucket", "The specified bucket does not exist");
    const key = decodeURIComponent(rest.join("/"));
    if (req.method === "GET" && !key && url.searchParams.get("list-type") === "2") {
      const prefix = url.searchParams.get("prefix") ?? "";
      const delimiter = url.searchParams.get("delimiter") ?? "";
      const all = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
      // With a delimiter, keys with one after the prefix are rolled up into their folder (CommonPrefixes).
      const folders = new Set<string>();
      const keys = all.filter((k) => {
        const at = delimiter ? k.indexOf(delimiter, prefix.length) : -1;
        if (at < 0) return true;
        folders.add(k.slice(0, at + delimiter.length));
        return false;
      });
      const contents = keys
        .map((k) => {
          const obj = objects.get(k) ?? Buffer.alloc(0);
          return `<Contents><Key>${xml(k)}</Key><Size>${obj.length}</Size><ETag>${xml(etagOf(obj))}</ETag></Contents>`;
        })
        .join("");
      const common = [...folders].map((f) => `<CommonPrefixes><Prefix>${xml(f)}</Prefix></CommonPrefixes>`).join("");
      res.writeHead(200, { "content-type": "application/xml" });
      return res.end(
        `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><Prefix>${xml(prefix)}</Prefix><KeyCount>${keys.length + folders.size}</KeyCount><IsTruncated>false</IsTruncated>${contents}${common}</ListBucketResult>`,
      );
    }
    if (!key) return error(400, "InvalidRequest", "Unsupported");
    const denied = (k: string) => (options.denyWrites ?? []).some((d) => k.startsWith(d));
    const copySource = req.headers["x-amz-copy-source"];
    if (req.method === "PUT" && typeof copySource === "string") {
      // CopyObject: "<bucket>/<key>" (URL-encoded, an optional leading slash).
      const source = decodeURIComponent(copySource.replace(/^\//, ""));
      const [from, ...parts] = source.split("/");
      const fromKey = parts.join("/");
      const obj = from === bucket ? objects.get(fromKey) : undefined;
      if (!obj) return error(404, "NoSuchKey", "The specified key does not exist.");
      if (denied(fromKey) || denied(key)) return error(403, "AccessDenied", "Access Denied");
      objects.set(key, Buffer.from(obj));
      res.writeHead(200, { "content-type": "application/xml" });
      return res.end(
        `<?xml version="1.0" encoding="UTF-8"?><CopyObjectResult><LastModified>${new Date().toISOString()}</LastModified><ETag>${xml(etagOf(obj))}</ETag></CopyObjectResult>`,
      );
    }
    if (req.method === "PUT") {
      const chunked =
        String(req.headers["content-encoding"] ?? "").includes("aws-chunked") ||
        String(req.headers["x-amz-content-sha256"] ?? "").startsWith("STREAMING-");
      objects.set(key, chunked ? decodeAwsChunked(body) : body);
      res.writeHead(200, { etag: '"standin"' });
      return res.end();
    }
    if (req.method === "GET") {
      const obj = objects.get(key);
      if (!obj) return error(404, "NoSuchKey", "The specified key does not exist.");
      res.writeHead(200, { "content-type": "application/octet-stream", "content-length": String(obj.length) });
      return res.end(obj);
    }
    if (req.method === "DELETE") {
      if (denied(key)) return error(403, "AccessDenied", "Access Denied");
      objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    return error(405, "MethodNotAllowed", "Unsupported");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    objects,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
