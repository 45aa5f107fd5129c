import { type Access, declareApi } from "../common/operation";
import { ZOkSchema } from "../identity/schemas";
import {
  ZAccountIdParamsSchema,
  ZAddressListSchema,
  ZAddressRequestSchema,
  ZAddressSchema,
  ZChangePlanRequestSchema,
  ZClientUserIdParamsSchema,
  ZClientUserSchema,
  ZClientUsersQuerySchema,
  ZClientUsersResponseSchema,
  ZClientUserUpdateSchema,
  ZGuardStatusSchema,
  ZInvitationByEmailQuerySchema,
  ZInvitationCreateSchema,
  ZInvitationListSchema,
  ZInvitationSchema,
  ZPlanListSchema,
  ZSubscriptionSchema,
  ZYourAccountSchema,
} from "./client-account";

/** Every account screen hangs off the Your Account card; client-admin-only actions are checked in the services. */
const YOUR_ACCOUNT: Access = { signedIn: true, card: "yourAccount" };

const errors = [409] as const;
const byId = { params: ZAccountIdParamsSchema, errors } as const;

/** The account area's operations (issue 3): Your Account, plans, client users and invitations, addresses. */
export const clientAccountApi = declareApi("account", {
  yourAccount: {
    method: "GET",
    path: "/yourAccount",
    access: YOUR_ACCOUNT,
    responses: { 200: ZYourAccountSchema },
    errors,
  },
  /** Spec 4's guards: every signed-in user may ask; only client users get numbers. */
  guardStatus: {
    method: "GET",
    path: "/account/guard-status",
    access: { signedIn: true },
    responses: { 200: ZGuardStatusSchema },
    errors,
  },
  /** The plans a brand picks from, before signing up too. */
  plans: { method: "GET", path: "/subscriptions/plans", access: { public: true }, responses: { 200: ZPlanListSchema } },
  subscription: {
    method: "GET",
    path: "/subscription/:id",
    access: YOUR_ACCOUNT,
    ...byId,
    responses: { 200: ZSubscriptionSchema },
  },
  changePlan: {
    method: "PUT",
    path: "/manageSubscription",
    access: YOUR_ACCOUNT,
    body: ZChangePlanRequestSchema,
    responses: { 200: ZSubscriptionSchema },
    errors,
  },
  newPlan: {
    method: "POST",
    path: "/newSubscription",
    access: YOUR_ACCOUNT,
    body: ZChangePlanRequestSchema,
    responses: { 200: ZSubscriptionSchema },
    errors,
  },
  clientUsers: {
    method: "GET",
    path: "/yourClientUsers",
    access: YOUR_ACCOUNT,
    query: ZClientUsersQuerySchema,
    responses: { 200: ZClientUsersResponseSchema },
    errors,
  },
  updateClientUser: {
    method: "PUT",
    path: "/yourClientUsers/:userId",
    access: YOUR_ACCOUNT,
    params: ZClientUserIdParamsSchema,
    body: ZClientUserUpdateSchema,
    responses: { 200: ZClientUserSchema },
    errors,
  },
  invitations: {
    method: "GET",
    path: "/pendingUsers",
    access: YOUR_ACCOUNT,
    responses: { 200: ZInvitationListSchema },
    errors,
  },
  invite: {
    method: "POST",
    path: "/pendingUsers",
    access: YOUR_ACCOUNT,
    body: ZInvitationCreateSchema,
    responses: { 201: ZInvitationSchema },
    errors,
  },
  resendInvitation: {
    method: "POST",
    path: "/pendingUsers/:id/resend",
    access: YOUR_ACCOUNT,
    ...byId,
    responses: { 200: ZInvitationSchema },
  },
  /** Spec 7's pending user by email: the caller's client's open invitation of that address. */
  invitationByEmail: {
    method: "GET",
    path: "/pendingUsers/byEmail",
    access: YOUR_ACCOUNT,
    query: ZInvitationByEmailQuerySchema,
    responses: { 200: ZInvitationSchema },
  },
  /** Spec 7's PUT pendingUsers/{id}: a typo in an open invitation corrected; a changed address is emailed again. */
  updateInvitation: {
    method: "PUT",
    path: "/pendingUsers/:id",
    access: YOUR_ACCOUNT,
    ...byId,
    body: ZInvitationCreateSchema,
    responses: { 200: ZInvitationSchema },
  },
  revokeInvitation: {
    method: "DELETE",
    path: "/pendingUsers/:id",
    access: YOUR_ACCOUNT,
    ...byId,
    responses: { 200: ZOkSchema },
  },
  addresses: {
    method: "GET",
    path: "/addresses",
    access: YOUR_ACCOUNT,
    responses: { 200: ZAddressListSchema },
    errors,
  },
  createAddress: {
    method: "POST",
    path: "/addresses",
    access: YOUR_ACCOUNT,
    body: ZAddressRequestSchema,
    responses: { 201: ZAddressSchema },
    errors,
  },
  updateAddress: {
    method: "PUT",
    path: "/addresses/:id",
    access: YOUR_ACCOUNT,
    ...byId,
    body: ZAddressRequestSchema,
    responses: { 200: ZAddressSchema },
  },
  removeAddress: {
    method: "DELETE",
    path: "/addresses/:id",
    access: YOUR_ACCOUNT,
    ...byId,
    responses: { 200: ZOkSchema },
  },
});
