import type * as S3Sdk from "@aws-sdk/client-s3";
import { loadOnce } from "../../platform/load-once";
import { pinnedLookup } from "../webhooks/address-guard";

/**
 * A client's own bucket, through the official AWS SDK (loaded on first use, as the files adapter
 * loads it): list one folder level, read, write, and move (CopyObject + DeleteObject). The settings
 * are the client's (its keys, region, optional S3-compatible endpoint), never the Hub's.
 */
export type S3Target = {
  bucket: string;
  region: string;
  endpoint: string | null;
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
};

export type ListedObject = { key: string; size: number; etag: string };

const loadSdk = loadOnce(() => import("@aws-sdk/client-s3"));

export type BucketClient = {
  /** The objects directly under `prefix` (not below its sub-folders), and the sub-folders. */
  list: (prefix: string, max?: number) => Promise<{ objects: ListedObject[]; folders: string[] }>;
  get: (key: string) => Promise<Buffer>;
  put: (key: string, body: Buffer | string, contentType: string) => Promise<void>;
  /** Copies `from` to `to` and deletes `from`. */
  move: (from: string, to: string) => Promise<void>;
};

/**
 * `pin`: the addresses the endpoint's check approved (`checkAddress`); the SDK's connections go to
 * those alone, never to what the name resolves to later. Null: resolved as usual (AWS itself, or
 * private addresses allowed).
 */
export const bucketClient = (target: S3Target, pin: string[] | null = null): BucketClient => {
  const Bucket = target.bucket;
  const open = loadOnce(async (): Promise<{ sdk: typeof S3Sdk; client: S3Sdk.S3Client }> => {
    const sdk = await loadSdk();
    return {
      sdk,
      client: new sdk.S3Client({
        region: target.region,
        forcePathStyle: target.forcePathStyle,
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
        maxAttempts: 2,
        // A bucket that does not answer must not hold the job: 5 s to connect, 30 s per request.
        requestHandler: {
          connectionTimeout: 5_000,
          requestTimeout: 30_000,
          ...(pin ? { httpsAgent: { lookup: pinnedLookup(pin) }, httpAgent: { lookup: pinnedLookup(pin) } } : {}),
        },
        ...(target.endpoint ? { endpoint: target.endpoint } : {}),
        credentials: { accessKeyId: target.accessKeyId, secretAccessKey: target.secretAccessKey },
      }),
    };
  });
  return {
    list: async (prefix, max = 1000) => {
      const { sdk, client } = await open();
      const objects: ListedObject[] = [];
      const folders: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix, Delimiter: "/", ContinuationToken: token }),
        );
        for (const o of page.Contents ?? [])
          if (o.Key) objects.push({ key: o.Key, size: o.Size ?? 0, etag: (o.ETag ?? "").replaceAll('"', "") });
        for (const f of page.CommonPrefixes ?? []) if (f.Prefix) folders.push(f.Prefix);
        token = page.IsTruncated && objects.length < max ? page.NextContinuationToken : undefined;
      } while (token);
      return { objects: objects.slice(0, max), folders };
    },
    get: async (key) => {
      const { sdk, client } = await open();
      const out = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
      if (!out.Body) return Buffer.alloc(0);
      return Buffer.from(await out.Body.transformToByteArray());
    },
    put: async (key, body, contentType) => {
      const { sdk, client } = await open();
      const data = typeof body === "string" ? Buffer.from(body, "utf8") : body;
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: key,
          Body: data,
          ContentType: contentType,
          ContentLength: data.length,
        }),
      );
    },
    move: async (from, to) => {
      const { sdk, client } = await open();
      // CopySource is "bucket/key" with the key URL-encoded (slashes may stay).
      const source = `${Bucket}/${from.split("/").map(encodeURIComponent).join("/")}`;
      await client.send(new sdk.CopyObjectCommand({ Bucket, Key: to, CopySource: source }));
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: from }));
    },
  };
};

/** What an S3 failure means, in words a client admin can act on. */
export const describeS3Error = (error: unknown, target: Pick<S3Target, "bucket" | "endpoint">): string => {
  const e = error as {
    name?: string;
    Code?: string;
    code?: string;
    message?: string;
    $metadata?: { httpStatusCode?: number };
  };
  const name = e.Code ?? e.name ?? "";
  const status = e.$metadata?.httpStatusCode;
  const where = target.endpoint ?? "S3";
  switch (name) {
    case "NoSuchBucket":
      return `The bucket "${target.bucket}" does not exist.`;
    case "InvalidAccessKeyId":
      return "S3 does not know this access key id.";
    case "SignatureDoesNotMatch":
      return "The secret access key does not match the access key id.";
    case "AccessDenied":
    case "Forbidden":
      return `S3 refused access to the bucket "${target.bucket}": the key may not list, read or write this prefix.`;
    case "PermanentRedirect":
    case "AuthorizationHeaderMalformed":
      return `The bucket "${target.bucket}" is in another region: check the region.`;
    case "TimeoutError":
    case "RequestTimeout":
      return `${where} did not answer in time.`;
  }
  const code = e.code ?? "";
  if (["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ECONNRESET", "EHOSTUNREACH", "ETIMEDOUT"].includes(code))
    return `The Hub could not reach ${where} (${code}).`;
  if (status === 404) return `The bucket "${target.bucket}" or the file was not found.`;
  if (status === 403) return `S3 refused access to the bucket "${target.bucket}".`;
  return `S3 answered an error${status ? ` (${status})` : ""}${name ? `: ${name}` : ""}.`;
};
