import { Readable } from "node:stream";
import type * as S3Sdk from "@aws-sdk/client-s3";
import { loadOnce } from "../load-once";
import { assertSafeKey, type FilesAdapter, type StoredObject } from "./adapter";

export type S3Settings = {
  bucket: string;
  endpoint: string | null;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
};

/** S3-compatible storage through the official AWS SDK (PutObject, GetObject, ListObjectsV2, DeleteObject). */
export const s3Files = (settings: S3Settings): FilesAdapter => {
  // The SDK loads with the first file, not at start: loading it costs more than 100 ms.
  const s3 = loadOnce(async (): Promise<{ sdk: typeof S3Sdk; client: S3Sdk.S3Client }> => {
    const sdk = await import("@aws-sdk/client-s3");
    return {
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        forcePathStyle: settings.forcePathStyle,
        // Checksums only where S3 requires them: many S3-compatible stores do not speak aws-chunked uploads.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        ...(settings.accessKeyId && settings.secretAccessKey
          ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
          : {}),
      }),
    };
  });
  const Bucket = settings.bucket;
  return {
    kind: "s3",
    put: async (key, body, { contentType, size }) => {
      assertSafeKey(key);
      const { sdk, client } = await s3();
      await client.send(
        new sdk.PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: size }),
      );
    },
    get: async (key) => {
      assertSafeKey(key);
      const { sdk, client } = await s3();
      try {
        const out = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        const body = out.Body;
        if (!body) return null;
        return body instanceof Readable ? body : Readable.from(Buffer.from(await body.transformToByteArray()));
      } catch (error) {
        if (
          error instanceof sdk.NoSuchKey ||
          (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404)
        )
          return null;
        throw error;
      }
    },
    list: async (prefix) => {
      const { sdk, client } = await s3();
      const out: StoredObject[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const o of page.Contents ?? []) if (o.Key) out.push({ key: o.Key, size: o.Size ?? 0 });
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return out;
    },
    remove: async (key) => {
      assertSafeKey(key);
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
};
