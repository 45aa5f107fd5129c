/** Contracts of the account area (issue 3): request and response schemas. */
import { z } from "zod";
import { ZIdParamsSchema, ZIdSchema, zDbId } from "../common/ids";
import { pageOf, ZPageQuerySchema } from "../common/paging";
import { zOptionalText, zText } from "../common/text";
import { NAV_ITEMS } from "../nav/nav-tree";

/** A subscription plan (spec 3): a level (Professional = 2) and how many active users it allows. */
export const ZPlanSchema = z
  .object({
    subscriptionId: z.number().int(),
    name: zText(),
    level: z.number().int(),
    nbrOfUsers: z.number().int(),
    priceCents: z.number().int(),
  })
  .meta({ id: "Plan" });
export type TPlan = z.infer<typeof ZPlanSchema>;

export const ZPlanListSchema = z.object({ items: z.array(ZPlanSchema) });
export type TPlanList = z.infer<typeof ZPlanListSchema>;

/** GET /subscription/:id (spec 7): the level and the user count of one plan. */
export const ZSubscriptionSchema = z.object({
  subscriptionId: z.number().int(),
  name: zText(),
  level: z.number().int(),
  nbrOfUsers: z.number().int(),
});
export type TSubscription = z.infer<typeof ZSubscriptionSchema>;

export const ZAccountIdParamsSchema = ZIdParamsSchema;
export const ZClientUserIdParamsSchema = z.object({ userId: ZIdSchema });

/** PUT /manageSubscription and POST /newSubscription. */
export const ZChangePlanRequestSchema = z.object({
  subscriptionId: zDbId("Choose a plan"),
});
export type TChangePlanRequest = z.infer<typeof ZChangePlanRequestSchema>;

export const ZYourAccountSchema = z.object({
  profile: z.object({
    userId: z.number().int(),
    userName: zText(),
    email: zText(),
    firstName: zText(),
    lastName: zText(),
    userType: zText(),
  }),
  client: z.object({ clientId: z.number().int(), name: zText(), site: zText() }).nullable(),
  plan: ZSubscriptionSchema.nullable(),
  /** The client's users that are available and not test users. */
  activeUsers: z.number().int(),
  pendingInvitations: z.number().int(),
  factoryRequiresSubscription: z.boolean(),
  /** The caller is its client's admin. */
  canManage: z.boolean(),
});
export type TYourAccount = z.infer<typeof ZYourAccountSchema>;

/** What spec 4's guards need; a user without a client gets a neutral answer. */
export const ZGuardStatusSchema = z.object({
  activeUsers: z.number().int(),
  limit: z.number().int().nullable(),
  needsSubscription: z.boolean(),
  planLevel: z.number().int().nullable(),
});
export type TGuardStatus = z.infer<typeof ZGuardStatusSchema>;

export const ZClientUserSchema = z.object({
  userId: z.number().int(),
  userName: zText(),
  email: zText(),
  firstName: zText(),
  lastName: zText(),
  available: z.boolean(),
  testUser: z.boolean(),
  isClientAdmin: z.boolean(),
});
export type TClientUser = z.infer<typeof ZClientUserSchema>;

export const ZClientUsersQuerySchema = ZPageQuerySchema;
export type TClientUsersQuery = z.infer<typeof ZClientUsersQuerySchema>;

export const ZInvitationSchema = z.object({
  id: z.number().int(),
  email: zText(),
  firstName: zText().nullable(),
  clientId: z.number().int(),
  registered: z.boolean(),
  createdAt: zText(),
});
export type TInvitation = z.infer<typeof ZInvitationSchema>;

export const ZInvitationListSchema = z.object({ items: z.array(ZInvitationSchema) });
export type TInvitationList = z.infer<typeof ZInvitationListSchema>;

export const ZClientUsersResponseSchema = pageOf(ZClientUserSchema).extend({ invitations: z.array(ZInvitationSchema) });
export type TClientUsersResponse = z.infer<typeof ZClientUsersResponseSchema>;

export const ZClientUserUpdateSchema = z
  .object({ available: z.boolean().optional(), testUser: z.boolean().optional() })
  .refine((v) => v.available !== undefined || v.testUser !== undefined, { message: "Change available or testUser" });
export type TClientUserUpdate = z.infer<typeof ZClientUserUpdateSchema>;

export const ZInvitationCreateSchema = z.object({
  email: zText().trim().toLowerCase().max(254).pipe(z.email("Enter a valid email address")),
  firstName: zText().trim().min(1, "First name is required").max(100),
});
export type TInvitationCreate = z.infer<typeof ZInvitationCreateSchema>;
export const ZInvitationByEmailQuerySchema = z.object({
  email: zText().trim().toLowerCase().max(254).pipe(z.email("Enter a valid email address")),
});

export const ADDRESS_OWNERS = ["me", "client"] as const;
export const ZAddressOwnerSchema = z.enum(ADDRESS_OWNERS);
export type TAddressOwner = z.infer<typeof ZAddressOwnerSchema>;

export const ZAddressRequestSchema = z.object({
  label: zText().trim().min(1, "Label is required").max(60),
  name: zText().trim().min(1, "Name is required").max(120),
  company: zOptionalText(120),
  line1: zText().trim().min(1, "Address line 1 is required").max(200),
  line2: zOptionalText(200),
  city: zText().trim().min(1, "City is required").max(100),
  region: zOptionalText(100),
  postalCode: zText().trim().min(1, "Postal code is required").max(20),
  country: zText()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "Use the two-letter country code (e.g. US)"),
  phone: zOptionalText(40),
  isDefault: z.boolean(),
  active: z.boolean(),
  owner: ZAddressOwnerSchema,
});
export type TAddressRequest = z.input<typeof ZAddressRequestSchema>;
export type TAddressRequestParsed = z.output<typeof ZAddressRequestSchema>;

export const ZAddressSchema = z.object({
  id: z.number().int(),
  owner: ZAddressOwnerSchema,
  label: zText(),
  name: zText(),
  company: zText().nullable(),
  line1: zText(),
  line2: zText().nullable(),
  city: zText(),
  region: zText().nullable(),
  postalCode: zText(),
  country: zText(),
  phone: zText().nullable(),
  isDefault: z.boolean(),
  active: z.boolean(),
  /** The caller may change it (its own, or its client's when client admin). */
  editable: z.boolean(),
});
export type TAddress = z.infer<typeof ZAddressSchema>;

export const ZAddressListSchema = z.object({ items: z.array(ZAddressSchema) });
export type TAddressList = z.infer<typeof ZAddressListSchema>;

/** The four pages spec 4's user-limit and subscription guards skip. */
export const ACCOUNT_GUARD_SKIP_PATHS = [
  "/yourAccount",
  "/manageSubscription",
  "/newSubscription",
  "/yourClientUsers",
] as const;

/** A path at or under `base`, compared as the router does (case-insensitive, trailing slash ignored). */
const isAtOrUnder = (pathname: string, base: string) => {
  const path = pathname.toLowerCase().replace(/\/+$/, "");
  const root = base.toLowerCase();
  return path === root || path.startsWith(`${root}/`);
};

/**
 * Where spec 4's guards send a client user from `pathname`, or null to stay:
 * (1) more active users than the plan allows → overLimit; (2) the factory requires a subscription
 * and the client has none → needSubscription — both skipped on the four account pages;
 * (3) a route whose minimum plan level (nav tree) is above the client's → insufficientPlan.
 */
export const accountGuardRedirect = (pathname: string, status: TGuardStatus): string | null => {
  const skipped = ACCOUNT_GUARD_SKIP_PATHS.some((path) => isAtOrUnder(pathname, path));
  if (!skipped) {
    if (status.limit !== null && status.activeUsers > status.limit) {
      return `/yourAccount?reason=overLimit&active=${status.activeUsers}&limit=${status.limit}`;
    }
    if (status.needsSubscription) return "/yourAccount?reason=needSubscription";
  }
  const item = NAV_ITEMS.find((i) => i.minPlanLevel !== undefined && isAtOrUnder(pathname, i.path));
  if (item?.minPlanLevel !== undefined && (status.planLevel ?? 0) < item.minPlanLevel) {
    return `/yourAccount?reason=insufficientPlan&required=${item.minPlanLevel}`;
  }
  return null;
};
