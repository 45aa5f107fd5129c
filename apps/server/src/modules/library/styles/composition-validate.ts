import type { TStyleCompositionRequest } from "@hub/contracts";
import { STYLE_TAB_LABELS } from "@hub/contracts";
import { schema } from "@hub/db";
import { and, eq, inArray } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { badRequest } from "../../../platform/errors";
import type { Db } from "./composition-read";

/**
 * Validating a style's composition against the facility's library, and the workspace tab (section)
 * each of its fields is saved by.
 */

const o = schema.options;
const a = schema.attributes;
const f = schema.fabrics;
const pt = schema.parts;
const ins = schema.instructions;
const m = schema.machines;

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
export const SECTIONS = Object.keys(SECTION_KEYS) as StyleSection[];
const sectionOf = (field: string): StyleSection | undefined =>
  SECTIONS.find((sec) => SECTION_KEYS[sec].some((key) => field === key || field.startsWith(`${key}.`)));

/**
 * Validates the whole composition `req` and throws a 400 when it is not valid. Saving one tab
 * (`only`), errors in another tab's rows (a fabric tied to an attribute the Options tab just
 * removed) cannot be fixed on this one, so they are named in the message with their tab instead.
 */
export const validateOrThrow = async (
  tx: Db,
  req: TStyleCompositionRequest,
  factoryId: number,
  only?: StyleSection,
) => {
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
