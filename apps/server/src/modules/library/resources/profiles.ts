import type { TAttributeProfileRequest, TInstructionProfileRequest, TPartProfileRequest } from "@hub/contracts";
import { attributeProfilesApi, instructionProfilesApi, partProfilesApi } from "@hub/contracts/library/resources-api";
import { schema } from "@hub/db";
import { asc, eq, sql } from "drizzle-orm";
import type { LibraryResource } from "../resource";
import { col, ensureRefs } from "../scope";

const ap = schema.attributeProfiles;
const apa = schema.attributeProfileAttributes;
const aps = schema.attributeProfileStyles;
const pp = schema.partProfiles;
const ppp = schema.partProfileParts;
const ip = schema.instructionProfiles;
const ips = schema.instructionProfileSteps;
const a = schema.attributes;
const s = schema.styles;
const part = schema.parts;
const ins = schema.instructions;

const baseColumns = (t: typeof ap | typeof pp | typeof ip) => ({
  id: t.id,
  factoryId: t.factoryId,
  archived: sql<boolean>`false`.as("archived"),
  updatedAt: t.updatedAt,
  name: t.name,
  description: t.description,
});

const apMembers = sql<number>`(select count(*)::int from ${apa} where ${col(apa.profileId)} = ${col(ap.id)})`;
const apStyles = sql<number>`(select count(*)::int from ${aps} where ${col(aps.profileId)} = ${col(ap.id)})`;

/** Attribute profiles: a named set of attributes (a size run, a colour card) linked to styles. */
export const attributeProfilesResource: LibraryResource<TAttributeProfileRequest> = {
  api: attributeProfilesApi,
  noun: "attribute profile",
  table: ap,
  columns: { ...baseColumns(ap), memberCount: apMembers.as("member_count"), styleCount: apStyles.as("style_count") },
  label: sql`${ap.name}`,
  sortable: { name: ap.name, memberCount: apMembers, styleCount: apStyles, updatedAt: ap.updatedAt },
  defaultSort: ["name", "asc"],
  search: [ap.name, ap.description],
  values: async (_tx, req) => ({ name: req.name, description: req.description }),
  links: async (tx, id, req, factoryId) => {
    await ensureRefs(tx, a, req.attributeIds, factoryId, "attributeIds", "Attribute");
    await ensureRefs(tx, s, req.styleIds, factoryId, "styleIds", "Style");
    await tx.delete(apa).where(eq(apa.profileId, id));
    await tx.delete(aps).where(eq(aps.profileId, id));
    const attrs = [...new Set(req.attributeIds)];
    const styles = [...new Set(req.styleIds)];
    if (attrs.length > 0) await tx.insert(apa).values(attrs.map((attributeId) => ({ profileId: id, attributeId })));
    if (styles.length > 0) await tx.insert(aps).values(styles.map((styleId) => ({ profileId: id, styleId })));
  },
  unique: [{ field: "name", column: ap.name, message: "This name is already used by another attribute profile" }],
  detail: async (db, row) => {
    const id = Number(row.id);
    const attributes = await db
      .select({ id: a.id, label: sql<string>`${a.name} || ' (' || ${a.code} || ')'` })
      .from(apa)
      .innerJoin(a, eq(a.id, apa.attributeId))
      .where(eq(apa.profileId, id))
      .orderBy(asc(a.sortOrder), asc(a.code));
    const styles = await db
      .select({ id: s.id, label: sql<string>`${s.code} || ' · ' || ${s.name}` })
      .from(aps)
      .innerJoin(s, eq(s.id, aps.styleId))
      .where(eq(aps.profileId, id))
      .orderBy(asc(s.code));
    return { attributes, styles, attributeIds: attributes.map((x) => x.id), styleIds: styles.map((x) => x.id) };
  },
  csv: [
    { header: "name", value: (r) => r.name },
    { header: "description", value: (r) => r.description },
    { header: "attributes", value: (r) => r.memberCount },
    { header: "styles", value: (r) => r.styleCount },
  ],
};

const ppMembers = sql<number>`(select count(*)::int from ${ppp} where ${col(ppp.profileId)} = ${col(pp.id)})`;

/** Part profiles: the trims that go together (hoodie trims: zip, drawcord, main label). */
export const partProfilesResource: LibraryResource<TPartProfileRequest> = {
  api: partProfilesApi,
  noun: "part profile",
  table: pp,
  columns: { ...baseColumns(pp), memberCount: ppMembers.as("member_count") },
  label: sql`${pp.name}`,
  sortable: { name: pp.name, memberCount: ppMembers, updatedAt: pp.updatedAt },
  defaultSort: ["name", "asc"],
  search: [pp.name, pp.description],
  values: async (_tx, req) => ({ name: req.name, description: req.description }),
  links: async (tx, id, req, factoryId) => {
    await ensureRefs(
      tx,
      part,
      req.parts.map((x) => x.partId),
      factoryId,
      "parts",
      "Part",
    );
    await tx.delete(ppp).where(eq(ppp.profileId, id));
    if (req.parts.length > 0)
      await tx.insert(ppp).values(req.parts.map((x) => ({ profileId: id, partId: x.partId, quantity: x.quantity })));
  },
  unique: [{ field: "name", column: pp.name, message: "This name is already used by another part profile" }],
  detail: async (db, row) => ({
    parts: await db
      .select({
        partId: part.id,
        label: sql<string>`${part.partCode} || ' · ' || ${part.name}`,
        quantity: ppp.quantity,
      })
      .from(ppp)
      .innerJoin(part, eq(part.id, ppp.partId))
      .where(eq(ppp.profileId, Number(row.id)))
      .orderBy(asc(part.partCode)),
  }),
  csv: [
    { header: "name", value: (r) => r.name },
    { header: "description", value: (r) => r.description },
    { header: "parts", value: (r) => r.memberCount },
  ],
};

const ipMembers = sql<number>`(select count(*)::int from ${ips} where ${col(ips.profileId)} = ${col(ip.id)})`;

/** Instruction profiles: the construction steps a kind of garment shares, in order. */
export const instructionProfilesResource: LibraryResource<TInstructionProfileRequest> = {
  api: instructionProfilesApi,
  noun: "instruction profile",
  table: ip,
  columns: { ...baseColumns(ip), memberCount: ipMembers.as("member_count") },
  label: sql`${ip.name}`,
  sortable: { name: ip.name, memberCount: ipMembers, updatedAt: ip.updatedAt },
  defaultSort: ["name", "asc"],
  search: [ip.name, ip.description],
  values: async (_tx, req) => ({ name: req.name, description: req.description }),
  links: async (tx, id, req, factoryId) => {
    await ensureRefs(tx, ins, req.instructionIds, factoryId, "instructionIds", "Instruction");
    await tx.delete(ips).where(eq(ips.profileId, id));
    if (req.instructionIds.length > 0) {
      await tx
        .insert(ips)
        .values(req.instructionIds.map((instructionId, n) => ({ profileId: id, step: n + 1, instructionId })));
    }
  },
  unique: [{ field: "name", column: ip.name, message: "This name is already used by another instruction profile" }],
  detail: async (db, row) => {
    const instructions = await db
      .select({ id: ins.id, label: sql<string>`${ins.code} || ' · ' || ${ins.name}` })
      .from(ips)
      .innerJoin(ins, eq(ins.id, ips.instructionId))
      .where(eq(ips.profileId, Number(row.id)))
      .orderBy(asc(ips.step));
    return { instructions, instructionIds: instructions.map((x) => x.id) };
  },
  csv: [
    { header: "name", value: (r) => r.name },
    { header: "description", value: (r) => r.description },
    { header: "steps", value: (r) => r.memberCount },
  ],
};
