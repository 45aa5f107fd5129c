import {
  languageName,
  type TDocumentTab,
  type TDocumentTabData,
  TRANSLATION_LANGUAGES,
  TRANSLATION_MESSAGES,
  type TTranslation,
  type TTranslationStatus,
  type TVersionTranslation,
  type TVersionTranslations,
} from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq } from "drizzle-orm";
import { conflict, forbidden, HttpError, notFound } from "../../platform/errors";
import { canPrint } from "../../platform/pdf-fonts";
import type { Principal } from "../../platform/principal";
import { type TranslationAdapter, TranslationFailed, TranslationNotSetUp } from "../../platform/translation";
import { type PackContext, packFor } from "./scope";
import { readAllParts } from "./tech-pack-parts";

/**
 * A tech pack's texts in the factory's language (issue 19; docs/adr/0010-tech-pack.md,
 * "Translation"). The texts a factory reads as prose (the product's description, the cutting notes,
 * each construction step's title, description and callouts) are translated together through the
 * translation adapter and kept with the version, one set a language. A text changed since it was
 * translated is shown as outdated and printed in its source language. Translating does not change
 * the version's content, so an approved or sent version may be translated too.
 */
const tr = schema.pdTechPackTranslations;
type Parts = { [K in TDocumentTab]: TDocumentTabData<K> };
type Text = { path: string; label: string; source: string };

/** Every translatable text of a version, with its place and what a person calls it. */
export const translatableTexts = (all: Parts, description: string | null): Text[] => {
  const out: Text[] = [];
  const add = (path: string, label: string, source: string | null | undefined) => {
    if (source?.trim()) out.push({ path, label, source });
  };
  add("details.description", "Product description", description);
  add("cuttersMust.notes", "Cutting notes", all.cuttersMust.notes);
  all.constructionDetails.steps.forEach((step, i) => {
    add(`constructionDetails.steps.${i}.title`, `Step ${i + 1} · title`, step.title);
    add(`constructionDetails.steps.${i}.description`, `Step ${i + 1} · description`, step.description);
    step.callouts.forEach((c, n) => {
      add(`constructionDetails.steps.${i}.callouts.${n}.text`, `Step ${i + 1} · callout ${n + 1}`, c.text);
    });
  });
  return out;
};

const unavailable = (message: string) => new HttpError(503, "UNAVAILABLE", message);

const translateAll = async (adapter: TranslationAdapter, texts: string[], lang: string) => {
  try {
    return await adapter.translate(texts, lang);
  } catch (error) {
    if (error instanceof TranslationNotSetUp) throw conflict(TRANSLATION_MESSAGES.notSetUp);
    if (error instanceof TranslationFailed) throw unavailable(TRANSLATION_MESSAGES.failed);
    throw error;
  }
};

export const translationStatus = (adapter: TranslationAdapter): TTranslationStatus => ({
  configured: adapter.kind !== "none",
  provider: adapter.kind,
  languages: TRANSLATION_LANGUAGES.map((l) => ({ code: l.code, name: l.name, printable: canPrint(l.code) })),
});

/** Spec 7's getTranslation: one text. */
export const translateText = async (
  adapter: TranslationAdapter,
  q: { text: string; targetLang: string },
): Promise<TTranslation> => {
  const [result] = await translateAll(adapter, [q.text], q.targetLang);
  return {
    text: q.text,
    targetLang: q.targetLang,
    translation: result?.text ?? "",
    detectedSourceLang: result?.detectedSourceLang ?? null,
  };
};

/** Who translates: a member of the product's team (or an internal admin), never the facility. */
const assertTranslator = (ctx: PackContext, p: Principal) => {
  if (ctx.viewer === "facility") throw forbidden("Only the product's team translates its tech pack.");
  if (ctx.role === null && !p.isInternal)
    throw forbidden("Only members of the product's team translate its tech pack.");
};

type Row = typeof tr.$inferSelect;
const current = async (db: HubDb, ctx: PackContext) =>
  new Map(
    translatableTexts(await readAllParts(db, ctx.pack.id), ctx.details.description ?? null).map((t) => [
      t.path,
      t.source,
    ]),
  );

const answer = (row: Row, now: Map<string, string>): TVersionTranslation => ({
  stpId: row.techPackId,
  lang: row.lang,
  languageName: languageName(row.lang),
  translatedAt: row.translatedAt.toISOString(),
  translatedBy: row.translatedBy,
  texts: row.texts.map((t) => ({ ...t, outdated: now.get(t.path) !== t.source })),
});

export const listTranslations = async (db: HubDb, p: Principal, stpId: number): Promise<TVersionTranslations> => {
  const ctx = await packFor(db, p, stpId);
  const rows = await db.select().from(tr).where(eq(tr.techPackId, ctx.pack.id)).orderBy(asc(tr.lang));
  const now = rows.length ? await current(db, ctx) : new Map<string, string>();
  return {
    items: rows.map((row) => {
      const { texts, ...rest } = answer(row, now);
      return { ...rest, count: texts.length, outdated: texts.filter((t) => t.outdated).length };
    }),
  };
};

const rowOf = async (db: HubDb, stpId: number, lang: string) =>
  (
    await db
      .select()
      .from(tr)
      .where(and(eq(tr.techPackId, stpId), eq(tr.lang, lang)))
  )[0];

const noTranslation = (lang: string) => notFound(`A ${languageName(lang)} translation of this version`);

export const readTranslation = async (
  db: HubDb,
  p: Principal,
  stpId: number,
  lang: string,
): Promise<TVersionTranslation> => {
  const ctx = await packFor(db, p, stpId);
  const row = await rowOf(db, ctx.pack.id, lang);
  if (!row) throw noTranslation(lang);
  return answer(row, await current(db, ctx));
};

/** Translates every text of the version into `lang` (one call to the service) and keeps it, replacing an earlier one. */
export const translateVersion = async (
  db: HubDb,
  adapter: TranslationAdapter,
  p: Principal,
  stpId: number,
  lang: string,
): Promise<TVersionTranslation> => {
  const ctx = await packFor(db, p, stpId);
  assertTranslator(ctx, p);
  const texts = translatableTexts(await readAllParts(db, ctx.pack.id), ctx.details.description ?? null);
  if (texts.length === 0) throw conflict(TRANSLATION_MESSAGES.nothing);
  // The service is called before anything is written: a refusal or a time-out leaves the stored set as it was.
  const results = await translateAll(
    adapter,
    texts.map((t) => t.source),
    lang,
  );
  const stored = texts.map((t, i) => ({ ...t, text: results[i]?.text ?? "" }));
  const values = { texts: stored, translatedBy: p.userName, translatedAt: new Date() };
  const [row] = await db
    .insert(tr)
    .values({ techPackId: ctx.pack.id, lang, ...values })
    .onConflictDoUpdate({ target: [tr.techPackId, tr.lang], set: values })
    .returning();
  if (!row) throw new Error("translation not stored");
  return answer(row, new Map(texts.map((t) => [t.path, t.source])));
};

export const removeTranslation = async (db: HubDb, p: Principal, stpId: number, lang: string): Promise<null> => {
  const ctx = await packFor(db, p, stpId);
  assertTranslator(ctx, p);
  const gone = await db
    .delete(tr)
    .where(and(eq(tr.techPackId, ctx.pack.id), eq(tr.lang, lang)))
    .returning({ lang: tr.lang });
  if (gone.length === 0) throw noTranslation(lang);
  return null;
};

/** Sets `value` at a dotted path of a parts document (the places translatableTexts names). */
const setAt = (root: Record<string, unknown>, path: string, value: string) => {
  const keys = path.split(".");
  let node: unknown = root;
  for (const key of keys.slice(0, -1)) node = (node as Record<string, unknown> | undefined)?.[key];
  const last = keys.at(-1);
  if (node && typeof node === "object" && last !== undefined) (node as Record<string, unknown>)[last] = value;
};

/**
 * The version's parts with its `lang` translation in place of each text that has not changed since
 * (for the PDF). A language without a stored translation, or one this machine has no font for, is refused.
 */
export const translatedPartsFor = async (
  db: HubDb,
  ctx: PackContext,
  lang: string,
): Promise<{ all: Parts; description: string | null }> => {
  const row = await rowOf(db, ctx.pack.id, lang);
  if (!row) throw conflict(`This version has no ${languageName(lang)} translation yet: translate it first.`);
  if (!canPrint(lang))
    throw conflict(
      `This Hub has no font installed for ${languageName(lang)}, so it cannot print it. An administrator installs one (PDF_CJK_FONT, or Debian's fonts-noto-cjk).`,
    );
  const all = await readAllParts(db, ctx.pack.id);
  const description = ctx.details.description ?? null;
  const sources = new Map(translatableTexts(all, description).map((t) => [t.path, t.source]));
  const root = { ...(all as unknown as Record<string, unknown>), details: { description } };
  for (const t of row.texts) if (sources.get(t.path) === t.source) setAt(root, t.path, t.text);
  return { all, description: (root.details as { description: string | null }).description };
};
