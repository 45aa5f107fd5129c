import type { TApplyProfileRequest, TStyleComposition } from "@hub/contracts";
import { compositionToRequest } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq } from "drizzle-orm";
import { recordAudit } from "../../../platform/audit";
import { badRequest } from "../../../platform/errors";
import type { Principal } from "../../../platform/principal";
import { editableStyle, writeComposition } from "./composition";
import { readComposition } from "./composition-read";
import type { StyleSection } from "./composition-validate";

/** Applying an attribute, part or instruction profile to a style's composition. */

const o = schema.options;
const a = schema.attributes;

type ProfileTable = typeof schema.attributeProfiles | typeof schema.partProfiles | typeof schema.instructionProfiles;

/** The id of the factory's profile in `t`; a profile of another library (or none) is a 400. */
const profileIn = async (tx: HubTx, t: ProfileTable, profileId: number, factoryId: number) => {
  const [profile] = await tx
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.id, profileId), eq(t.factoryId, factoryId)));
  if (!profile) throw badRequest("That profile does not exist in this library.", { profileId: "Unknown profile" });
  return profile.id;
};

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
      const profileId = await profileIn(tx, schema.attributeProfiles, req.profileId, style.factoryId);
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
        .where(and(eq(schema.attributeProfileAttributes.profileId, profileId), eq(o.factoryId, style.factoryId)))
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
      await tx.insert(schema.attributeProfileStyles).values({ profileId, styleId }).onConflictDoNothing();
    } else if (req.kind === "part") {
      const profileId = await profileIn(tx, schema.partProfiles, req.profileId, style.factoryId);
      const members = await tx
        .select({ partId: schema.partProfileParts.partId, quantity: schema.partProfileParts.quantity })
        .from(schema.partProfileParts)
        .where(eq(schema.partProfileParts.profileId, profileId))
        .orderBy(asc(schema.partProfileParts.partId));
      for (const member of members) {
        if (next.parts.some((x) => x.partId === member.partId && x.attributeId === null)) continue;
        next.parts.push({ partId: member.partId, attributeId: null, quantity: Number(member.quantity) });
      }
    } else {
      const profileId = await profileIn(tx, schema.instructionProfiles, req.profileId, style.factoryId);
      const steps = await tx
        .select({ instructionId: schema.instructionProfileSteps.instructionId })
        .from(schema.instructionProfileSteps)
        .where(eq(schema.instructionProfileSteps.profileId, profileId))
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
