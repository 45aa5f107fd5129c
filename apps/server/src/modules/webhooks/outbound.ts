import type { IncomingMessage } from "node:http";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { pinnedLookup } from "./address-guard";

/**
 * A POST to an address the Hub was given (a webhook endpoint), sent to the addresses
 * `checkAddress` approved (`pin`; null: resolved as usual, private addresses allowed). One code path
 * for http and https, pinned or not. Redirects are not followed (a 3xx is an answer like any other).
 * `timeoutMs` covers the whole exchange, as fetch's AbortSignal.timeout did: no answer in time rejects
 * with an error named "TimeoutError"; a body still arriving then makes `text()` reject.
 */
export type OutboundAnswer = { status: number; text: () => Promise<string> };

export type OutboundPost = {
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  pin: string[] | null;
};

/** The most of an answer's body kept: callers keep an excerpt, never the whole of it. */
const MAX_BODY = 64 * 1024;

const timeoutError = (ms: number) => {
  const error = new Error(`No answer within ${ms / 1000} s`);
  error.name = "TimeoutError";
  return error;
};

/** The body as text (UTF-8), at most MAX_BODY bytes of it. */
const readBody = (res: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => resolve(Buffer.concat(chunks).toString("utf8"));
    res.on("data", (chunk: Buffer) => {
      if (size >= MAX_BODY) return;
      chunks.push(chunk);
      size += chunk.length;
      if (size >= MAX_BODY) {
        done();
        res.destroy();
      }
    });
    res.on("end", done);
    res.on("error", reject);
    res.on("aborted", () => reject(new Error("The answer was cut off")));
  });

export const postPinned = (url: string, post: OutboundPost): Promise<OutboundAnswer> =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const send = target.protocol === "https:" ? httpsRequest : httpRequest;
    let res: IncomingMessage | undefined;
    const req = send(target, {
      method: "POST",
      headers: { ...post.headers, "content-length": String(Buffer.byteLength(post.body)) },
      // A connection of its own (no pool): a kept-alive socket must not carry a request its lookup did not check.
      agent: false,
      // Host header and TLS servername stay the URL's host (node sets both from it); only where to connect is pinned.
      ...(post.pin ? { lookup: pinnedLookup(post.pin) } : {}),
    });
    const timer = setTimeout(() => {
      const error = timeoutError(post.timeoutMs);
      if (res) res.destroy(error);
      req.destroy(error);
    }, post.timeoutMs);
    req.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.on("response", (answer) => {
      res = answer;
      const body = readBody(answer).finally(() => clearTimeout(timer));
      // Read whether or not the caller asks for it; a failure shows when it does.
      body.catch(() => undefined);
      resolve({ status: answer.statusCode ?? 0, text: () => body });
    });
    req.end(post.body);
  });
