import { ZIdParamsSchema } from "../common/ids";
import { LIBRARY_EDITOR_TYPES } from "../common/lists";
import { type Access, declareApi } from "../common/operation";
import {
  ZMakeStyleRequestSchema,
  ZPackStyleSchema,
  ZStyleSourceAnswerSchema,
  ZStyleSourceSchema,
} from "./tech-pack/style-source";
import { ZTechPackParamsSchema } from "./tech-pack/tabs/parts";

/** Reading a tech pack: the team (Products card) or a facility it was sent to (Tech Packs card). */
const READ_PACK: Access = { signedIn: true, anyCard: ["products", "techPacks"] };
/** Making a style: a facility user who may edit the library, with the Tech Packs card. */
const MAKE_STYLE: Access = { signedIn: true, card: "techPacks", types: LIBRARY_EDITOR_TYPES };
const STYLE_READ: Access = { signedIn: true, card: "styles" };
const STYLE_WRITE: Access = { signedIn: true, card: "styles", types: LIBRARY_EDITOR_TYPES };

/**
 * From an approved tech pack to the floor (issue 19): the facility makes a library style from an
 * approved version sent to it; the style shows where it came from and whether a newer approved
 * version made it out of date.
 */
export const styleSourceApi = declareApi("styleSources", {
  /** The style made from this version by the caller's facility, or whether one can be made. */
  packStyle: {
    method: "GET",
    path: "/productDev/stps/:stpId/style",
    access: READ_PACK,
    params: ZTechPackParamsSchema,
    responses: { 200: ZPackStyleSchema },
  },
  /** Makes the facility's style from this approved version, in one transaction (409 when made, or the code is taken). */
  makeStyle: {
    method: "POST",
    path: "/productDev/stps/:stpId/style",
    access: MAKE_STYLE,
    params: ZTechPackParamsSchema,
    body: ZMakeStyleRequestSchema,
    responses: { 201: ZStyleSourceSchema },
    errors: [409],
  },
  /** The style's product and version, and the changes of a newer approved version. */
  styleSource: {
    method: "GET",
    path: "/library/styles/:id/source",
    access: STYLE_READ,
    params: ZIdParamsSchema,
    responses: { 200: ZStyleSourceAnswerSchema },
  },
  /** The facility reviewed the newer version's changes: the style follows that version now. */
  markUpToDate: {
    method: "POST",
    path: "/library/styles/:id/source/upToDate",
    access: STYLE_WRITE,
    params: ZIdParamsSchema,
    responses: { 200: ZStyleSourceSchema },
    errors: [409],
  },
});
