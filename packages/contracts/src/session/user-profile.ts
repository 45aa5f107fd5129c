import { z } from "zod";
import { ZUserTypeNameSchema } from "../access/user-types";

/** A team as the team-user views give it (spec 3). */
export const ZTeamSchema = z.object({
  id: z.number().int(),
  teamsId: z.number().int(),
  name: z.string(),
  displayName: z.string(),
  clientId: z.number().int().nullable(),
  typeId: z.number().int(),
  typeName: z.string(),
  roleName: z.string(),
  defaultTeam: z.boolean(),
  pending: z.boolean(),
  invitationStatus: z.enum(["PENDING", "ACCEPTED", "DECLINED"]).nullable(),
});
export type TTeam = z.infer<typeof ZTeamSchema>;

export const ZTeamPermissionSchema = z.object({
  teamId: z.number().int(),
  permission: z.string(),
  pending: z.boolean(),
});

export const ZProductDevDataSchema = z.object({
  currentTeam: ZTeamSchema.nullable(),
  isTeamAdmin: z.boolean(),
  teams: z.array(ZTeamSchema),
  teamsPermissions: z.array(ZTeamPermissionSchema),
  currentTeamType: z.string().nullable(),
  isDataAdmin: z.boolean(),
});
export type TProductDevData = z.infer<typeof ZProductDevDataSchema>;

/** The current user profile of spec section 3, with its defaults. */
export const ZCurrentUserSchema = z
  .object({
    userId: z.number().int().default(0),
    userName: z.string(),
    email: z.string(),
    userType: ZUserTypeNameSchema,
    userRoles: z.array(z.object({ roleName: z.string() })).default([]),
    firstName: z.string(),
    lastName: z.string(),
    defaultSite: z.string().nullable(),
    available: z.boolean().default(true),
    allowedSites: z.array(z.string()).default([]),
    clientId: z.number().int().nullable().default(null),
    factory: z
      .array(z.object({ factoryId: z.number().int(), name: z.string(), requires_subscriptions: z.boolean() }))
      .default([]),
    manufacturerId: z.number().int().nullable().default(null),
    userFactoryId: z.number().int().nullable().default(null),
    manufacturingFactoryId: z.number().int().nullable().default(null),
    logiComposerUsername: z.string().nullable(),
    isClientAdmin: z.boolean(),
    subscriptionName: z.string().nullable(),
    groups: z.array(z.string()).default([]),
    cardAccess: z.array(z.object({ routeName: z.string() })).default([]),
    favorites: z.array(z.object({ routeName: z.string() })).default([]),
    keyPrefix: z.string().nullable(),
    isSuperadmin: z.boolean(),
  })
  .meta({ id: "CurrentUser" });
export type TCurrentUser = z.infer<typeof ZCurrentUserSchema>;

export const ZUserDataQuerySchema = z.object({ username: z.string().trim().min(1) });
export const ZUserDataResponseSchema = z.object({
  user: ZCurrentUserSchema,
  productDevData: ZProductDevDataSchema,
  sessionClient: z
    .object({
      clientId: z.number().int(),
      clientName: z.string(),
      siteName: z.string(),
      subscriptionId: z.number().int().nullable(),
    })
    .nullable(),
});
export type TUserDataResponse = z.infer<typeof ZUserDataResponseSchema>;

/** Login audit record (spec 3), posted by the web app after each successful sign-in. */
export const ZLoginAuditRequestSchema = z.object({
  loginDate: z.iso.datetime({ offset: true }),
  userName: z.string().trim().min(1).max(128),
  application: z.string().trim().min(1).max(64),
  ipAddress: z.union([z.literal("unknown"), z.union([z.ipv4(), z.ipv6()])]),
});
export type TLoginAuditRequest = z.infer<typeof ZLoginAuditRequestSchema>;
export const ZLoginAuditResponseSchema = z.object({
  id: z.number().int(),
  loginDate: z.string(),
  userName: z.string(),
  application: z.string(),
  ipAddress: z.string(),
});

export const ZIpResponseSchema = z.object({ ip: z.string() });

/** What the web app needs to know before anyone signs in. */
export const ZPublicConfigSchema = z.object({
  identity: z.enum(["builtin", "cognito"]),
  ipLookupUrls: z.array(z.string()),
  demoMode: z.boolean(),
  version: z.string(),
});
export type TPublicConfig = z.infer<typeof ZPublicConfigSchema>;

export const ZHealthSchema = z.object({ status: z.literal("ok"), database: z.literal("ok"), version: z.string() });
