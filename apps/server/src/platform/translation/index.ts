import type { HubConfig } from "../config";

/**
 * Translation behind one interface (issue 19; spec 7's getTranslation): the tech pack's texts into
 * a factory's language.
 *
 * - none (default): nothing is set up; callers say so ("Translation is not set up…") and write nothing;
 * - DeepL (`DEEPL_API_KEY`, `DEEPL_API_URL` for another host): `POST /v2/translate` with the key in
 *   `Authorization: DeepL-Auth-Key …`, every text of a request in one call (at most 50 a call, as
 *   DeepL takes), tag handling off, formality left to the language's default.
 *
 * Tested against `test/stand-ins/deepl.ts`, a local server speaking the same API.
 */
export type TranslateResult = { text: string; detectedSourceLang: string | null };

export type TranslationAdapter = {
  readonly kind: "none" | "deepl";
  /** One result a text, in order; throws TranslationFailed when the service refuses or is down. */
  translate: (texts: string[], targetLang: string) => Promise<TranslateResult[]>;
};

/** The service refused or did not answer: the caller answers 503 and writes nothing. */
export class TranslationFailed extends Error {}
/** No service is set up. */
export class TranslationNotSetUp extends Error {}

export const noTranslation: TranslationAdapter = {
  kind: "none",
  translate: async () => {
    throw new TranslationNotSetUp();
  },
};

const BATCH = 50;

export const deeplTranslation = (
  settings: { apiKey: string; apiUrl: string },
  timeoutMs = 15_000,
): TranslationAdapter => ({
  kind: "deepl",
  translate: async (texts, targetLang) => {
    const out: TranslateResult[] = [];
    for (let i = 0; i < texts.length; i += BATCH) {
      const batch = texts.slice(i, i + BATCH);
      let res: Response;
      try {
        res = await fetch(`${settings.apiUrl}/v2/translate`, {
          method: "POST",
          headers: { authorization: `DeepL-Auth-Key ${settings.apiKey}`, "content-type": "application/json" },
          body: JSON.stringify({ text: batch, target_lang: targetLang }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new TranslationFailed(`DeepL did not answer: ${(error as Error).message}`);
      }
      if (!res.ok) throw new TranslationFailed(`DeepL answered ${res.status}`);
      const body = (await res.json().catch(() => null)) as {
        translations?: { text?: unknown; detected_source_language?: unknown }[];
      } | null;
      const translations = body?.translations;
      if (!Array.isArray(translations) || translations.length !== batch.length)
        throw new TranslationFailed("DeepL answered something other than one translation a text");
      for (const t of translations) {
        if (typeof t.text !== "string") throw new TranslationFailed("DeepL answered a translation without text");
        out.push({
          text: t.text.replaceAll("\0", ""),
          detectedSourceLang: typeof t.detected_source_language === "string" ? t.detected_source_language : null,
        });
      }
    }
    return out;
  },
});

/** DEEPL_API_KEY set: DeepL; else none. */
export const translationAdapterFor = (config: HubConfig): TranslationAdapter =>
  config.deepl ? deeplTranslation(config.deepl) : noTranslation;
