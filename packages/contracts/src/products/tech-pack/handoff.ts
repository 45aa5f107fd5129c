import { z } from "zod";
import { pageOf, ZPageQuerySchema } from "../../common/paging";
import { zText } from "../../common/text";

/**
 * The brand-to-factory handoff (issue 23): a version sent to a facility is listed in the
 * facility's Tech Packs (`GET /productDev/techPacks`, the techPacks card) and opens read-only at
 * the tech pack's own address. An approved or sent version is frozen.
 */

export const HANDOFF_MESSAGES = {
  chooseFacility: "Choose the facility to send this version to.",
  notYourFacility: "That facility does not work for this brand.",
  alreadySentTo: "This version was already sent to that facility.",
  secondPerson: "This team needs someone other than the submitter to approve: ask another team admin.",
  facilityReadOnly: "A facility reads the tech packs sent to it; it cannot change them.",
} as const;

/** The refusal of any change to an approved or sent version: names the version and offers a new one. */
export const frozenVersionMessage = (version: number, sent: boolean): string =>
  `Version ${version} is ${sent ? "approved and sent to the factory" : "approved"}, so it cannot change. Make a New version to change it.`;

/** The field that marks a 409 as "frozen version": the web offers "New version" beside the message. */
export const FROZEN_FIELD = "newVersion";

export const ZFacilityTechPackSchema = z
  .object({
    sendId: z.number().int(),
    stpId: z.number().int(),
    productId: z.number().int(),
    version: z.number().int(),
    brand: zText(),
    productCode: zText(),
    productName: zText(),
    sentAt: z.iso.datetime({ offset: true }),
    sentByName: zText(),
    facility: zText(),
    firstOpenedAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: "FacilityTechPack" });
export type TFacilityTechPack = z.infer<typeof ZFacilityTechPackSchema>;
export const ZFacilityTechPackQuerySchema = ZPageQuerySchema;
export const ZFacilityTechPackPageSchema = pageOf(ZFacilityTechPackSchema).meta({ id: "FacilityTechPackPage" });
export type TFacilityTechPackPage = z.infer<typeof ZFacilityTechPackPageSchema>;

/** GET /productDev/techPacks/new: how many versions sent to the caller's facilities nobody there opened yet (the in-app message). */
export const ZFacilityTechPackNewsSchema = z
  .object({ count: z.number().int(), latest: ZFacilityTechPackSchema.nullable() })
  .meta({ id: "FacilityTechPackNews" });
export type TFacilityTechPackNews = z.infer<typeof ZFacilityTechPackNewsSchema>;
