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
  ZInvitationCreateSchema,
  ZInvitationListSchema,
  ZInvitationSchema,
  ZOkSchema,
  ZPlanListSchema,
  ZSubscriptionSchema,
  ZYourAccountSchema,
} from "@hub/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Access, principalOf } from "../../platform/access";
import type { ModuleDeps } from "../../platform/deps";
import { errorResponses } from "../../platform/errors";
import { createAddress, deleteAddress, listAddresses, updateAddress } from "./addresses.service";
import {
  createInvitation,
  listClientUsers,
  listInvitations,
  resendInvitation,
  revokeInvitation,
  updateClientUser,
} from "./client-users.service";
import { choosePlan, getGuardStatus, getSubscription, getYourAccount, listPlans } from "./subscription.service";

const tags = ["account"];
const errors = errorResponses(409);
/** Every account screen hangs off the Your Account card; client-admin-only actions are checked in the services. */
const yourAccount: Access = { signedIn: true, card: "yourAccount" };

/** The account area's routes (issue 3): Your Account, plans, client users and invitations, addresses. */
export const clientAccountRoutes =
  ({ db, config, mailer }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/yourAccount",
      { config: { access: yourAccount }, schema: { tags, response: { 200: ZYourAccountSchema, ...errors } } },
      async (request) => getYourAccount(db, principalOf(request)),
    );

    /** Spec 4's guards: every signed-in user may ask; only client users get numbers. */
    app.get(
      "/account/guard-status",
      { config: { access: { signedIn: true } }, schema: { tags, response: { 200: ZGuardStatusSchema, ...errors } } },
      async (request) => getGuardStatus(db, principalOf(request)),
    );

    app.get(
      "/subscriptions/plans",
      { config: { access: { public: true } }, schema: { tags, security: [], response: { 200: ZPlanListSchema } } },
      async () => ({ items: await listPlans(db) }),
    );

    app.get(
      "/subscription/:id",
      {
        config: { access: yourAccount },
        schema: { tags, params: ZAccountIdParamsSchema, response: { 200: ZSubscriptionSchema, ...errors } },
      },
      async (request) => getSubscription(db, principalOf(request), request.params.id),
    );

    app.put(
      "/manageSubscription",
      {
        config: { access: yourAccount },
        schema: { tags, body: ZChangePlanRequestSchema, response: { 200: ZSubscriptionSchema, ...errors } },
      },
      async (request) => choosePlan(db, principalOf(request), request.body.subscriptionId, "change"),
    );

    app.post(
      "/newSubscription",
      {
        config: { access: yourAccount },
        schema: { tags, body: ZChangePlanRequestSchema, response: { 200: ZSubscriptionSchema, ...errors } },
      },
      async (request) => choosePlan(db, principalOf(request), request.body.subscriptionId, "new"),
    );

    app.get(
      "/yourClientUsers",
      {
        config: { access: yourAccount },
        schema: {
          tags,
          querystring: ZClientUsersQuerySchema,
          response: { 200: ZClientUsersResponseSchema, ...errors },
        },
      },
      async (request) => listClientUsers(db, principalOf(request), request.query),
    );

    app.put(
      "/yourClientUsers/:userId",
      {
        config: { access: yourAccount },
        schema: {
          tags,
          params: ZClientUserIdParamsSchema,
          body: ZClientUserUpdateSchema,
          response: { 200: ZClientUserSchema, ...errors },
        },
      },
      async (request) => updateClientUser(db, principalOf(request), request.params.userId, request.body),
    );

    app.get(
      "/pendingUsers",
      { config: { access: yourAccount }, schema: { tags, response: { 200: ZInvitationListSchema, ...errors } } },
      async (request) => ({ items: await listInvitations(db, principalOf(request)) }),
    );

    app.post(
      "/pendingUsers",
      {
        config: { access: yourAccount },
        schema: { tags, body: ZInvitationCreateSchema, response: { 201: ZInvitationSchema, ...errors } },
      },
      async (request, reply) =>
        reply.status(201).send(await createInvitation(db, mailer, config, principalOf(request), request.body)),
    );

    app.post(
      "/pendingUsers/:id/resend",
      {
        config: { access: yourAccount },
        schema: { tags, params: ZAccountIdParamsSchema, response: { 200: ZInvitationSchema, ...errors } },
      },
      async (request) => resendInvitation(db, mailer, config, principalOf(request), request.params.id),
    );

    app.delete(
      "/pendingUsers/:id",
      {
        config: { access: yourAccount },
        schema: { tags, params: ZAccountIdParamsSchema, response: { 200: ZOkSchema, ...errors } },
      },
      async (request) => {
        await revokeInvitation(db, principalOf(request), request.params.id);
        return { ok: true as const };
      },
    );

    app.get(
      "/addresses",
      { config: { access: yourAccount }, schema: { tags, response: { 200: ZAddressListSchema, ...errors } } },
      async (request) => ({ items: await listAddresses(db, principalOf(request)) }),
    );

    app.post(
      "/addresses",
      {
        config: { access: yourAccount },
        schema: { tags, body: ZAddressRequestSchema, response: { 201: ZAddressSchema, ...errors } },
      },
      async (request, reply) => reply.status(201).send(await createAddress(db, principalOf(request), request.body)),
    );

    app.put(
      "/addresses/:id",
      {
        config: { access: yourAccount },
        schema: {
          tags,
          params: ZAccountIdParamsSchema,
          body: ZAddressRequestSchema,
          response: { 200: ZAddressSchema, ...errors },
        },
      },
      async (request) => updateAddress(db, principalOf(request), request.params.id, request.body),
    );

    app.delete(
      "/addresses/:id",
      {
        config: { access: yourAccount },
        schema: { tags, params: ZAccountIdParamsSchema, response: { 200: ZOkSchema, ...errors } },
      },
      async (request) => {
        await deleteAddress(db, principalOf(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
