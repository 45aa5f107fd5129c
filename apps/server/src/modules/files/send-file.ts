import type { Readable } from "node:stream";
import type { FastifyReply } from "fastify";

/**
 * Answers a stored file's contents (a print file, a tech-pack upload, a library image): its type and
 * length, and the disposition and caching each route chooses. A file answer is declared with
 * `file:` (no JSON schema), so the reply is sent here rather than returned as data.
 */
export const sendStoredFile = (
  reply: FastifyReply,
  file: { contentType: string; sizeBytes: number },
  stream: Readable,
  headers: Record<string, string>,
): FastifyReply =>
  reply
    .header("content-type", file.contentType)
    .header("content-length", String(file.sizeBytes))
    .headers(headers)
    .send(stream);
