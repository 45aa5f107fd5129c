import {
  PRODUCT_MESSAGES,
  PRODUCT_STATUSES,
  type TGradedSpecData,
  type TProduct,
  type TProductCreateRequest,
  type TProductDuplicateRequest,
  type TProductFacets,
  type TProductListQuery,
  type TProductPage,
  type TProductStarters,
  type TProductStatus,
  type TProductStatusCount,
  type TProductVersion,
  type TProductVersionCreateRequest,
  type TProductVersions,
  type TSizingData,
  ZProductCreateRequestSchema,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import { isUniqueViolation } from "../../platform/db-errors";
import { badRequest, conflict, notFound } from "../../platform/errors";
import { orderByFor, searchStored } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { teamOwner } from "../../platform/resource/owners";
import { sendsOf } from "./handoff.service";
import {
  type PackContext,
  type PackRow,
  type ProductRow,
  pr,
  productDetailsOf,
  productFor,
  productScope,
  tp,
} from "./scope";
import { readPart, writeDetails } from "./tech-pack-parts";

const parts = schema.pdTechPackParts;
const teams = schema.teams;
const history = schema.pdTechPackHistory;

const latestPack = sql<
  number | null
>`(select ${tp.id} from ${tp} where ${tp.productId} = ${pr.id} and ${tp.version} = ${pr.latestVersion})`;
const frontImage = sql<
  number | null
>`(select (${parts.data}->'images'->0->>'fileId')::int from ${parts} where ${parts.tab} = 'images' and ${parts.techPackId} = (select ${tp.id} from ${tp} where ${tp.productId} = ${pr.id} and ${tp.version} = ${pr.latestVersion}))`;

const listColumns = {
  product: pr,
  teamName: teams.displayName,
  latestStpId: latestPack,
  frontImageFileId: frontImage,
};

type ListRow = { product: ProductRow; teamName: string; latestStpId: number | null; frontImageFileId: number | null };

export const toProduct = ({ product: r, teamName, latestStpId, frontImageFileId }: ListRow): TProduct => ({
  id: r.id,
  teamId: r.teamId,
  teamName,
  ...productDetailsOf(r),
  latestVersion: r.latestVersion,
  latestStpId: latestStpId === null ? null : Number(latestStpId),
  frontImageFileId: frontImageFileId === null ? null : Number(frontImageFileId),
  createdBy: r.createdBy,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const SORTABLE = {
  code: pr.code,
  name: pr.name,
  status: pr.status,
  season: pr.season,
  collection: pr.collection,
  updatedAt: pr.updatedAt,
  createdAt: pr.createdAt,
};

/** The home page's product links: a tech pack waiting for approval, or one sent to the factory. */
const packFilter = {
  awaitingApproval: sql`exists (select 1 from ${tp} where ${tp.productId} = ${pr.id} and ${tp.approvalState} = 'submitted')`,
  sent: sql`exists (select 1 from ${tp} where ${tp.productId} = ${pr.id} and ${tp.sentToFactoryAt} is not null)`,
};

const filterOf = (p: Principal, q: Omit<TProductListQuery, "page" | "size">, withStatus: boolean): SQL | undefined =>
  and(
    productScope(p),
    q.teamId === undefined ? undefined : eq(pr.teamId, q.teamId),
    withStatus && q.status ? eq(pr.status, q.status) : undefined,
    q.collection ? eq(pr.collection, q.collection) : undefined,
    q.batch ? eq(pr.batch, q.batch) : undefined,
    q.tag ? sql`${q.tag} = any(${pr.tags})` : undefined,
    q.pack ? packFilter[q.pack] : undefined,
    searchStored(q.searchString, pr.searchText),
  );

export const listProducts = async (db: HubDb, p: Principal, q: TProductListQuery): Promise<TProductPage> => {
  const where = filterOf(p, q, true);
  const sort = q.sortBy ? `${q.sortBy},${q.sortDir ?? "asc"}` : q.sort;
  const rows = await db
    .select(listColumns)
    .from(pr)
    .innerJoin(teams, eq(teams.id, pr.teamId))
    .where(where)
    .orderBy(...orderByFor(sort, SORTABLE, ["updatedAt", "desc"], pr.id))
    .limit(q.size)
    .offset(q.page * q.size);
  const [total] = await db.select({ n: count() }).from(pr).where(where);
  return { items: rows.map(toProduct), total: total?.n ?? 0, page: q.page, size: q.size };
};

/** The same rows as the list without paging (CSV export), at most 10,000. */
export const exportProducts = async (db: HubDb, p: Principal, q: TProductListQuery): Promise<TProduct[]> => {
  const sort = q.sortBy ? `${q.sortBy},${q.sortDir ?? "asc"}` : q.sort;
  const rows = await db
    .select(listColumns)
    .from(pr)
    .innerJoin(teams, eq(teams.id, pr.teamId))
    .where(filterOf(p, q, true))
    .orderBy(...orderByFor(sort, SORTABLE, ["updatedAt", "desc"], pr.id))
    .limit(10_000);
  return rows.map(toProduct);
};

export { PRODUCT_CSV_HEADER, productCsvRow } from "./products-csv";

/** statusCount: products per status under the list's other filters. */
export const productStatusCount = async (
  db: HubDb,
  p: Principal,
  q: TProductListQuery,
): Promise<TProductStatusCount> => {
  const rows = await db
    .select({ status: pr.status, n: count() })
    .from(pr)
    .where(filterOf(p, q, false))
    .groupBy(pr.status);
  const counts = Object.fromEntries(PRODUCT_STATUSES.map((s) => [s, 0])) as Record<TProductStatus, number>;
  for (const r of rows) counts[r.status] = r.n;
  return { total: rows.reduce((s, r) => s + r.n, 0), counts };
};

export const productFacets = async (db: HubDb, p: Principal): Promise<TProductFacets> => {
  const scope = productScope(p);
  const distinct = async (column: typeof pr.collection | typeof pr.batch) =>
    (
      await db
        .selectDistinct({ v: column })
        .from(pr)
        .where(and(scope, sql`${column} is not null`))
        .orderBy(asc(column))
        .limit(200)
    )
      .map((r) => r.v)
      .filter((v): v is string => v !== null);
  const tags = await db
    .selectDistinct({ v: sql<string>`unnest(${pr.tags})` })
    .from(pr)
    .where(scope)
    .orderBy(sql`1`)
    .limit(200);
  return { collections: await distinct(pr.collection), batches: await distinct(pr.batch), tags: tags.map((t) => t.v) };
};

export const getProduct = async (db: HubDb | HubTx, p: Principal, productId: number): Promise<TProduct> => {
  const [row] = await db
    .select(listColumns)
    .from(pr)
    .innerJoin(teams, eq(teams.id, pr.teamId))
    .where(and(eq(pr.id, productId), productScope(p)));
  if (!row) throw notFound(PRODUCT_MESSAGES.notFound);
  return toProduct(row);
};

/**
 * The product of a pack the caller was already let into (packFor): as the list shows it, except
 * that a facility sees the version it was sent as the latest one.
 */
export const productOfPack = async (db: HubDb | HubTx, ctx: PackContext): Promise<TProduct> => {
  const [row] = await db
    .select(listColumns)
    .from(pr)
    .innerJoin(teams, eq(teams.id, pr.teamId))
    .where(eq(pr.id, ctx.product.id));
  if (!row) throw notFound(PRODUCT_MESSAGES.notFound);
  const product = toProduct(row);
  if (ctx.viewer === "team") return product;
  const images = (await readPart(db, ctx.pack.id, "images")).images;
  return {
    ...product,
    latestVersion: ctx.pack.version,
    latestStpId: ctx.pack.id,
    frontImageFileId: images[0]?.fileId ?? null,
  };
};

/** One history row for what happened to a tech pack as a whole (created, copied, submitted…). */
export const recordEvent = (tx: HubTx, stpId: number, actor: string, tab: string, field: string, value: string) =>
  tx.insert(history).values({ techPackId: stpId, userName: actor, tab, field, oldValue: null, newValue: value });

const codeTaken = () => conflict(PRODUCT_MESSAGES.codeTaken, { code: PRODUCT_MESSAGES.codeTaken });

type Templates = typeof schema.pdPomTemplates;
type SizeRanges = typeof schema.pdSizeRanges;

/** The team's row `id` of a design-library table (a POM template, a size range); another team's, or none, is `refusal`. */
async function teamRow(
  tx: HubTx,
  t: Templates,
  id: number,
  teamId: number,
  refusal: () => Error,
): Promise<Templates["$inferSelect"]>;
async function teamRow(
  tx: HubTx,
  t: SizeRanges,
  id: number,
  teamId: number,
  refusal: () => Error,
): Promise<SizeRanges["$inferSelect"]>;
async function teamRow(tx: HubTx, t: Templates | SizeRanges, id: number, teamId: number, refusal: () => Error) {
  const [row] = await tx
    .select()
    .from(t)
    .where(and(eq(t.id, id), eq(t.teamId, teamId)));
  if (!row) throw refusal();
  return row;
}

/** Sizing and graded spec from a POM template and/or size range of the product's team. */
const startingParts = async (
  tx: HubTx,
  teamId: number,
  pomTemplateId: number | null | undefined,
  sizeRangeId: number | null | undefined,
): Promise<{ tab: string; data: Record<string, unknown> }[]> => {
  const out: { tab: string; data: Record<string, unknown> }[] = [];
  let rangeId = sizeRangeId ?? null;
  let spec: TGradedSpecData | null = null;
  if (pomTemplateId) {
    const template = await teamRow(tx, schema.pdPomTemplates, pomTemplateId, teamId, () =>
      badRequest("That POM template is not in the team's library.", { pomTemplateId: "Unknown template" }),
    );
    rangeId ??= template.sizeRangeId;
    spec = { unit: template.unit, points: await templatePoints(tx, template.id) };
  }
  if (rangeId) {
    const range = await teamRow(tx, schema.pdSizeRanges, rangeId, teamId, () =>
      badRequest("That size range is not in the team's library.", { sizeRangeId: "Unknown size range" }),
    );
    const sizing: TSizingData = { sizeRangeId: range.id, sizes: range.sizes, baseSize: range.baseSize };
    out.push({ tab: "sizing", data: sizing });
  }
  if (spec) out.push({ tab: "gradedSpec", data: spec });
  return out;
};

/** A POM template's points as graded-spec rows. */
export const templatePoints = async (db: HubDb | HubTx, templateId: number): Promise<TGradedSpecData["points"]> => {
  const pt = schema.pdPomTemplatePoints;
  const rows = await db.select().from(pt).where(eq(pt.templateId, templateId)).orderBy(asc(pt.sortOrder), asc(pt.id));
  return rows.map((r) => ({
    code: r.code,
    description: r.description,
    howToMeasure: r.howToMeasure ?? "",
    baseValue: r.baseValue ?? 0,
    gradeRules: r.gradeRules,
    tolPlus: r.tolPlus,
    tolMinus: r.tolMinus,
    critical: r.critical,
  }));
};

/** A new product and its version 1's tech pack, made by the caller. */
const insertProduct = async (tx: HubTx, p: Principal, values: Omit<typeof pr.$inferInsert, "createdBy">) => {
  const [row] = await tx
    .insert(pr)
    .values({ ...values, createdBy: p.userName })
    .returning({ id: pr.id });
  if (!row) throw new Error("product insert failed");
  const [pack] = await tx
    .insert(tp)
    .values({ productId: row.id, version: 1, createdBy: p.userName })
    .returning({ id: tp.id });
  if (!pack) throw new Error("tech pack insert failed");
  return { productId: row.id, stpId: pack.id };
};

/** A new tech pack's product details: the product's own, as its row now has them. */
const writeProductDetails = async (tx: HubTx, productId: number, stpId: number) => {
  const [created] = await tx.select().from(pr).where(eq(pr.id, productId));
  if (created) await writeDetails(tx, stpId, productDetailsOf(created));
};

export const createProduct = async (
  db: HubDb,
  p: Principal,
  input: TProductCreateRequest,
): Promise<{ product: TProduct; stpId: number }> => {
  const req = ZProductCreateRequestSchema.parse(input);
  try {
    return await db.transaction(async (tx) => {
      const teamId = await teamOwner.resolve(tx, p, req.teamId);
      const { teamId: _t, pomTemplateId, sizeRangeId, ...fields } = req;
      const { productId, stpId } = await insertProduct(tx, p, { ...fields, teamId });
      const start = await startingParts(tx, teamId, pomTemplateId, sizeRangeId);
      if (start.length > 0) await tx.insert(parts).values(start.map((s) => ({ techPackId: stpId, ...s })));
      await writeProductDetails(tx, productId, stpId);
      await recordEvent(tx, stpId, p.userName, "product", "created", `${fields.code} ${fields.name}`);
      await recordAudit(tx, { actor: p.userName, action: "products.create", subject: `products:${productId}` });
      return { product: await getProduct(tx, p, productId), stpId };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
};

/** Copies every tab of one tech pack into another (a new version, a duplicate). */
const copyParts = (tx: HubTx, fromStpId: number, toStpId: number) =>
  tx.execute(
    sql`insert into ${parts} (tech_pack_id, tab, data) select ${toStpId}, tab, data from ${parts} where tech_pack_id = ${fromStpId}`,
  );

const latestPackOf = async (tx: HubTx, product: ProductRow): Promise<PackRow> => {
  const [pack] = await tx
    .select()
    .from(tp)
    .where(and(eq(tp.productId, product.id), eq(tp.version, product.latestVersion)));
  if (!pack) throw notFound("The product's tech pack");
  return pack;
};

export const duplicateProduct = async (
  db: HubDb,
  p: Principal,
  productId: number,
  req: TProductDuplicateRequest,
): Promise<{ product: TProduct; stpId: number }> => {
  try {
    return await db.transaction(async (tx) => {
      const source = await productFor(tx, p, productId);
      const from = await latestPackOf(tx, source);
      const { id: _i, searchText: _s, createdAt: _c, updatedAt: _u, ...fields } = source;
      const { productId: newId, stpId } = await insertProduct(tx, p, {
        ...fields,
        code: req.code,
        name: req.name ?? `${source.name} (copy)`,
        status: "concept",
        latestVersion: 1,
      });
      await copyParts(tx, from.id, stpId);
      // The copy's details are the new product's (its own code, name and status), not the source version's.
      await writeProductDetails(tx, newId, stpId);
      await recordEvent(tx, stpId, p.userName, "product", "duplicated from", `${source.code} v${from.version}`);
      await recordAudit(tx, {
        actor: p.userName,
        action: "products.duplicate",
        subject: `products:${newId}`,
        detail: { from: source.id },
      });
      return { product: await getProduct(tx, p, newId), stpId };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
};

const toVersion = (r: PackRow, latest: number, sends: TProductVersion["sends"] = []): TProductVersion => ({
  version: r.version,
  stpId: r.id,
  approvalState: r.approvalState,
  note: r.note,
  readOnly: r.version !== latest,
  sentToFactoryAt: r.sentToFactoryAt?.toISOString() ?? null,
  sentToFactoryBy: r.sentToFactoryBy,
  sends,
  createdBy: r.createdBy,
  createdAt: r.createdAt.toISOString(),
});

export const productVersions = async (db: HubDb, p: Principal, productId: number): Promise<TProductVersions> => {
  const product = await getProduct(db, p, productId);
  const rows = await db.select().from(tp).where(eq(tp.productId, productId)).orderBy(desc(tp.version));
  const sent = await sendsOf(
    db,
    rows.map((r) => r.id),
  );
  return { product, versions: rows.map((r) => toVersion(r, product.latestVersion, sent.get(r.id))) };
};

/** A new version: the latest tech pack copied; the one before stays readable. */
export const createVersion = async (
  db: HubDb,
  p: Principal,
  productId: number,
  req: TProductVersionCreateRequest,
): Promise<TProductVersion> =>
  db.transaction(async (tx) => {
    const product = await productFor(tx, p, productId);
    // Moving latest_version on first locks the product: two new versions at once queue up.
    const [moved] = await tx
      .update(pr)
      .set({ latestVersion: sql`${pr.latestVersion} + 1`, updatedAt: new Date() })
      .where(eq(pr.id, product.id))
      .returning({ latest: pr.latestVersion });
    if (!moved) throw notFound(PRODUCT_MESSAGES.notFound);
    const [from] = await tx
      .select()
      .from(tp)
      .where(and(eq(tp.productId, product.id), eq(tp.version, moved.latest - 1)));
    if (!from) throw notFound("The product's tech pack");
    const [pack] = await tx
      .insert(tp)
      .values({ productId: product.id, version: moved.latest, note: req.note ?? null, createdBy: p.userName })
      .returning();
    if (!pack) throw new Error("tech pack insert failed");
    await copyParts(tx, from.id, pack.id);
    await recordEvent(tx, pack.id, p.userName, "product", "version", `v${moved.latest} from v${from.version}`);
    await recordAudit(tx, {
      actor: p.userName,
      action: "products.version",
      subject: `products:${product.id}`,
      detail: { version: moved.latest },
    });
    return toVersion(pack, moved.latest);
  });

export const deleteProduct = async (db: HubDb, p: Principal, productId: number): Promise<void> => {
  await db.transaction(async (tx) => {
    const product = await productFor(tx, p, productId);
    await tx.delete(pr).where(eq(pr.id, product.id));
    await recordAudit(tx, {
      actor: p.userName,
      action: "products.delete",
      subject: `products:${product.id}`,
      detail: { code: product.code },
    });
  });
};

/** The caller's teams and their POM templates and size ranges, to start a product from. */
export const productStarters = async (db: HubDb, p: Principal): Promise<TProductStarters> => {
  const scope = (column: typeof teams.id) => teamOwner.read(p, column);
  const teamRows = await db
    .select({ id: teams.id, name: teams.displayName })
    .from(teams)
    .where(scope(teams.id))
    .orderBy(asc(teams.displayName))
    .limit(200);
  const ids = teamRows.map((t) => t.id);
  if (ids.length === 0) return { teams: [], templates: [], sizeRanges: [] };
  const t = schema.pdPomTemplates;
  const r = schema.pdSizeRanges;
  const templates = await db
    .select({ id: t.id, teamId: t.teamId, name: t.name, sizeRangeId: t.sizeRangeId })
    .from(t)
    .where(and(inArray(t.teamId, ids), eq(t.archived, false)))
    .orderBy(asc(t.name));
  const sizeRanges = await db
    .select({ id: r.id, teamId: r.teamId, name: r.name, sizes: r.sizes })
    .from(r)
    .where(and(inArray(r.teamId, ids), eq(r.archived, false)))
    .orderBy(asc(r.name));
  return { teams: teamRows, templates, sizeRanges };
};
