import type { TStyleMarkerRequest, TStyleRequest } from "@hub/contracts";
import { styleMarkersApi, stylesApi } from "@hub/contracts/library/resources-api";
import { schema } from "@hub/db";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { badRequest } from "../../../platform/errors";
import type { Principal } from "../../../platform/principal";
import type { LibraryResource } from "../resource";
import { col, ensureRefs } from "../scope";

const s = schema.styles;
const sc = schema.styleClients;
const so = schema.styleOptions;
const c = schema.clients;
const mk = schema.styleMarkers;

/**
 * Which styles a client user sees: those of the facility that serves its client, offered to all
 * of that facility's clients or to its client by name, and not archived.
 */
export const clientStyleScope = (
  p: Principal,
  styleId: typeof s.id = s.id,
  factoryId: typeof s.factoryId = s.factoryId,
): SQL => {
  if (p.clientId === null) return sql`false`;
  return sql`(${col(factoryId)} = (select ${col(c.factoryId)} from ${c} where ${col(c.clientId)} = ${p.clientId})
    and exists (select 1 from ${s} s2 where s2.id = ${col(styleId)} and s2.archived = false
      and (s2.offered_to_all or exists (select 1 from ${sc} where ${col(sc.styleId)} = ${col(styleId)} and ${col(sc.clientId)} = ${p.clientId}))))`;
};

const optionCount = sql<number>`(select count(*)::int from ${so} where ${col(so.styleId)} = ${col(s.id)})`;

export const stylesResource: LibraryResource<TStyleRequest> = {
  api: stylesApi,
  noun: "style",
  table: s,
  columns: {
    id: s.id,
    factoryId: s.factoryId,
    archived: s.archived,
    updatedAt: s.updatedAt,
    code: s.code,
    name: s.name,
    category: s.category,
    description: s.description,
    basePriceCents: s.basePriceCents,
    offeredToAll: s.offeredToAll,
    imageUrl: s.imageUrl,
    optionCount: optionCount.as("option_count"),
  },
  label: sql`${s.code} || ' · ' || ${s.name}`,
  // Not by option count: on a large library that would count the options of every style for each page.
  sortable: {
    code: s.code,
    name: s.name,
    category: s.category,
    basePriceCents: s.basePriceCents,
    updatedAt: s.updatedAt,
  },
  defaultSort: ["code", "asc"],
  search: [s.code, s.name, s.category],
  searchText: s.searchText,
  readScope: (p) => clientStyleScope(p),
  values: async (_tx, req) => ({
    code: req.code,
    name: req.name,
    category: req.category,
    description: req.description,
    basePriceCents: req.basePriceCents,
    offeredToAll: req.offeredToAll,
    imageUrl: req.imageUrl,
  }),
  links: async (tx, id, req, factoryId) => {
    const ids = [...new Set(req.clientIds)];
    if (ids.length > 0) {
      const served = await tx
        .select({ id: c.clientId })
        .from(c)
        .where(and(inArray(c.clientId, ids), eq(c.factoryId, factoryId)));
      if (served.length !== ids.length) {
        throw badRequest("A style can be offered only to clients this facility serves.", {
          clientIds: "Not a client of this facility",
        });
      }
    }
    await tx.delete(sc).where(eq(sc.styleId, id));
    if (ids.length > 0) await tx.insert(sc).values(ids.map((clientId) => ({ styleId: id, clientId })));
  },
  unique: [{ field: "code", column: s.code, message: "This style code is already used" }],
  detail: async (db, row) => {
    const clients = await db
      .select({ id: c.clientId, label: c.clientName })
      .from(sc)
      .innerJoin(c, eq(c.clientId, sc.clientId))
      .where(eq(sc.styleId, Number(row.id)))
      .orderBy(asc(c.clientName));
    return { clients, clientIds: clients.map((x) => x.id) };
  },
  usedBy: async (db, id) => {
    const [map] = await db
      .select({ name: schema.skuMaps.name })
      .from(schema.skuMaps)
      .where(eq(schema.skuMaps.styleId, id))
      .limit(1);
    return map ? `This style is used by the sku map "${map.name}". Archive the style instead.` : null;
  },
  csv: [
    { header: "code", value: (r) => r.code },
    { header: "name", value: (r) => r.name },
    { header: "category", value: (r) => r.category },
    { header: "basePrice", value: (r) => (Number(r.basePriceCents) / 100).toFixed(2) },
    { header: "options", value: (r) => r.optionCount },
    { header: "offeredToAll", value: (r) => r.offeredToAll },
    { header: "description", value: (r) => r.description },
    { header: "archived", value: (r) => r.archived },
  ],
};

export const styleMarkersResource: LibraryResource<TStyleMarkerRequest> = {
  api: styleMarkersApi,
  noun: "marker",
  table: mk,
  columns: {
    id: mk.id,
    factoryId: mk.factoryId,
    archived: sql<boolean>`false`.as("archived"),
    updatedAt: mk.updatedAt,
    styleId: mk.styleId,
    styleCode: s.code,
    styleName: s.name,
    name: mk.name,
    sizeRange: mk.sizeRange,
    lengthInches: mk.lengthInches,
    widthInches: mk.widthInches,
    efficiencyPct: mk.efficiencyPct,
  },
  joins: (q) => q.innerJoin(s, eq(s.id, mk.styleId)),
  label: sql`${mk.name} || ' (' || ${mk.sizeRange} || ')'`,
  sortable: {
    styleCode: s.code,
    name: mk.name,
    sizeRange: mk.sizeRange,
    lengthInches: mk.lengthInches,
    efficiencyPct: mk.efficiencyPct,
    updatedAt: mk.updatedAt,
  },
  defaultSort: ["styleCode", "asc"],
  search: [mk.name, mk.sizeRange, s.code, s.name],
  values: async (tx, req, factoryId) => {
    await ensureRefs(tx, s, [req.styleId], factoryId, "styleId", "Style");
    return {
      styleId: req.styleId,
      name: req.name,
      sizeRange: req.sizeRange,
      lengthInches: req.lengthInches,
      widthInches: req.widthInches,
      efficiencyPct: req.efficiencyPct,
    };
  },
  unique: [
    {
      field: "name",
      column: mk.name,
      message: "This style already has a marker of this name",
      extra: (req) => eq(mk.styleId, Number(req.styleId)),
    },
  ],
  csv: [
    { header: "style", value: (r) => r.styleCode },
    { header: "name", value: (r) => r.name },
    { header: "sizeRange", value: (r) => r.sizeRange },
    { header: "lengthInches", value: (r) => r.lengthInches },
    { header: "widthInches", value: (r) => r.widthInches },
    { header: "efficiencyPct", value: (r) => r.efficiencyPct },
  ],
};
