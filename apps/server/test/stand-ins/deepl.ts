import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export type DeepLCall = { authorization: string | undefined; text: string[]; targetLang: string };
export type DeepLStandIn = {
  url: string;
  calls: DeepLCall[];
  /** The next requests answer this status (500: the service failing) until set back to 200. */
  failWith: (status: number) => void;
  close: () => Promise<void>;
};

const readJson = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as Record<string, unknown>;
};

/**
 * A local stand-in for DeepL's `POST /v2/translate` (JSON body `{ text: [...], target_lang }`, key in
 * `Authorization: DeepL-Auth-Key …`; 403 for a wrong key, 400 without text or language, at most 50
 * texts). It "translates" by prefixing the language, so a test can tell a translated text from its
 * source, and answers Vietnamese with Vietnamese letters and Chinese with Han characters, so the PDF's
 * fonts are exercised.
 */
export const startDeepLStandIn = async (apiKey: string): Promise<DeepLStandIn> => {
  const calls: DeepLCall[] = [];
  let status = 200;
  const server = createServer(async (req, res) => {
    const send = (code: number, body: unknown) => {
      res.writeHead(code, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method !== "POST" || req.url !== "/v2/translate") return send(404, { message: "Not found" });
    const body = await readJson(req);
    const text = Array.isArray(body.text) ? (body.text as string[]) : [];
    const targetLang = String(body.target_lang ?? "");
    calls.push({ authorization: req.headers.authorization, text, targetLang });
    if (req.headers.authorization !== `DeepL-Auth-Key ${apiKey}`) return send(403, { message: "Wrong key" });
    if (status !== 200) return send(status, { message: "Internal error" });
    if (text.length === 0 || text.length > 50 || !targetLang) return send(400, { message: "Bad request" });
    const prefix =
      targetLang === "VI" ? "[VI Tiếng Việt]" : targetLang.startsWith("ZH") ? "[ZH 中文]" : `[${targetLang}]`;
    return send(200, {
      translations: text.map((t) => ({ detected_source_language: "EN", text: `${prefix} ${t}` })),
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    failWith: (s) => {
      status = s;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
