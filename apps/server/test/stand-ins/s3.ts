import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export type S3Call = { method: string; path: string; query: string; authorized: boolean };
export type S3StandIn = { url: string; calls: S3Call[]; objects: Map<string, Buffer>; close: () => Promise<void> };

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

const xml = (s: string) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/**
 * A local stand-in for the four S3 REST calls the files adapter makes, path-style
 * (`/<bucket>/<key>`): PutObject, GetObject, ListObjectsV2, DeleteObject. Signatures are not
 * verified, but a request without an Authorization header is refused like S3 refuses it.
 */
export const startS3StandIn = async (bucket: string): Promise<S3StandIn> => {
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
    const [, b, ...rest] = url.pathname.split("/");
    if (b !== bucket) return error(404, "NoSuchBucket", "The specified bucket does not exist");
    const key = decodeURIComponent(rest.join("/"));
    if (req.method === "GET" && !key && url.searchParams.get("list-type") === "2") {
      const prefix = url.searchParams.get("prefix") ?? "";
      const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
      const contents = keys
        .map((k) => `<Contents><Key>${xml(k)}</Key><Size>${objects.get(k)?.length ?? 0}</Size></Contents>`)
        .join("");
      res.writeHead(200, { "content-type": "application/xml" });
      return res.end(
        `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><Prefix>${xml(prefix)}</Prefix><KeyCount>${keys.length}</KeyCount><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`,
      );
    }
    if (!key) return error(400, "InvalidRequest", "Unsupported");
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
