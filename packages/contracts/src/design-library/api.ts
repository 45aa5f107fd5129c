import { ZIdParamsSchema } from "../common/ids";
import { declareApi } from "../common/operation";
import { ZDesignUploadQuerySchema, ZDesignUploadSchema } from "./design-library";

/**
 * The design library's own operations (issue 12): the images its items and variants show. Its
 * pages (/productDev/libary/{page}) are resources of the resource engine, declared apart. Any
 * design-library card lets a person upload and see images (the handler checks the cards).
 */
export const designLibraryApi = declareApi("designLibrary", {
  /** multipart/form-data with one PNG or JPEG image, kept as a file of the current team. */
  upload: {
    method: "POST",
    path: "/productDev/libary/uploads",
    access: { signedIn: true },
    query: ZDesignUploadQuerySchema,
    responses: { 201: ZDesignUploadSchema },
    errors: [413],
  },
  image: {
    method: "GET",
    path: "/productDev/libary/uploads/:id",
    access: { signedIn: true },
    params: ZIdParamsSchema,
    file: "image/*",
  },
});
