import { z } from "zod";
import { ZDbIdSchema, ZIdSchema } from "../common/ids";
import { pageOf, ZPageQuerySchema } from "../common/paging";
import { zText } from "../common/text";

/** Contracts of the clients area (issue 3): request and response schemas. */

/** Fields a person may sort the clients list by (`sort=field,asc|desc`). */
export const CLIENT_SORT_FIELDS = ["clientName", "siteName", "createdAt", "active"] as const;
export const CLIENT_DEFAULT_SORT = "clientName,asc";

export {
  SESSION_CLIENT_HEADER,
  SESSION_CLIENT_STORAGE_KEY,
  SESSION_CLIENT_USER_TYPES,
} from "../session/session-client";

export const CLIENT_MESSAGES = {
  clientNameRequired: "Client name is required",
  clientNameTooLong: "Client name must be at most 120 characters",
  siteNameRequired: "Site name is required",
  siteNameLength: "Site name must be 2 to 40 characters",
  siteNameFormat: "Site name may hold only lowercase letters, digits and hyphens",
  siteNameTaken: "This site name is already used by another client",
} as const;

/** A database id (PostgreSQL integer). */
export const ZClientIdSchema = ZIdSchema;

export const ZClientIdParamsSchema = z.object({ id: ZClientIdSchema });
export type TClientIdParams = z.infer<typeof ZClientIdParamsSchema>;

export const ZFindByClientIdQuerySchema = z.object({ clientId: ZClientIdSchema });
export const ZSiteNameQuerySchema = z.object({
  siteName: zText().trim().min(1, CLIENT_MESSAGES.siteNameRequired).max(40),
});

export const ZClientListQuerySchema = ZPageQuerySchema;
export type TClientListQuery = z.infer<typeof ZClientListQuerySchema>;

/** The client form: what new and edit send. */
export const ZClientRequestSchema = z.object({
  clientName: zText().trim().min(1, CLIENT_MESSAGES.clientNameRequired).max(120, CLIENT_MESSAGES.clientNameTooLong),
  siteName: zText()
    .trim()
    .min(1, CLIENT_MESSAGES.siteNameRequired)
    .min(2, CLIENT_MESSAGES.siteNameLength)
    .max(40, CLIENT_MESSAGES.siteNameLength)
    .regex(/^[a-z0-9-]*$/, CLIENT_MESSAGES.siteNameFormat),
  subscriptionId: ZDbIdSchema.nullable(),
  factoryId: ZDbIdSchema.nullable(),
  active: z.boolean(),
});
export type TClientRequest = z.infer<typeof ZClientRequestSchema>;
/** What the form holds before validation (zod input: strings not yet trimmed). */
export type TClientRequestInput = z.input<typeof ZClientRequestSchema>;

export const ZClientSchema = z
  .object({
    clientId: z.number().int(),
    clientName: zText(),
    siteName: zText(),
    subscriptionId: z.number().int().nullable(),
    subscriptionName: zText().nullable(),
    factoryId: z.number().int().nullable(),
    factoryName: zText().nullable(),
    active: z.boolean(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "Client" });
export type TClient = z.infer<typeof ZClientSchema>;

/** A row of the clients list (the same fields as the detail). */
export const ZClientListItemSchema = ZClientSchema;
export type TClientListItem = TClient;

/** The client detail, with how many users belong to it (delete is refused while there are any). */
export const ZClientDetailSchema = ZClientSchema.extend({ userCount: z.number().int() });
export type TClientDetail = z.infer<typeof ZClientDetailSchema>;

export const ZClientPageSchema = pageOf(ZClientListItemSchema);
export type TClientPage = z.infer<typeof ZClientPageSchema>;

/** Spec 3 "Client": clientId, clientName, siteName. */
export const ZClientLimitedSchema = z.object({
  clientId: z.number().int(),
  clientName: zText(),
  siteName: zText(),
});
export type TClientLimited = z.infer<typeof ZClientLimitedSchema>;
export const ZClientLimitedListSchema = z.array(ZClientLimitedSchema);

/** getClientDataForSiteName: the client of a site, with its subscription (spec 3 session client). */
export const ZClientSiteDataSchema = ZClientLimitedSchema.extend({
  subscriptionId: z.number().int().nullable(),
  subscription_id: z.number().int().nullable(),
  active: z.boolean(),
});
export type TClientSiteData = z.infer<typeof ZClientSiteDataSchema>;

export const ZClientFormOptionsSchema = z.object({
  subscriptions: z.array(z.object({ subscriptionId: z.number().int(), name: zText(), level: z.number().int() })),
  factories: z.array(z.object({ factoryId: z.number().int(), name: zText() })),
});
export type TClientFormOptions = z.infer<typeof ZClientFormOptionsSchema>;

export const ZClientDeleteResponseSchema = z.object({ clientId: z.number().int(), deleted: z.literal(true) });
export type TClientDeleteResponse = z.infer<typeof ZClientDeleteResponseSchema>;
