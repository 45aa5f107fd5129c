import { z } from "zod";
import { type Access, declareApi } from "../common/operation";
import { zText, zTrimmed } from "../common/text";
import { ZTechPackParamsSchema } from "./tech-pack/tabs/parts";

/**
 * Translation (issue 19; spec 7's `getTranslation?text&targetLang`): a designer translates a tech
 * pack's texts (construction steps and their callouts, the cutter's notes, the product's
 * description) into the factory's language through the translation adapter (DeepL's API, or none).
 * A version's translations are stored with it, one set a language, shown to the facility it was sent
 * to, and its PDF prints in a chosen language with a font that covers it.
 */

/** The languages offered: DeepL's target codes, with what a person calls them. */
export const TRANSLATION_LANGUAGES = [
  { code: "ES", name: "Spanish" },
  { code: "PT-BR", name: "Portuguese (Brazil)" },
  { code: "PT-PT", name: "Portuguese (Portugal)" },
  { code: "FR", name: "French" },
  { code: "IT", name: "Italian" },
  { code: "DE", name: "German" },
  { code: "EN-US", name: "English (US)" },
  { code: "EN-GB", name: "English (UK)" },
  { code: "TR", name: "Turkish" },
  { code: "PL", name: "Polish" },
  { code: "RO", name: "Romanian" },
  { code: "VI", name: "Vietnamese" },
  { code: "ID", name: "Indonesian" },
  { code: "ZH-HANS", name: "Chinese (simplified)" },
  { code: "JA", name: "Japanese" },
  { code: "KO", name: "Korean" },
] as const;
export type TTranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number]["code"];
const CODES = TRANSLATION_LANGUAGES.map((l) => l.code) as [TTranslationLanguage, ...TTranslationLanguage[]];
export const languageName = (code: string) => TRANSLATION_LANGUAGES.find((l) => l.code === code)?.name ?? code;

export const ZTargetLangSchema = zText()
  .trim()
  .toUpperCase()
  .pipe(z.enum(CODES, { error: "Choose a language the Hub translates into" }));

export const TRANSLATION_MESSAGES = {
  notSetUp: "Translation is not set up on this Hub. An administrator sets DEEPL_API_KEY to turn it on.",
  failed: "The translation service did not answer. Nothing was saved; try again in a moment.",
  nothing:
    "This version has no texts to translate yet (construction steps, callouts, cutter's notes or a description).",
} as const;

export const ZTranslationQuerySchema = z.object({
  text: zTrimmed(5000, 1, "Enter the text to translate"),
  targetLang: ZTargetLangSchema,
});
export const ZTranslationSchema = z
  .object({
    text: zText(),
    targetLang: z.string(),
    translation: zText(),
    /** The language the service found the text in (DeepL's code), when it says. */
    detectedSourceLang: z.string().nullable(),
  })
  .meta({ id: "Translation" });
export type TTranslation = z.infer<typeof ZTranslationSchema>;

export const ZTranslationStatusSchema = z.object({
  configured: z.boolean(),
  provider: z.enum(["none", "deepl"]),
  languages: z.array(z.object({ code: z.string(), name: z.string(), printable: z.boolean() })),
});
export type TTranslationStatus = z.infer<typeof ZTranslationStatusSchema>;

/** One text of a version and its translation; `path` names where it is (`constructionDetails.steps.0.title`). */
export const ZTranslatedTextSchema = z.object({
  path: z.string(),
  /** What a person calls the place: "Step 1 · title". */
  label: z.string(),
  source: zText(),
  text: zText(),
  /** The version's text changed since it was translated: shown, but not printed. */
  outdated: z.boolean(),
});
export type TTranslatedText = z.infer<typeof ZTranslatedTextSchema>;

export const ZVersionTranslationSchema = z
  .object({
    stpId: z.number().int(),
    lang: z.string(),
    languageName: z.string(),
    translatedAt: z.string(),
    translatedBy: z.string().nullable(),
    texts: z.array(ZTranslatedTextSchema),
  })
  .meta({ id: "TechPackTranslation" });
export type TVersionTranslation = z.infer<typeof ZVersionTranslationSchema>;

export const ZVersionTranslationsSchema = z.object({
  items: z.array(
    ZVersionTranslationSchema.omit({ texts: true }).extend({ count: z.number().int(), outdated: z.number().int() }),
  ),
});
export type TVersionTranslations = z.infer<typeof ZVersionTranslationsSchema>;

export const ZTranslateVersionRequestSchema = z.object({ targetLang: ZTargetLangSchema });
export const ZTranslationParamsSchema = ZTechPackParamsSchema.extend({ lang: ZTargetLangSchema });

/** The tech pack PDF's `?lang=`: its texts in that language where a translation is stored. */
export const ZTechPackPdfQuerySchema = z.object({ lang: ZTargetLangSchema.optional() });

const PRODUCTS: Access = { signedIn: true, card: "products" };
const READ_PACK: Access = { signedIn: true, anyCard: ["products", "techPacks"] };

export const translationApi = declareApi("translation", {
  /** Spec 7: one text into one language (the designer's screen translates a field as they write). */
  translate: {
    method: "GET",
    path: "/productDev/getTranslation",
    access: PRODUCTS,
    query: ZTranslationQuerySchema,
    responses: { 200: ZTranslationSchema },
    errors: [409, 503],
  },
  status: {
    method: "GET",
    path: "/productDev/translation/status",
    access: READ_PACK,
    responses: { 200: ZTranslationStatusSchema },
  },
  /** A version's translations, one a language (the team's members and the facilities it was sent to). */
  list: {
    method: "GET",
    path: "/productDev/stps/:stpId/translations",
    access: READ_PACK,
    params: ZTechPackParamsSchema,
    responses: { 200: ZVersionTranslationsSchema },
  },
  read: {
    method: "GET",
    path: "/productDev/stps/:stpId/translations/:lang",
    access: READ_PACK,
    params: ZTranslationParamsSchema,
    responses: { 200: ZVersionTranslationSchema },
  },
  /** Translates every text of the version into the language and keeps it with the version (replacing an earlier one). */
  translateVersion: {
    method: "POST",
    path: "/productDev/stps/:stpId/translations",
    access: PRODUCTS,
    params: ZTechPackParamsSchema,
    body: ZTranslateVersionRequestSchema,
    responses: { 200: ZVersionTranslationSchema },
    errors: [409, 503],
  },
  remove: {
    method: "DELETE",
    path: "/productDev/stps/:stpId/translations/:lang",
    access: PRODUCTS,
    params: ZTranslationParamsSchema,
    responses: { 204: z.null() },
  },
});
