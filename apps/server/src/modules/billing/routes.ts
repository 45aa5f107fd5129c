import { billingApi as api } from "@hub/contracts/billing/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/access";
import { recordAudit } from "../../platform/audit";
import type { ModuleDeps } from "../../platform/deps";
import { notFound } from "../../platform/errors";
import { idempotencyKeyOf } from "../../platform/idempotency";
import { register } from "../../platform/operations";
import { addPaymentMethod, billingClientOf, moveMoney, namedClient } from "./billing.service";

/** The billing area's handlers (issue 3); what each answers and who may call it is in `billingApi`. */
export const billingRoutes =
  ({ db, billing, config }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, api.paymentMethods, async (request) => {
      const client = await billingClientOf(db, principalOf(request));
      return {
        provider: billing.kind,
        clientId: client.clientId,
        items: await billing.listPaymentMethods(client.clientId),
      };
    });

    register(app, api.addCard, async (request, reply) =>
      reply.status(201).send(await addPaymentMethod({ db, billing }, principalOf(request), "card", request.body)),
    );
    register(app, api.addBankAccount, async (request, reply) =>
      reply
        .status(201)
        .send(await addPaymentMethod({ db, billing }, principalOf(request), "bankAccount", request.body)),
    );

    register(app, api.removePaymentMethod, async (request) => {
      const p = principalOf(request);
      const client = await billingClientOf(db, p);
      const removed = await billing.removePaymentMethod(client, request.params.id);
      if (!removed) throw notFound("That payment method");
      await recordAudit(db, {
        actor: p.userName,
        action: "billing.paymentMethod.remove",
        subject: `client:${client.clientId}`,
        detail: { paymentMethodId: removed.id, kind: removed.kind, label: removed.label },
      });
      return { id: removed.id, deleted: true as const };
    });

    register(app, api.setDefault, async (request) => {
      const p = principalOf(request);
      const client = await billingClientOf(db, p);
      const method = await billing.setDefault(client, request.body.id);
      if (!method) throw notFound("That payment method");
      await recordAudit(db, {
        actor: p.userName,
        action: "billing.paymentMethod.default",
        subject: `client:${client.clientId}`,
        detail: { paymentMethodId: method.id },
      });
      return method;
    });

    register(app, api.charge, async (request, reply) =>
      reply.status(201).send(
        await moveMoney({ db, billing }, principalOf(request), "charge", {
          clientId: request.body.clientId,
          orderId: request.body.orderId,
          amountCents: request.body.chargeAmt,
          idempotencyKey: idempotencyKeyOf(request),
        }),
      ),
    );

    register(app, api.refund, async (request, reply) =>
      reply.status(201).send(
        await moveMoney({ db, billing }, principalOf(request), "refund", {
          clientId: request.body.clientId,
          orderId: request.body.orderId,
          amountCents: request.body.refundAmt,
          idempotencyKey: idempotencyKeyOf(request),
        }),
      ),
    );

    register(app, api.ledger, async (request) => {
      const client = await namedClient(db, request.query.clientId);
      return { items: await billing.ledger(client.clientId, request.query.orderId) };
    });

    register(app, api.portalSession, async (request) => {
      const client = await billingClientOf(db, principalOf(request));
      // Only back to the Hub itself: a return address elsewhere would make the portal an open redirect.
      const fallback = `${config.publicUrl}/paymentMethods`;
      const wanted = request.body?.returnUrl;
      const returnUrl = wanted && new URL(wanted).origin === new URL(config.publicUrl).origin ? wanted : fallback;
      return { url: await billing.createPortalSession(client, returnUrl) };
    });
  };
