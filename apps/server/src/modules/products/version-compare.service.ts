import {
  BOM_TABS,
  COMPARE_MESSAGES,
  DOCUMENT_TABS,
  type TAcknowledgement,
  TECH_PACK_TAB_LABELS,
  type TFieldChange,
  type TRowChange,
  type TTabChanges,
  type TVersionCompare,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, sql } from "drizzle-orm";
import { badRequest, forbidden, notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { recordEvent as raiseEvent } from "../webhooks/events";
import { DETAILS_TAB, type PackContext, packFor, tp } from "./scope";
import { itemsById, readAllParts, teamClientOf } from "./tech-pack-parts";

/**
 * Version compare and the facility's acknowledgement (issue 19; docs/adr/0010-tech-pack.md, "Version
 * compare"). Two versions' tabs are compared as documents: each list's rows matched by what names
 * them (ROW_KEYS), every other field by its path; values are shown as text.
 */

const sends = schema.pdTechPackSends;
const history = schema.pdTechPackHistory;

type Row = Record<string, unknown>;
type Doc = Record<string, unknown>;

/** What names a row of each list, per tab: a row moved is not a change; two rows with one name get `#2`, `#3`. */
const ROW_KEYS: Record<string, Record<string, (row: Row) => string>> = {
  ...Object.fromEntries(BOM_TABS.map((t) => [t, { rows: (r: Row) => `item ${String(r.itemId)}` }])),
  colorways: { colorways: (r) => String(r.key) },
  gradedSpec: { points: (r) => String(r.code) },
  constructionDetails: { steps: (r) => String(r.title) },
  cuttersMust: { pieces: (r) => String(r.name), trims: (r) => String(r.name) },
  productOptions: { options: (r) => String(r.name) },
  images: { images: (r) => `file ${String(r.fileId)}` },
  files: { files: (r) => `file ${String(r.fileId ?? r.id)}` },
};

const text = (value: unknown): string | null => {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
};

/** A value's leaves as `path → text` (`cells.BLK.variantId`, `gradeRules.M`); arrays of scalars stay one value. */
const flatten = (value: unknown, prefix: string, out: Map<string, string | null>) => {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
    return out;
  }
  if (Array.isArray(value) && value.some((v) => v !== null && typeof v === "object")) {
    value.forEach((v, i) => {
      flatten(v, `${prefix}[${i + 1}]`, out);
    });
    return out;
  }
  out.set(prefix, Array.isArray(value) ? (value.length ? value.map(String).join(", ") : null) : text(value));
  return out;
};

const fieldChanges = (before: unknown, after: unknown): TFieldChange[] => {
  const a = flatten(before, "", new Map());
  const b = flatten(after, "", new Map());
  const out: TFieldChange[] = [];
  for (const field of new Set([...a.keys(), ...b.keys()])) {
    const old = a.get(field) ?? null;
    const now = b.get(field) ?? null;
    if (old !== now) out.push({ field, old, new: now });
  }
  return out;
};

/** Rows by key (`#2` for a second row with the same key), in their order. */
const keyed = (rows: Row[], keyOf: (r: Row) => string): Map<string, Row> => {
  const out = new Map<string, Row>();
  const seen = new Map<string, number>();
  for (const row of rows) {
    const base = keyOf(row);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    out.set(n === 1 ? base : `${base} #${n}`, row);
  }
  return out;
};

/** One tab's differences: its keyed lists row by row, everything else field by field. */
export const diffTab = (
  tab: string,
  before: Doc,
  after: Doc,
  labelOf: (list: string, key: string, row: Row) => string = (_l, key) => key,
): Pick<TTabChanges, "fields" | "rows"> => {
  const lists = ROW_KEYS[tab] ?? {};
  const rows: TRowChange[] = [];
  const restBefore: Doc = {};
  const restAfter: Doc = {};
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const keyOf = lists[k];
    if (!keyOf) {
      restBefore[k] = before[k];
      restAfter[k] = after[k];
      continue;
    }
    const a = keyed((before[k] as Row[] | undefined) ?? [], keyOf);
    const b = keyed((after[k] as Row[] | undefined) ?? [], keyOf);
    for (const [key, row] of b) {
      const old = a.get(key);
      if (!old)
        rows.push({ list: k, key, label: labelOf(k, key, row), change: "added", fields: fieldChanges({}, row) });
      else {
        const fields = fieldChanges(old, row);
        if (fields.length > 0) rows.push({ list: k, key, label: labelOf(k, key, row), change: "changed", fields });
      }
    }
    for (const [key, row] of a)
      if (!b.has(key))
        rows.push({ list: k, key, label: labelOf(k, key, row), change: "removed", fields: fieldChanges(row, {}) });
  }
  return { fields: fieldChanges(restBefore, restAfter), rows };
};

/** GET /productDev/stps/:stpId/compare?from=: what changed from version `from` to this one. */
export const compareVersions = async (
  db: HubDb,
  p: Principal,
  stpId: number,
  fromStpId: number,
): Promise<TVersionCompare> => {
  const [to, from] = await Promise.all([packFor(db, p, stpId), packFor(db, p, fromStpId)]);
  if (to.product.id !== from.product.id)
    throw badRequest(COMPARE_MESSAGES.otherProduct, { from: COMPARE_MESSAGES.otherProduct });
  return comparePacks(db, from, to);
};

/** The changes from one version to another of the same product, both already read with the caller's right to them. */
export const comparePacks = async (db: HubDb, from: PackContext, to: PackContext): Promise<TVersionCompare> => {
  const [a, b, edits] = await Promise.all([
    readAllParts(db, from.pack.id),
    readAllParts(db, to.pack.id),
    lastEdits(db, to, from),
  ]);
  const items = await itemsById(
    db,
    to.product.teamId,
    BOM_TABS.flatMap((t) => [...a[t].rows, ...b[t].rows]).map((r) => r.itemId),
  );
  const labelOf = (list: string, key: string, row: Row): string => {
    if (list === "rows") {
      const item = items.get(Number(row.itemId));
      return item ? `${item.code} ${item.name}${key.includes("#") ? ` (${key.split(" ").pop()})` : ""}` : key;
    }
    return key;
  };
  const tabs: TTabChanges[] = [];
  const details = diffTab(DETAILS_TAB, from.details as Doc, to.details as Doc);
  const all = [
    { tab: DETAILS_TAB, changes: details },
    ...DOCUMENT_TABS.map((tab) => ({
      tab,
      changes: diffTab(tab, a[tab] as unknown as Doc, b[tab] as unknown as Doc, labelOf),
    })),
  ];
  for (const { tab, changes } of all) {
    if (changes.fields.length === 0 && changes.rows.length === 0) continue;
    const edit = edits.get(tab);
    tabs.push({
      tab,
      label: TECH_PACK_TAB_LABELS[tab as keyof typeof TECH_PACK_TAB_LABELS] ?? tab,
      ...changes,
      lastChangedBy: edit?.userName ?? null,
      lastChangedAt: edit?.at.toISOString() ?? null,
    });
  }
  const ref = (c: PackContext) => ({ stpId: c.pack.id, version: c.pack.version, status: c.pack.approvalState });
  return { productId: to.product.id, from: ref(from), to: ref(to), tabs };
};

/** Per tab, the last save in the versions after the older one up to the newer one (their history). */
const lastEdits = async (db: HubDb, to: PackContext, from: PackContext) => {
  const [low, high] = from.pack.version < to.pack.version ? [from, to] : [to, from];
  const packs = db
    .select({ id: tp.id })
    .from(tp)
    .where(and(eq(tp.productId, to.product.id), gt(tp.version, low.pack.version), lte(tp.version, high.pack.version)));
  const rows = await db
    .selectDistinctOn([history.tab], { tab: history.tab, userName: history.userName, at: history.at })
    .from(history)
    .where(and(inArray(history.techPackId, packs), sql`${history.field} <> 'version'`))
    .orderBy(history.tab, desc(history.at), desc(history.id));
  return new Map(rows.map((r) => [r.tab, r]));
};

/** POST /productDev/stps/:stpId/acknowledge: the caller's facility builds from this version. */
export const acknowledgeVersion = async (db: HubDb, p: Principal, stpId: number): Promise<TAcknowledgement> => {
  const ctx = await packFor(db, p, stpId);
  if (ctx.viewer !== "facility") throw forbidden(COMPARE_MESSAGES.onlyFacility);
  await db.transaction(async (tx) => {
    const first = await tx
      .update(sends)
      .set({ acknowledgedAt: sql`now()`, acknowledgedBy: p.userName })
      .where(and(eq(sends.techPackId, stpId), inArray(sends.factoryId, p.factoryIds), isNull(sends.acknowledgedAt)))
      .returning({ factoryId: sends.factoryId });
    // The brand's integrations hear the first acknowledgement by each facility (a repeat changes nothing).
    const clientId = first.length > 0 ? await teamClientOf(tx, ctx.product.teamId) : null;
    if (clientId !== null)
      for (const f of first)
        await raiseEvent(tx, clientId, "techpack.acknowledged", {
          productId: ctx.product.id,
          code: ctx.product.code,
          version: ctx.pack.version,
          stpId,
          factoryId: f.factoryId,
          acknowledgedBy: p.userName,
        });
  });
  const [row] = await db
    .select({ at: sends.acknowledgedAt, by: sends.acknowledgedBy })
    .from(sends)
    .where(and(eq(sends.techPackId, stpId), inArray(sends.factoryId, p.factoryIds), isNotNull(sends.acknowledgedAt)))
    .orderBy(sends.acknowledgedAt)
    .limit(1);
  if (!row?.at || !row.by) throw notFound("The send of this version");
  return { stpId, acknowledgedAt: row.at.toISOString(), acknowledgedBy: row.by };
};

/**
 * For a facility viewing a version: the newest older version of the product that one of its
 * facilities acknowledged (it opens on the changes since the version it built). Null for the team.
 */
export const changesSinceOf = async (db: HubDb | HubTx, p: Principal, ctx: PackContext) => {
  if (ctx.viewer !== "facility" || p.factoryIds.length === 0) return null;
  const [row] = await db
    .select({ stpId: tp.id, version: tp.version })
    .from(sends)
    .innerJoin(tp, eq(tp.id, sends.techPackId))
    .where(
      and(
        eq(tp.productId, ctx.product.id),
        lt(tp.version, ctx.pack.version),
        inArray(sends.factoryId, p.factoryIds),
        isNotNull(sends.acknowledgedAt),
      ),
    )
    .orderBy(desc(tp.version))
    .limit(1);
  return row ?? null;
};

/** For the team's PDF: the newest older version of the product sent to any facility (what the factory has), or null. */
export const lastSentBefore = async (db: HubDb | HubTx, ctx: PackContext): Promise<number | null> => {
  const [row] = await db
    .select({ stpId: tp.id })
    .from(sends)
    .innerJoin(tp, eq(tp.id, sends.techPackId))
    .where(and(eq(tp.productId, ctx.product.id), lt(tp.version, ctx.pack.version)))
    .orderBy(desc(tp.version))
    .limit(1);
  return row?.stpId ?? null;
};
