import { ZIdParamsSchema } from "../common/ids";
import { type Access, declareApi } from "../common/operation";
import { DESIGN_LIBRARY_EDITOR_TYPES } from "../design-library/pages";
import {
  ZFmCreateFolderSchema,
  ZFmDashboardSchema,
  ZFmDownloadQuerySchema,
  ZFmEntrySchema,
  ZFmFolderSchema,
  ZFmFolderTreeSchema,
  ZFmLinkSchema,
  ZFmListQuerySchema,
  ZFmListSchema,
  ZFmOkSchema,
  ZFmTeamQuerySchema,
  ZFmTrashSchema,
  ZFmUpdateFileSchema,
  ZFmUpdateFolderSchema,
  ZFmUploadQuerySchema,
  ZFmUploadResultSchema,
  ZFmUsageListSchema,
} from "./file-manager";

/** Reading: the File Manager card; writing: the design library's editors (icreate, designer, client). */
const READ: Access = { signedIn: true, card: "fileManager" };
const WRITE: Access = { signedIn: true, card: "fileManager", types: DESIGN_LIBRARY_EDITOR_TYPES };
const byId = { params: ZIdParamsSchema };
const BASE = "/productDev/files";

/** The File Manager and the Files Dashboard (issue 19); the team is the caller's current one or `teamId`. */
export const fileManagerApi = declareApi("fileManager", {
  folderTree: {
    method: "GET",
    path: `${BASE}/folders`,
    access: READ,
    query: ZFmTeamQuerySchema,
    responses: { 200: ZFmFolderTreeSchema },
  },
  list: {
    method: "GET",
    path: `${BASE}/list`,
    access: READ,
    query: ZFmListQuerySchema,
    responses: { 200: ZFmListSchema },
  },
  createFolder: {
    method: "POST",
    path: `${BASE}/folders`,
    access: WRITE,
    body: ZFmCreateFolderSchema,
    responses: { 201: ZFmFolderSchema },
    errors: [409],
  },
  updateFolder: {
    method: "PUT",
    path: `${BASE}/folders/:id`,
    access: WRITE,
    ...byId,
    body: ZFmUpdateFolderSchema,
    responses: { 200: ZFmFolderSchema },
    errors: [409],
  },
  trashFolder: {
    method: "DELETE",
    path: `${BASE}/folders/:id`,
    access: WRITE,
    ...byId,
    responses: { 200: ZFmOkSchema },
    errors: [409],
  },
  restoreFolder: {
    method: "POST",
    path: `${BASE}/folders/:id/restore`,
    access: WRITE,
    ...byId,
    responses: { 200: ZFmFolderSchema },
    errors: [409],
  },
  /** The folder and everything in it as a zip, streamed as it is written. */
  zipFolder: {
    method: "GET",
    path: `${BASE}/folders/:id/zip`,
    access: READ,
    ...byId,
    file: "application/zip",
  },
  /** multipart/form-data with one or more `file` parts; each checked for type and size, all against the quota. */
  upload: {
    method: "POST",
    path: `${BASE}/items`,
    access: WRITE,
    query: ZFmUploadQuerySchema,
    responses: { 201: ZFmUploadResultSchema },
    errors: [409, 413],
  },
  updateFile: {
    method: "PUT",
    path: `${BASE}/items/:id`,
    access: WRITE,
    ...byId,
    body: ZFmUpdateFileSchema,
    responses: { 200: ZFmEntrySchema },
  },
  trashFile: {
    method: "DELETE",
    path: `${BASE}/items/:id`,
    access: WRITE,
    ...byId,
    responses: { 200: ZFmOkSchema },
    errors: [409],
  },
  restoreFile: {
    method: "POST",
    path: `${BASE}/items/:id/restore`,
    access: WRITE,
    ...byId,
    responses: { 200: ZFmEntrySchema },
    errors: [409],
  },
  download: {
    method: "GET",
    path: `${BASE}/items/:id/download`,
    access: READ,
    ...byId,
    query: ZFmDownloadQuerySchema,
    file: "application/octet-stream",
  },
  usedBy: {
    method: "GET",
    path: `${BASE}/items/:id/usedBy`,
    access: READ,
    ...byId,
    responses: { 200: ZFmUsageListSchema },
  },
  /** Adds the file to the Files tab of the product's newest version (unless frozen). */
  link: {
    method: "POST",
    path: `${BASE}/items/:id/links`,
    access: { signedIn: true, card: "fileManager", types: DESIGN_LIBRARY_EDITOR_TYPES },
    ...byId,
    body: ZFmLinkSchema,
    responses: { 200: ZFmUsageListSchema },
    errors: [409],
  },
  trash: {
    method: "GET",
    path: `${BASE}/trash`,
    access: READ,
    query: ZFmTeamQuerySchema,
    responses: { 200: ZFmTrashSchema },
  },
  dashboard: {
    method: "GET",
    path: `${BASE}/dashboard`,
    access: READ,
    query: ZFmTeamQuerySchema,
    responses: { 200: ZFmDashboardSchema },
  },
});
