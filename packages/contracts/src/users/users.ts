import { z } from "zod";
import { ACCOUNT_KINDS, ZUserTypeNameSchema } from "../access/user-types";
import { ZDbIdSchema, ZIdParamsSchema, ZIdSchema } from "../common/ids";
import { pageOf, ZPageQuerySchema } from "../common/paging";
import { zText } from "../common/text";
import { ZRegisterUsernameSchema } from "../identity/schemas";
import { ALL_CARDS, NAV_TREE } from "../nav/nav-tree";

/** Contracts of the users area (issue 3): the internal admins' users screens and account creation. */

const id = ZDbIdSchema;
const nullableId = id.nullable();
const email = zText({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .pipe(z.email("Enter a valid email address"))
  .pipe(zText().max(254, "Email must be at most 254 characters"));
const personName = (label: string) =>
  zText({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);
const site = zText()
  .trim()
  .min(1, "A site name cannot be empty")
  .max(100, "A site name must be at most 100 characters");
const card = zText().refine((c) => ALL_CARDS.includes(c), { message: "Unknown card" });

/** The sort fields the users list accepts. */
export const USER_SORT_FIELDS = ["userName", "email", "lastName", "userType", "createdAt"] as const;

/** GET /api/users: the paging contract plus optional filters by user type and client. */
export const ZUserListQuerySchema = ZPageQuerySchema.extend({
  type: ZUserTypeNameSchema.optional(),
  clientId: ZIdSchema.optional(),
});
export type TUserListQuery = z.infer<typeof ZUserListQuerySchema>;

export const ZUserListItemSchema = z
  .object({
    userId: z.number().int(),
    userName: zText(),
    email: zText(),
    firstName: zText(),
    lastName: zText(),
    userType: ZUserTypeNameSchema,
    clientId: z.number().int().nullable(),
    clientName: zText().nullable(),
    available: z.boolean(),
    testUser: z.boolean(),
    roles: z.array(zText()),
    createdAt: zText(),
  })
  .meta({ id: "UserListItem" });
export type TUserListItem = z.infer<typeof ZUserListItemSchema>;

export const ZUserPageSchema = pageOf(ZUserListItemSchema);
export type TUserPage = z.infer<typeof ZUserPageSchema>;
export const ZUserListSchema = z.array(ZUserListItemSchema);

/**
 * A user's card access: what their type and roles give (inherited), their own grants and denials,
 * and what they end up seeing (inherited + granted − denied).
 */
export const ZUserCardAccessSchema = z.object({
  inherited: z.array(zText()),
  granted: z.array(zText()),
  denied: z.array(zText()),
  effective: z.array(zText()),
});
export type TUserCardAccess = z.infer<typeof ZUserCardAccessSchema>;

/** One user with every field of spec 3 an admin edits, their roles and their card access. */
export const ZUserDetailSchema = z
  .object({
    userId: z.number().int(),
    userName: zText(),
    email: zText(),
    firstName: zText(),
    lastName: zText(),
    userType: ZUserTypeNameSchema,
    typeId: z.number().int(),
    roles: z.array(zText()),
    userRoles: z.array(z.object({ id: z.number().int(), roleName: zText() })),
    clientId: z.number().int().nullable(),
    clientName: zText().nullable(),
    defaultSite: zText().nullable(),
    allowedSites: z.array(zText()),
    isClientAdmin: z.boolean(),
    manufacturerId: z.number().int().nullable(),
    userFactoryId: z.number().int().nullable(),
    manufacturingFactoryId: z.number().int().nullable(),
    available: z.boolean(),
    testUser: z.boolean(),
    deliverableEmail: z.boolean(),
    isInternalAdmin: z.boolean(),
    logiComposerUsername: zText().nullable(),
    keyPrefix: zText().nullable(),
    createdAt: zText(),
    cardAccess: ZUserCardAccessSchema,
  })
  .meta({ id: "UserDetail" });
export type TUserDetail = z.infer<typeof ZUserDetailSchema>;

export const ZUserIdParamsSchema = ZIdParamsSchema;

/** PUT /api/users/:id. Roles are role names; card grants are per-user grants and denials by card name. */
export const ZUserUpdateRequestSchema = z
  .object({
    userType: ZUserTypeNameSchema,
    roles: z.array(zText().trim().min(1)).max(50),
    clientId: nullableId,
    defaultSite: site.nullable(),
    allowedSites: z.array(site).max(100, "At most 100 sites"),
    userFactoryId: nullableId,
    manufacturingFactoryId: nullableId,
    available: z.boolean(),
    testUser: z.boolean(),
    isClientAdmin: z.boolean(),
    cardGrants: z.object({ granted: z.array(card).max(200), denied: z.array(card).max(200) }),
  })
  .superRefine((v, ctx) => {
    if (v.isClientAdmin && v.clientId === null) {
      ctx.addIssue({ code: "custom", path: ["isClientAdmin"], message: "A client admin must belong to a client" });
    }
    if (new Set(v.allowedSites.map((s) => s.toLowerCase())).size !== v.allowedSites.length) {
      ctx.addIssue({ code: "custom", path: ["allowedSites"], message: "Each site can be listed once" });
    }
    const both = v.cardGrants.granted.filter((c) => v.cardGrants.denied.includes(c));
    if (both.length > 0) {
      ctx.addIssue({
        code: "custom",
        path: ["cardGrants"],
        message: `A card cannot be both granted and denied: ${both.join(", ")}`,
      });
    }
  });
export type TUserUpdateRequest = z.infer<typeof ZUserUpdateRequestSchema>;

/** POST /api/users: an admin creates an account of one of the kinds spec 1 offers. */
export const ZCreateAccountRequestSchema = z
  .object({
    kind: z.enum(ACCOUNT_KINDS, { error: "Choose the kind of account" }),
    username: ZRegisterUsernameSchema,
    email,
    firstName: personName("First name"),
    lastName: personName("Last name"),
    factoryId: nullableId,
  })
  .superRefine((v, ctx) => {
    if (v.kind !== "icreate" && v.factoryId === null) {
      ctx.addIssue({ code: "custom", path: ["factoryId"], message: "Choose the facility this account works for" });
    }
  });
export type TCreateAccountRequest = z.infer<typeof ZCreateAccountRequestSchema>;

/** The created account. The temporary password is only in the email to the person, never here. */
export const ZCreateAccountResponseSchema = z.object({ user: ZUserDetailSchema, emailSentTo: zText() });
export type TCreateAccountResponse = z.infer<typeof ZCreateAccountResponseSchema>;

export const ZUserTypeSchema = z.object({
  id: z.number().int(),
  name: ZUserTypeNameSchema,
  label: zText(),
  isFacility: z.boolean(),
  isInternal: z.boolean(),
});
export const ZUserTypeListSchema = z.array(ZUserTypeSchema);
export const ZRoleSchema = z.object({ id: z.number().int(), roleName: zText() });
export const ZRoleListSchema = z.array(ZRoleSchema);

/** User-to-role links (spec 6/7): listed by user, created and deleted. */
export const ZUserRoleSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  roleId: z.number().int(),
  roleName: zText(),
});
export type TUserRole = z.infer<typeof ZUserRoleSchema>;
export const ZUserRoleListSchema = z.array(ZUserRoleSchema);
export const ZUserRoleQuerySchema = z.object({ userId: ZIdSchema });
export const ZUserRoleCreateRequestSchema = z.object({
  userId: id,
  roleName: zText().trim().min(1, "Choose a role"),
});
export const ZUserRoleIdParamsSchema = ZIdParamsSchema;

export const ZUsersByEmailQuerySchema = z.object({
  email: zText().trim().toLowerCase().min(1, "Email is required").max(254),
});
export const ZUsersByClientParamsSchema = z.object({ clientId: ZIdSchema });

/** The cards of the nav tree, grouped by section, for the access checklist. */
export const ZCardSectionSchema = z.object({
  title: zText(),
  cards: z.array(z.object({ card: zText(), title: zText(), group: zText() })),
});
export type TCardSection = z.infer<typeof ZCardSectionSchema>;

/**
 * One checkbox per card: a card that opens several items (Assign Tote and All Totes) is listed
 * once, where it first appears, titled with every item it opens.
 */
export const cardSections = (): TCardSection[] => {
  const byCard = new Map<string, { card: string; title: string; group: string }>();
  const sections = NAV_TREE.map((section) => ({
    title: section.title,
    cards: section.groups.flatMap((g) =>
      g.items.flatMap((i) => {
        const seen = byCard.get(i.card);
        if (seen) {
          seen.title = `${seen.title} · ${i.title}`;
          return [];
        }
        const entry = { card: i.card, title: i.title, group: g.title };
        byCard.set(i.card, entry);
        return [entry];
      }),
    ),
  }));
  return sections;
};

/** GET /api/users/form-options: what the edit and create forms choose from. */
export const ZUserFormOptionsSchema = z.object({
  userTypes: ZUserTypeListSchema,
  accountKinds: z.array(z.enum(ACCOUNT_KINDS)),
  roles: ZRoleListSchema,
  clients: z.array(z.object({ clientId: z.number().int(), clientName: zText(), siteName: zText() })),
  factories: z.array(z.object({ factoryId: z.number().int(), name: zText(), kind: zText() })),
  cardSections: z.array(ZCardSectionSchema),
});
export type TUserFormOptions = z.infer<typeof ZUserFormOptionsSchema>;

/** The update request that leaves a user as it is: the edit form's start and the audit's "before". */
export const toUserUpdateRequest = (d: TUserDetail): TUserUpdateRequest => ({
  userType: d.userType,
  roles: d.roles,
  clientId: d.clientId,
  defaultSite: d.defaultSite,
  allowedSites: d.allowedSites,
  userFactoryId: d.userFactoryId,
  manufacturingFactoryId: d.manufacturingFactoryId,
  available: d.available,
  testUser: d.testUser,
  isClientAdmin: d.isClientAdmin,
  cardGrants: { granted: d.cardAccess.granted, denied: d.cardAccess.denied },
});
