import type { TApplyProfileRequest, TStyleComposition, TStyleCompositionRequest } from "@hub/contracts";
import { compositionToRequest, STYLE_TAB_LABELS } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { recordAudit } from "../../../platform/audit";
import { allQueries } from "../../../platform/database";
import { badRequest, notFound } from "../../../platform/errors";
import type { Principal } from "../../../platform/principal";
import { touchTabVersion } from "../../../platform/tab-versions";
import { libraryService } from "../resource";
import { stylesResource } from "../resources/styles";

/**
 * A style's composition (issue 4): price tiers, offered options and attributes with upcharges,
 * fabrics, parts and ordered construction steps. Read whole, replaced whole in one transaction.
 */

const s = schema.styles;
const tiersT = schema.stylePriceTiers;
const so = schema.styleOptions;
const soa = schema.styleOptionAttributes;
const sf = schema.styleFabrics;
const sp = schema.styleParts;
const si = schema.styleInstructions;
const o = schema.options;
const a = schema.attributes;
const f = schema.fabrics;
const pt = schema.parts;
const ins = schema.instructions;
const m = schema.machines;

export const styles = libraryService(stylesResource);

type Db = HubDb | HubTx;
const isEditor = (p: Principal) => p.isInternal || p.isFacility;

/** The style row a caller may see (404 otherwise): client users only styles offered to them. */
export const styleFor = async (db: Db, p: Principal, styleId: number) => {
  const row = await styles.getRow(db, p, styleId);
  return {
    id: Number(row.id),
    factoryId: Number(row.factoryId),
    code: String(row.code),
    name: String(row.name),
    basePriceCents: Number(row.basePriceCents),
  };
};

/** The composition of a style; costs and the labour rate only for the facility and internal users. */
export const readComposition = async (db: Db, p: Principal, styleId: number): Promise<TStyleComposition> => {
  const style = await styleFor(db, p, styleId);
  const editor = isEditor(p);
  const [tiers, opts, attrs, fabrics, parts, steps, factory] = await allQueries(db, [
    db
      .select({ minQuantity: tiersT.minQuantity, unitPriceCents: tiersT.unitPriceCents })
      .from(tiersT)
      .where(eq(tiersT.styleId, styleId))
      .orderBy(asc(tiersT.minQuantity)),
    db
      .select({ optionId: so.optionId, code: o.code, name: o.name })
      .from(so)
      .innerJoin(o, eq(o.id, so.optionId))
      .where(eq(so.styleId, styleId))
      .orderBy(asc(so.sortOrder), asc(o.id)),
    db
      .select({
        optionId: soa.optionId,
        attributeId: soa.attributeId,
        code: a.code,
        name: a.name,
        hexColor: a.hexColor,
        upchargeCents: soa.upchargeCents,
      })
      .from(soa)
      .innerJoin(a, eq(a.id, soa.attributeId))
      .where(eq(soa.styleId, styleId))
      .orderBy(asc(soa.sortOrder), asc(a.id)),
    db
      .select({
        fabricId: sf.fabricId,
        code: f.fabricCode,
        name: f.fabricName,
        unit: f.unit,
        costCents: f.costCents,
        outOfStock: f.outOfStock,
        attributeId: sf.attributeId,
        attributeName: a.name,
        placement: sf.placement,
        consumption: sf.consumption,
      })
      .from(sf)
      .innerJoin(f, eq(f.id, sf.fabricId))
      .leftJoin(a, eq(a.id, sf.attributeId))
      .where(eq(sf.styleId, styleId))
      .orderBy(asc(sf.id)),
    db
      .select({
        partId: sp.partId,
        code: pt.partCode,
        name: pt.name,
        unit: pt.unit,
        costCents: pt.costCents,
        outOfStock: pt.outOfStock,
        attributeId: sp.attributeId,
        attributeName: a.name,
        quantity: sp.quantity,
      })
      .from(sp)
      .innerJoin(pt, eq(pt.id, sp.partId))
      .leftJoin(a, eq(a.id, sp.attributeId))
      .where(eq(sp.styleId, styleId))
      .orderBy(asc(sp.id)),
    db
      .select({
        step: si.step,
        instructionId: si.instructionId,
        code: ins.code,
        name: ins.name,
        machineId: si.machineId,
        machineName: m.name,
        standardMinutes: ins.standardMinutes,
      })
      .from(si)
      .innerJoin(ins, eq(ins.id, si.instructionId))
      .leftJoin(m, sql`${m.id} = coalesce(${si.machineId}, ${ins.machineId})`)
      .where(eq(si.styleId, styleId))
      .orderBy(asc(si.step)),
    db
      .select({ rate: schema.factories.labourCentsPerMinute })
      .from(schema.factories)
      .where(eq(schema.factories.factoryId, style.factoryId)),
  ]);
  return {
    styleId: style.id,
    styleCode: style.code,
    styleName: style.name,
    basePriceCents: style.basePriceCents,
    labourCentsPerMinute: editor ? (factory[0]?.rate ?? 0) : null,
    priceTiers: tiers,
    options: opts.map((opt) => ({
      ...opt,
      attributes: attrs.filter((x) => x.optionId === opt.optionId).map(({ optionId: _o, ...rest }) => rest),
    })),
    fabrics: fabrics.map((x) => ({ ...x, consumption: Number(x.consumption), costCents: editor ? x.costCents : null })),
    parts: parts.map((x) => ({ ...x, quantity: Number(x.quantity), costCents: editor ? x.costCents : null })),
    instructions: steps.map((x) => ({
      ...x,
      standardMinutes: x.standardMinutes === null ? null : Number(x.standardMinutes),
    })),
  };
};

type Ref = { id: number; field: string };

/** Which of `refs` are rows of the facility: every unknown one becomes a field error. */
const checkRefs = async (
  tx: Db,
  table: PgTable & { id: PgColumn; factoryId: PgColumn },
  refs: Ref[],
  factoryId: number,
  message: string,
  fields: Record<string, string>,
): Promise<void> => {
  const ids = [...new Set(refs.map((r) => r.id))];
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, ids), eq(table.factoryId, factoryId)));
  const known = new Set(found.map((r) => Number(r.id)));
  for (const r of refs) if (!known.has(r.id) && !fields[r.field]) fields[r.field] = message;
};

/** Checks a composition against the facility's library; answers the field errors (none: valid). */
const validate = async (tx: Db, req: TStyleCompositionRequest, factoryId: number): Promise<Record<string, string>> => {
  const fields: Record<string, string> = {};
  await checkRefs(
    tx,
    o,
    req.options.map((x, i) => ({ id: x.optionId, field: `options.${i}.optionId` })),
    factoryId,
    "Unknown option",
    fields,
  );
  await checkRefs(
    tx,
    a,
    req.options.flatMap((x, i) =>
      x.attributes.map((y, j) => ({ id: y.attributeId, field: `options.${i}.attributes.${j}.attributeId` })),
    ),
    factoryId,
    "Unknown attribute",
    fields,
  );
  await checkRefs(
    tx,
    f,
    req.fabrics.map((x, i) => ({ id: x.fabricId, field: `fabrics.${i}.fabricId` })),
    factoryId,
    "Unknown fabric",
    fields,
  );
  await checkRefs(
    tx,
    pt,
    req.parts.map((x, i) => ({ id: x.partId, field: `parts.${i}.partId` })),
    factoryId,
    "Unknown part",
    fields,
  );
  await checkRefs(
    tx,
    ins,
    req.instructions.map((x, i) => ({ id: x.instructionId, field: `instructions.${i}.instructionId` })),
    factoryId,
    "Unknown instruction",
    fields,
  );
  await checkRefs(
    tx,
    m,
    req.instructions.flatMap((x, i) =>
      x.machineId === null ? [] : [{ id: x.machineId, field: `instructions.${i}.machineId` }],
    ),
    factoryId,
    "Unknown machine",
    fields,
  );

  // Each attribute must be a value of the option it is offered under (option-attribute links).
  const optionIds = req.options.map((x) => x.optionId);
  if (optionIds.length > 0) {
    const links = await tx
      .select({ optionId: schema.optionAttributes.optionId, attributeId: schema.optionAttributes.attributeId })
      .from(schema.optionAttributes)
      .where(inArray(schema.optionAttributes.optionId, optionIds));
    const linked = new Set(links.map((l) => `${l.optionId}:${l.attributeId}`));
    const names = await tx.select({ id: o.id, name: o.name }).from(o).where(inArray(o.id, optionIds));
    const nameOf = new Map(names.map((n) => [n.id, n.name]));
    req.options.forEach((opt, i) => {
      opt.attributes.forEach((attr, j) => {
        const field = `options.${i}.attributes.${j}.attributeId`;
        if (!fields[field] && !linked.has(`${opt.optionId}:${attr.attributeId}`)) {
          fields[field] = `Not a value of ${nameOf.get(opt.optionId) ?? "this option"}`;
        }
      });
    });
  }

  // A fabric or part tied to an attribute needs one the style offers.
  const offered = new Set(req.options.flatMap((x) => x.attributes.map((y) => y.attributeId)));
  req.fabrics.forEach((x, i) => {
    if (x.attributeId !== null && !offered.has(x.attributeId))
      fields[`fabrics.${i}.attributeId`] ??= "Choose one of the style's attributes";
  });
  req.parts.forEach((x, i) => {
    if (x.attributeId !== null && !offered.has(x.attributeId))
      fields[`parts.${i}.attributeId`] ??= "Choose one of the style's attributes";
  });
  return fields;
};

/** The composition's request keys each workspace tab saves. */
export type StyleSection = "pricing" | "options" | "materials" | "steps";
const SECTION_KEYS = {
  pricing: ["priceTiers"],
  options: ["options"],
  materials: ["fabrics", "parts"],
  steps: ["instructions"],
} as const satisfies Record<StyleSection, readonly (keyof TStyleCompositionRequest)[]>;
const SECTIONS = Object.keys(SECTION_KEYS) as StyleSection[];
const sectionOf = (field: string): StyleSection | undefined =>
  SECTIONS.find((sec) => SECTION_KEYS[sec].some((key) => field === key || field.startsWith(`${key}.`)));

/** The record kind of a style's tab versions (record_tab_versions.kind). */
export const STYLE_TAB_KIND = "style";

/**
 * Validates the whole composition `req` and throws a 400 when it is not valid. Saving one tab
 * (`only`), errors in another tab's rows (a fabric tied to an attribute the Options tab just
 * removed) cannot be fixed on this one, so they are named in the message with their tab instead.
 */
const validateOrThrow = async (tx: Db, req: TStyleCompositionRequest, factoryId: number, only?: StyleSection) => {
  const all = await validate(tx, req, factoryId);
  const fields: Record<string, string> = {};
  const elsewhere: string[] = [];
  for (const [field, message] of Object.entries(all)) {
    const section = sectionOf(field);
    if (!only || section === only) fields[field] = message;
    else elsewhere.push(`${field} on the ${STYLE_TAB_LABELS[section ?? only]} tab: ${message}`);
  }
  const first = Object.entries(fields)[0];
  if (first) {
    const count = Object.keys(fields).length;
    throw badRequest(`${first[0]}: ${first[1]}${count > 1 ? ` (and ${count - 1} more)` : ""}`, fields);
  }
  if (elsewhere.length > 0)
    throw badRequest(`This change does not fit the rest of the style: ${elsewhere.join("; ")}. Change that first.`);
};

/** Replaces the rows of one section of the style inside `tx` (already validated). */
const replaceRows = async (
  tx: HubTx,
  styleId: number,
  section: StyleSection,
  req: TStyleCompositionRequest,
): Promise<void> => {
  if (section === "pricing") {
    await tx.delete(tiersT).where(eq(tiersT.styleId, styleId));
    if (req.priceTiers.length > 0) await tx.insert(tiersT).values(req.priceTiers.map((t) => ({ styleId, ...t })));
  } else if (section === "options") {
    await tx.delete(soa).where(eq(soa.styleId, styleId));
    await tx.delete(so).where(eq(so.styleId, styleId));
    if (req.options.length > 0) {
      await tx.insert(so).values(req.options.map((x, i) => ({ styleId, optionId: x.optionId, sortOrder: i })));
      const rows = req.options.flatMap((x) =>
        x.attributes.map((y, j) => ({
          styleId,
          optionId: x.optionId,
          attributeId: y.attributeId,
          upchargeCents: y.upchargeCents,
          sortOrder: j,
        })),
      );
      if (rows.length > 0) await tx.insert(soa).values(rows);
    }
  } else if (section === "materials") {
    await tx.delete(sf).where(eq(sf.styleId, styleId));
    await tx.delete(sp).where(eq(sp.styleId, styleId));
    if (req.fabrics.length > 0) await tx.insert(sf).values(req.fabrics.map((x) => ({ styleId, ...x })));
    if (req.parts.length > 0) await tx.insert(sp).values(req.parts.map((x) => ({ styleId, ...x })));
  } else {
    await tx.delete(si).where(eq(si.styleId, styleId));
    if (req.instructions.length > 0) {
      await tx.insert(si).values(
        req.instructions.map((x, i) => ({
          styleId,
          step: i + 1,
          instructionId: x.instructionId,
          machineId: x.machineId,
        })),
      );
    }
  }
};

/**
 * Replaces every composition row of the style inside `tx` (validated first; nothing written when
 * invalid) and moves every composition tab's version on, so tabs open on the old rows cannot save
 * over them.
 */
const writeComposition = async (
  tx: HubTx,
  p: Principal,
  styleId: number,
  factoryId: number,
  req: TStyleCompositionRequest,
  sections: readonly StyleSection[] = SECTIONS,
): Promise<void> => {
  await validateOrThrow(tx, req, factoryId);
  for (const section of sections) {
    await replaceRows(tx, styleId, section, req);
    await touchTabVersion(tx, STYLE_TAB_KIND, styleId, section, p.userName);
  }
  await tx.update(s).set({ updatedAt: new Date() }).where(eq(s.id, styleId));
};

/**
 * Saves one workspace tab's rows inside `tx`: `req` is the whole composition with this tab's rows
 * in place of the saved ones, validated whole; only this tab's rows are replaced. The caller has
 * already moved the tab's version on (bumpTabVersion).
 */
export const writeSection = async (
  tx: HubTx,
  styleId: number,
  factoryId: number,
  section: StyleSection,
  req: TStyleCompositionRequest,
): Promise<void> => {
  await validateOrThrow(tx, req, factoryId, section);
  await replaceRows(tx, styleId, section, req);
  await tx.update(s).set({ updatedAt: new Date() }).where(eq(s.id, styleId));
};

const editableStyle = async (tx: HubTx, p: Principal, styleId: number) => {
  const style = await styleFor(tx, p, styleId);
  if (!isEditor(p)) throw notFound("That style");
  return style;
};

export const replaceComposition = async (
  db: HubDb,
  p: Principal,
  styleId: number,
  req: TStyleCompositionRequest,
): Promise<TStyleComposition> => {
  await db.transaction(async (tx) => {
    const style = await editableStyle(tx, p, styleId);
    await writeComposition(tx, p, styleId, style.factoryId, req);
    await recordAudit(tx, {
      actor: p.userName,
      action: "library.styles.composition",
      subject: `styles:${styleId}`,
      detail: {
        tiers: req.priceTiers.length,
        options: req.options.length,
        fabrics: req.fabrics.length,
        parts: req.parts.length,
        steps: req.instructions.length,
      },
    });
  });
  return readComposition(db, p, styleId);
};

const unknownProfile = () =>
  badRequest("That profile does not exist in this library.", { profileId: "Unknown profile" });

/**
 * Merges a profile into the composition: an attribute profile adds its attributes under the
 * options they are values of (adding the option when the style lacks it) and links the profile to
 * the style; a part profile adds its parts; an instruction profile appends its steps.
 */
export const applyProfile = async (
  db: HubDb,
  p: Principal,
  styleId: number,
  req: TApplyProfileRequest,
): Promise<TStyleComposition> => {
  await db.transaction(async (tx) => {
    const style = await editableStyle(tx, p, styleId);
    const next = compositionToRequest(await readComposition(tx, p, styleId));
    if (req.kind === "attribute") {
      const t = schema.attributeProfiles;
      const [profile] = await tx
        .select({ id: t.id })
        .from(t)
        .where(and(eq(t.id, req.profileId), eq(t.factoryId, style.factoryId)));
      if (!profile) throw unknownProfile();
      const members = await tx
        .select({
          attributeId: schema.attributeProfileAttributes.attributeId,
          optionId: schema.optionAttributes.optionId,
        })
        .from(schema.attributeProfileAttributes)
        .innerJoin(a, eq(a.id, schema.attributeProfileAttributes.attributeId))
        .innerJoin(
          schema.optionAttributes,
          eq(schema.optionAttributes.attributeId, schema.attributeProfileAttributes.attributeId),
        )
        .innerJoin(o, eq(o.id, schema.optionAttributes.optionId))
        .where(and(eq(schema.attributeProfileAttributes.profileId, profile.id), eq(o.factoryId, style.factoryId)))
        .orderBy(asc(a.sortOrder), asc(a.id), asc(schema.optionAttributes.sortOrder), asc(o.id));
      // Each attribute goes under the style's options it is a value of; when the style has none
      // of them, under its first option, which the style then offers too.
      const optionsOf = new Map<number, number[]>();
      for (const member of members)
        optionsOf.set(member.attributeId, [...(optionsOf.get(member.attributeId) ?? []), member.optionId]);
      for (const [attributeId, optionIds] of optionsOf) {
        const inStyle = optionIds.filter((id) => next.options.some((x) => x.optionId === id));
        for (const optionId of inStyle.length > 0 ? inStyle : optionIds.slice(0, 1)) {
          let opt = next.options.find((x) => x.optionId === optionId);
          if (!opt) {
            opt = { optionId, attributes: [] };
            next.options.push(opt);
          }
          if (!opt.attributes.some((x) => x.attributeId === attributeId))
            opt.attributes.push({ attributeId, upchargeCents: 0 });
        }
      }
      await tx.insert(schema.attributeProfileStyles).values({ profileId: profile.id, styleId }).onConflictDoNothing();
    } else if (req.kind === "part") {
      const t = schema.partProfiles;
      const [profile] = await tx
        .select({ id: t.id })
        .from(t)
        .where(and(eq(t.id, req.profileId), eq(t.factoryId, style.factoryId)));
      if (!profile) throw unknownProfile();
      const members = await tx
        .select({ partId: schema.partProfileParts.partId, quantity: schema.partProfileParts.quantity })
        .from(schema.partProfileParts)
        .where(eq(schema.partProfileParts.profileId, profile.id))
        .orderBy(asc(schema.partProfileParts.partId));
      for (const member of members) {
        if (next.parts.some((x) => x.partId === member.partId && x.attributeId === null)) continue;
        next.parts.push({ partId: member.partId, attributeId: null, quantity: Number(member.quantity) });
      }
    } else {
      const t = schema.instructionProfiles;
      const [profile] = await tx
        .select({ id: t.id })
        .from(t)
        .where(and(eq(t.id, req.profileId), eq(t.factoryId, style.factoryId)));
      if (!profile) throw unknownProfile();
      const steps = await tx
        .select({ instructionId: schema.instructionProfileSteps.instructionId })
        .from(schema.instructionProfileSteps)
        .where(eq(schema.instructionProfileSteps.profileId, profile.id))
        .orderBy(asc(schema.instructionProfileSteps.step));
      for (const step of steps) next.instructions.push({ instructionId: step.instructionId, machineId: null });
    }
    const touched: StyleSection = req.kind === "attribute" ? "options" : req.kind === "part" ? "materials" : "steps";
    await writeComposition(tx, p, styleId, style.factoryId, next, [touched]);
    await recordAudit(tx, {
      actor: p.userName,
      action: "library.styles.applyProfile",
      subject: `styles:${styleId}`,
      detail: { kind: req.kind, profileId: req.profileId },
    });
  });
  return readComposition(db, p, styleId);
};
