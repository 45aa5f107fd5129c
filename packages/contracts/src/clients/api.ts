import { type Access, declareApi } from "../common/operation";
import {
  ZClientDeleteResponseSchema,
  ZClientDetailSchema,
  ZClientFormOptionsSchema,
  ZClientIdParamsSchema,
  ZClientLimitedListSchema,
  ZClientListQuerySchema,
  ZClientPageSchema,
  ZClientRequestSchema,
  ZClientSiteDataSchema,
  ZFindByClientIdQuerySchema,
  ZSiteNameQuerySchema,
} from "./clients";

/**
 * Who may call what:
 * - the admin screens (list, detail) need the 'clients' card (internal admins by default); a user
 *   granted the card sees only its scope (facility: the clients it serves; client: its own);
 * - writes and the form's selects are for internal admins with the card;
 * - findByClientId, getAllClientsLimitedData and getClientDataForSiteName serve every signed-in
 *   user, scoped in the service: another tenant's client answers 404.
 */
const ADMIN_READ: Access = { signedIn: true, card: "clients" };
const ADMIN_WRITE: Access = { signedIn: true, types: ["icreate"], card: "clients" };
const SIGNED_IN: Access = { signedIn: true };

const errors = [409] as const;

/** The clients area's operations (issue 3). */
export const clientsApi = declareApi("clients", {
  list: {
    method: "GET",
    path: "/clients",
    access: ADMIN_READ,
    query: ZClientListQuerySchema,
    responses: { 200: ZClientPageSchema },
    errors,
  },
  exportCsv: {
    method: "GET",
    path: "/clients/export.csv",
    access: ADMIN_READ,
    summary: "Every client the list's search finds, as CSV",
    query: ZClientListQuerySchema,
    file: "text/csv",
  },
  formOptions: {
    method: "GET",
    path: "/clients/form-options",
    access: ADMIN_WRITE,
    responses: { 200: ZClientFormOptionsSchema },
    errors,
  },
  get: {
    method: "GET",
    path: "/clients/:id",
    access: ADMIN_READ,
    params: ZClientIdParamsSchema,
    responses: { 200: ZClientDetailSchema },
    errors,
  },
  findByClientId: {
    method: "GET",
    path: "/client/search/findByClientId",
    access: SIGNED_IN,
    query: ZFindByClientIdQuerySchema,
    responses: { 200: ZClientDetailSchema },
    errors,
  },
  create: {
    method: "POST",
    path: "/client",
    access: ADMIN_WRITE,
    body: ZClientRequestSchema,
    responses: { 201: ZClientDetailSchema },
    errors,
  },
  update: {
    method: "PUT",
    path: "/client/:id",
    access: ADMIN_WRITE,
    params: ZClientIdParamsSchema,
    body: ZClientRequestSchema,
    responses: { 200: ZClientDetailSchema },
    errors,
  },
  remove: {
    method: "DELETE",
    path: "/client/:id",
    access: ADMIN_WRITE,
    params: ZClientIdParamsSchema,
    responses: { 200: ZClientDeleteResponseSchema },
    errors,
  },
  limited: {
    method: "GET",
    path: "/getAllClientsLimitedData",
    access: SIGNED_IN,
    responses: { 200: ZClientLimitedListSchema },
    errors,
  },
  forSiteName: {
    method: "GET",
    path: "/getClientDataForSiteName",
    access: SIGNED_IN,
    query: ZSiteNameQuerySchema,
    responses: { 200: ZClientSiteDataSchema },
    errors,
  },
});
