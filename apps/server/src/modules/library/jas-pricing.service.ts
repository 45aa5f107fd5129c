import {
  PRICE_LIST_CSV_HEADER,
  parseSort,
  type TPriceListPage,
  type TPriceListQuery,
  type TPriceListStyle,
} from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq } from "drizzle-orm";
import { badRequest, notFound } from "../../platform/errors";
import { loadPdfKit, type PdfFile, renderPdf } from "../../platform/pdf";
import type { Principal } from "../../platform/principal";
import { tenantScope } from "../../platform/tenant-scope";
import { priceSheet } from "./jas-pricing-pdf";
import { readPricings, styles } from "./styles/composition-read";

/**
 * JAS Pricing (/jasPricing, issue 18): a client's price list, read as the client itself reads the
 * library (the styles offered to it, through the styles resource's scope) with `readPricings`, the
 * read order entry prices lines from; so the list's prices are the quote's. A client user sees its
 * own client's; a facility user names a client it serves; an internal admin any (or the session
 * client). Another's client answers 404.
 */

const c = schema.clients;
const PRICE_SORTS = ["styleCode", "styleName", "basePriceCents"] as const;

/** A principal that reads the library as a client does (styles offered to it, no costs). */
const asClient = (clientId: number): Principal => ({
  userId: 0,
  userName: "price-list",
  userType: "client",
  isSuperadmin: false,
  isInternal: false,
  isFacility: false,
  roles: [],
  cards: new Set(),
  clientId,
  isClientAdmin: false,
  planLevel: null,
  factoryIds: [],
  sessionClientId: null,
});

const clientFor = async (db: HubDb, p: Principal, requested: number | undefined) => {
  const clientId = p.isInternal ? (requested ?? p.sessionClientId) : p.isFacility ? requested : (p.clientId ?? null);
  if (!p.isInternal && !p.isFacility && requested !== undefined && requested !== p.clientId)
    throw notFound("That client");
  if (clientId === null || clientId === undefined) {
    throw badRequest("Choose a client", { clientId: "Choose a client" });
  }
  const [row] = await db
    .select({ clientId: c.clientId, clientName: c.clientName })
    .from(c)
    .where(and(eq(c.clientId, clientId), tenantScope(p, { clientId: c.clientId })));
  if (!row) throw notFound("That client");
  return row;
};

/** Every style the client is offered, priced, searched and sorted (a client is offered tens, not thousands). */
const priceList = async (db: HubDb, p: Principal, q: TPriceListQuery) => {
  const sort = parseSort(q.sort) ?? { field: "styleCode", dir: "asc" as const };
  if (!(PRICE_SORTS as readonly string[]).includes(sort.field)) {
    throw badRequest(`Sort by one of ${PRICE_SORTS.join(", ")}`, { sort: "Unknown sort field" });
  }
  const client = await clientFor(db, p, q.clientId);
  const viewer = asClient(client.clientId);
  const t = schema.styles;
  const offered = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.archived, false), styles.scopeOf(viewer)));
  const pricings = await readPricings(
    db,
    viewer,
    offered.map((r) => r.id),
  );
  const words = (q.searchString ?? "").toLowerCase();
  const rows: TPriceListStyle[] = [...pricings.values()]
    .filter((s) => !words || `${s.styleCode} ${s.styleName}`.toLowerCase().includes(words))
    .map((s) => ({
      styleId: s.styleId,
      styleCode: s.styleCode,
      styleName: s.styleName,
      basePriceCents: s.basePriceCents,
      priceTiers: [...s.priceTiers].sort((a, b) => a.minQuantity - b.minQuantity),
      options: s.options.map((o) => ({
        optionId: o.optionId,
        code: o.code,
        name: o.name,
        attributes: o.attributes.map((a) => ({
          attributeId: a.attributeId,
          code: a.code,
          name: a.name,
          upchargeCents: a.upchargeCents,
        })),
      })),
    }));
  const key = sort.field as (typeof PRICE_SORTS)[number];
  const dir = sort.dir === "asc" ? 1 : -1;
  rows.sort((a, b) => {
    const x = a[key];
    const y = b[key];
    const cmp = typeof x === "string" && typeof y === "string" ? x.localeCompare(y) : Number(x) - Number(y);
    return cmp * dir || a.styleId - b.styleId;
  });
  return { client, rows };
};

export const listPriceList = async (db: HubDb, p: Principal, q: TPriceListQuery): Promise<TPriceListPage> => {
  const { client, rows } = await priceList(db, p, q);
  return {
    ...client,
    items: rows.slice(q.page * q.size, (q.page + 1) * q.size),
    total: rows.length,
    page: q.page,
    size: q.size,
  };
};

export { PRICE_LIST_CSV_HEADER };

/** One row per price: the base price and each quantity break, then each attribute's upcharge. */
export const exportPriceList = async (db: HubDb, p: Principal, q: TPriceListQuery) => {
  const { client, rows } = await priceList(db, p, q);
  const out: unknown[][] = [];
  for (const s of rows) {
    out.push([s.styleCode, s.styleName, "tier", 1, null, null, null, s.basePriceCents]);
    for (const t of s.priceTiers) {
      if (t.minQuantity > 1)
        out.push([s.styleCode, s.styleName, "tier", t.minQuantity, null, null, null, t.unitPriceCents]);
    }
    for (const o of s.options) {
      for (const a of o.attributes)
        out.push([s.styleCode, s.styleName, "upcharge", null, o.name, a.code, a.name, a.upchargeCents]);
    }
  }
  return { fileName: `price-list-${client.clientName.replace(/[^A-Za-z0-9]+/g, "-")}.csv`, rows: out };
};

/** The price sheet PDF of a client's list. */
export const priceSheetPdf = async (db: HubDb, p: Principal, q: TPriceListQuery): Promise<PdfFile> => {
  const { client, rows } = await priceList(db, p, q);
  const kit = await loadPdfKit();
  return {
    bytes: await renderPdf(kit, priceSheet(kit, client.clientName, rows)),
    fileName: `price-sheet-${client.clientName.replace(/[^A-Za-z0-9]+/g, "-")}.pdf`,
  };
};
