import type { Access } from "../common/operation";
import { resourceApi } from "../common/resource-api";
import { LIBRARY_EDITOR_TYPES } from "./common";
import {
  ZInstructionDetailSchema,
  ZInstructionImagePageSchema,
  ZInstructionImageRequestSchema,
  ZInstructionImageSchema,
  ZInstructionPageSchema,
  ZInstructionRequestSchema,
} from "./instructions";
import { ZMachineDetailSchema, ZMachinePageSchema, ZMachineRequestSchema } from "./machines";
import {
  ZFabricDetailSchema,
  ZFabricPageSchema,
  ZFabricRequestSchema,
  ZPartDetailSchema,
  ZPartPageSchema,
  ZPartRequestSchema,
  ZThreadPageSchema,
  ZThreadRequestSchema,
  ZThreadSchema,
} from "./materials";
import {
  ZAttributeDetailSchema,
  ZAttributePageSchema,
  ZAttributeRequestSchema,
  ZOptionDetailSchema,
  ZOptionPageSchema,
  ZOptionRequestSchema,
} from "./options";
import {
  ZAttributeProfileDetailSchema,
  ZAttributeProfilePageSchema,
  ZAttributeProfileRequestSchema,
  ZInstructionProfileDetailSchema,
  ZInstructionProfilePageSchema,
  ZInstructionProfileRequestSchema,
  ZPartProfileDetailSchema,
  ZPartProfilePageSchema,
  ZPartProfileRequestSchema,
} from "./profiles";
import { ZSkuMapDetailSchema, ZSkuMapPageSchema, ZSkuMapRequestSchema } from "./sku-maps";
import {
  ZStyleDetailSchema,
  ZStyleMarkerPageSchema,
  ZStyleMarkerRequestSchema,
  ZStyleMarkerSchema,
  ZStylePageSchema,
  ZStyleRequestSchema,
} from "./styles";

/**
 * The manufacturing library's resources (issue 4): the resource engine with the facility as owner,
 * under /library/{key}. Each reads with its nav card and is written by LIBRARY_EDITOR_TYPES with it.
 */
const byCard = (card: string): { read: Access; write: Access } => ({
  read: { signedIn: true, card },
  write: { signedIn: true, card, types: LIBRARY_EDITOR_TYPES },
});
const at = { area: "library", prefix: "/library" } as const;

/** Machines: the floor's sewing and cutting machines. */
export const machinesApi = resourceApi({
  ...at,
  key: "machines",
  schemas: { request: ZMachineRequestSchema, page: ZMachinePageSchema, detail: ZMachineDetailSchema },
  access: byCard("machines"),
  archivable: true,
});
export const optionsApi = resourceApi({
  ...at,
  key: "options",
  schemas: { request: ZOptionRequestSchema, page: ZOptionPageSchema, detail: ZOptionDetailSchema },
  access: byCard("options"),
  archivable: true,
});
export const attributesApi = resourceApi({
  ...at,
  key: "attributes",
  schemas: { request: ZAttributeRequestSchema, page: ZAttributePageSchema, detail: ZAttributeDetailSchema },
  access: byCard("attributes"),
  archivable: true,
});
export const fabricsApi = resourceApi({
  ...at,
  key: "fabrics",
  schemas: { request: ZFabricRequestSchema, page: ZFabricPageSchema, detail: ZFabricDetailSchema },
  access: byCard("fabric"),
  archivable: true,
});
export const partsApi = resourceApi({
  ...at,
  key: "parts",
  schemas: { request: ZPartRequestSchema, page: ZPartPageSchema, detail: ZPartDetailSchema },
  access: byCard("part"),
  archivable: true,
});
const threadSchemas = { request: ZThreadRequestSchema, page: ZThreadPageSchema, detail: ZThreadSchema };
export const threadsApi = resourceApi({
  ...at,
  key: "threads",
  schemas: threadSchemas,
  access: byCard("fabric"),
  archivable: true,
});
export const bmcThreadsApi = resourceApi({
  ...at,
  key: "bmcThreads",
  schemas: threadSchemas,
  access: byCard("fabric"),
  archivable: true,
});
export const instructionsApi = resourceApi({
  ...at,
  key: "instructions",
  schemas: { request: ZInstructionRequestSchema, page: ZInstructionPageSchema, detail: ZInstructionDetailSchema },
  access: byCard("instruction"),
  archivable: true,
});
export const instructionImagesApi = resourceApi({
  ...at,
  key: "instructionImages",
  schemas: {
    request: ZInstructionImageRequestSchema,
    page: ZInstructionImagePageSchema,
    detail: ZInstructionImageSchema,
  },
  access: byCard("instruction"),
});
export const attributeProfilesApi = resourceApi({
  ...at,
  key: "attributeProfiles",
  schemas: {
    request: ZAttributeProfileRequestSchema,
    page: ZAttributeProfilePageSchema,
    detail: ZAttributeProfileDetailSchema,
  },
  access: byCard("attributes"),
});
export const partProfilesApi = resourceApi({
  ...at,
  key: "partProfiles",
  schemas: { request: ZPartProfileRequestSchema, page: ZPartProfilePageSchema, detail: ZPartProfileDetailSchema },
  access: byCard("part"),
});
export const instructionProfilesApi = resourceApi({
  ...at,
  key: "instructionProfiles",
  schemas: {
    request: ZInstructionProfileRequestSchema,
    page: ZInstructionProfilePageSchema,
    detail: ZInstructionProfileDetailSchema,
  },
  access: byCard("instruction"),
});
export const stylesApi = resourceApi({
  ...at,
  key: "styles",
  schemas: { request: ZStyleRequestSchema, page: ZStylePageSchema, detail: ZStyleDetailSchema },
  access: byCard("styles"),
  archivable: true,
});
/** A style's markers: read by the facilities (and internal admins) only, not by the clients a style is offered to. */
export const styleMarkersApi = resourceApi({
  ...at,
  key: "styleMarkers",
  schemas: { request: ZStyleMarkerRequestSchema, page: ZStyleMarkerPageSchema, detail: ZStyleMarkerSchema },
  access: {
    read: { signedIn: true, card: "styles", types: ["icreate", "manufacturer", "factory"] },
    write: byCard("styles").write,
  },
});
export const skuMapsApi = resourceApi({
  ...at,
  key: "skuMaps",
  schemas: { request: ZSkuMapRequestSchema, page: ZSkuMapPageSchema, detail: ZSkuMapDetailSchema },
  access: byCard("skuMap"),
});

/** The library's resources by key (a ref field names another resource by its key). */
export const libraryResources = {
  machines: machinesApi,
  options: optionsApi,
  attributes: attributesApi,
  fabrics: fabricsApi,
  parts: partsApi,
  threads: threadsApi,
  bmcThreads: bmcThreadsApi,
  instructions: instructionsApi,
  instructionImages: instructionImagesApi,
  attributeProfiles: attributeProfilesApi,
  partProfiles: partProfilesApi,
  instructionProfiles: instructionProfilesApi,
  styles: stylesApi,
  styleMarkers: styleMarkersApi,
  skuMaps: skuMapsApi,
};
export type TLibraryResourceKey = keyof typeof libraryResources;
