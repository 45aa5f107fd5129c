import { clientAccountApi as api } from "@hub/contracts/client-account/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/access";
import type { ModuleDeps } from "../../platform/deps";
import { register } from "../../platform/operations";
import { createAddress, deleteAddress, listAddresses, updateAddress } from "./addresses.service";
import {
  createInvitation,
  invitationByEmail,
  listClientUsers,
  listInvitations,
  resendInvitation,
  revokeInvitation,
  updateClientUser,
  updateInvitation,
} from "./client-users.service";
import { choosePlan, getGuardStatus, getSubscription, getYourAccount, listPlans } from "./subscription.service";

/**
 * The account area's handlers (issue 3): Your Account, plans, client users and invitations,
 * addresses; what each answers and who may call it is in `clientAccountApi`.
 */
export const clientAccountRoutes =
  ({ db, config, mailer }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, api.yourAccount, async (request) => getYourAccount(db, principalOf(request)));
    register(app, api.guardStatus, async (request) => getGuardStatus(db, principalOf(request)));
    register(app, api.plans, async () => ({ items: await listPlans(db) }));
    register(app, api.subscription, async (request) => getSubscription(db, principalOf(request), request.params.id));
    register(app, api.changePlan, async (request) =>
      choosePlan(db, principalOf(request), request.body.subscriptionId, "change"),
    );
    register(app, api.newPlan, async (request) =>
      choosePlan(db, principalOf(request), request.body.subscriptionId, "new"),
    );

    register(app, api.clientUsers, async (request) => listClientUsers(db, principalOf(request), request.query));
    register(app, api.updateClientUser, async (request) =>
      updateClientUser(db, principalOf(request), request.params.userId, request.body),
    );
    register(app, api.invitations, async (request) => ({ items: await listInvitations(db, principalOf(request)) }));
    register(app, api.invite, async (request, reply) =>
      reply.status(201).send(await createInvitation(db, mailer, config, principalOf(request), request.body)),
    );
    register(app, api.invitationByEmail, async (request) =>
      invitationByEmail(db, principalOf(request), request.query.email),
    );
    register(app, api.updateInvitation, async (request) =>
      updateInvitation(db, mailer, config, principalOf(request), request.params.id, request.body),
    );
    register(app, api.resendInvitation, async (request) =>
      resendInvitation(db, mailer, config, principalOf(request), request.params.id),
    );
    register(app, api.revokeInvitation, async (request) => {
      await revokeInvitation(db, principalOf(request), request.params.id);
      return { ok: true as const };
    });

    register(app, api.addresses, async (request) => ({ items: await listAddresses(db, principalOf(request)) }));
    register(app, api.createAddress, async (request, reply) =>
      reply.status(201).send(await createAddress(db, principalOf(request), request.body)),
    );
    register(app, api.updateAddress, async (request) =>
      updateAddress(db, principalOf(request), request.params.id, request.body),
    );
    register(app, api.removeAddress, async (request) => {
      await deleteAddress(db, principalOf(request), request.params.id);
      return { ok: true as const };
    });
  };
