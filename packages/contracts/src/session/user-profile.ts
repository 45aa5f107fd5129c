import { z } from "zod";
import { ZUserTypeNameSchema } from "../access/user-types";
import { zText } from "../common/text";

/** A team as the team-user views give it (spec 3). */
export const ZTeamSchema = z.object({
  id: z.number().int(),
  teamsId: z.number().int(),
  name: zText(),
  displayName: zText(),
  clientId: z.number().int().nullable(),
  typeId: z.number().int(),
  typeName: zText(),
  roleName: zText(),
  defaultTeam: z.boolean(),
  pending: z.boolean(),
  invitationStatus: z.enum(["PENDING", "ACCEPTED", "DECLINED"]).nullable(),
});
export type TTeam = z.infer<typeof ZTeamSchema>;

export const ZTeamPermissionSchema = z.object({
  teamId: z.number().int(),
  permission: zText(),
  pending: z.boolean(),
});

export const ZProductDevDataSchema = z.object({
  currentTeam: ZTeamSchema.nullable(),
  isTeamAdmin: z.boolean(),
  teams: z.array(ZTeamSchema),
  teamsPermissions: z.array(ZTeamPermissionSchema),
  currentTeamType: zText().nullable(),
  isDataAdmin: z.boolean(),
});
export type TProductDevData = z.infer<typeof ZProductDevDataSchema>;

/** The current user profile of spec section 3, with its defaults. */
export const ZCurrentUserSchema = z
  .object({
    userId: z.number().int().default(0),
    userName: zText(),
    email: zText(),
    userType: ZUserTypeNameSchema,
    userRoles: z.array(z.object({ roleName: zText() })).default([]),
    firstName: zText(),
    lastName: zText(),
    defaultSite: zText().nullable(),
    available: z.boolean().default(true),
    allowedSites: z.array(zText()).default([]),
    clientId: z.number().int().nullable().default(null),
    factory: z
      .array(z.object({ factoryId: z.number().int(), name: zText(), requires_subscriptions: z.boolean() }))
      .default([]),
    manufacturerId: z.number().int().nullable().default(null),
    userFactoryId: z.number().int().nullable().default(null),
    manufacturingFactoryId: z.number().int().nullable().default(null),
    logiComposerUsername: zText().nullable(),
    isClientAdmin: z.boolean(),
    subscriptionName: zText().nullable(),
    groups: z.array(zText()).default([]),
    cardAccess: z.array(z.object({ routeName: zText() })).default([]),
    favorites: z.array(z.object({ routeName: zText() })).default([]),
    keyPrefix: zText().nullable(),
    isSuperadmin: z.boolean(),
  })
  .meta({ id: "CurrentUser" });
export type TCurrentUser = z.infer<typeof ZCurrentUserSchema>;

export const ZUserDataQuerySchema = z.object({ username: zText().trim().min(1) });
export const ZUserDataResponseSchema = z.object({
  user: ZCurrentUserSchema,
  productDevData: ZProductDevDataSchema,
  sessionClient: z
    .object({
      clientId: z.number().int(),
      clientName: zText(),
      siteName: zText(),
      subscriptionId: z.number().int().nullable(),
    })
    .nullable(),
});
export type TUserDataResponse = z.infer<typeof ZUserDataResponseSchema>;

/** Login audit record (spec 3), posted by the web app after each successful sign-in. */
export const ZLoginAuditRequestSchema = z.object({
  loginDate: z.iso.datetime({ offset: true }),
  userName: zText().trim().min(1).max(128),
  application: zText().trim().min(1).max(64),
  ipAddress: z.union([z.literal("unknown"), z.union([z.ipv4(), z.ipv6()])]),
});
export type TLoginAuditRequest = z.infer<typeof ZLoginAuditRequestSchema>;
export const ZLoginAuditResponseSchema = z.object({
  id: z.number().int(),
  loginDate: zText(),
  userName: zText(),
  application: zText(),
  ipAddress: zText(),
});

export const ZIpResponseSchema = z.object({ ip: zText() });

/** What the web app needs to know before anyone signs in. */
export const ZPublicConfigSchema = z.object({
  identity: z.enum(["builtin", "cognito"]),
  ipLookupUrls: z.array(zText()),
  demoMode: z.boolean(),
  version: zText(),
});
export type TPublicConfig = z.infer<typeof ZPublicConfigSchema>;

export const ZHealthSchema = z.object({ status: z.literal("ok"), database: z.literal("ok"), version: zText() });
