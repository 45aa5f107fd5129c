import {
  ZAddBankAccountRequestSchema,
  ZAddCardRequestSchema,
  ZChargeRequestSchema,
  ZLedgerEntrySchema,
  ZLedgerListSchema,
  ZLedgerQuerySchema,
  ZPaymentMethodIdParamsSchema,
  ZPaymentMethodListSchema,
  ZPaymentMethodSchema,
  ZPortalSessionRequestSchema,
  ZPortalSessionResponseSchema,
  ZRefundRequestSchema,
  ZRemovePaymentMethodResponseSchema,
  ZSetDefaultPaymentMethodSchema,
} from "@hub/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Access, principalOf } from "../../platform/access";
import { recordAudit } from "../../platform/audit";
import type { ModuleDeps } from "../../platform/deps";
import { errorResponses, HttpError, notFound } from "../../platform/errors";
import { idempotencyKeyOf } from "../../platform/idempotency";
import { billingClientOf, namedClient } from "./billing.service";

const tags = ["billing"];

const errors = errorResponses(402, 409);

/**
 * Who may call what:
 * - payment methods and the portal: client admins for their own client, internal users for their
 *   session client (400 until one is chosen); everyone else 403;
 * - charge, refund and the ledger: internal (icreate) users, for the client named in the request.
 */
const MANAGE: Access = { signedIn: true, types: ["icreate", "client"] };
const INTERNAL: Access = { signedIn: true, types: ["icreate"] };

/** The billing area's routes (issue 3). */
export const billingRoutes =
  ({ db, billing, config }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/billing/paymentMethods",
      { config: { access: MANAGE }, schema: { tags, response: { 200: ZPaymentMethodListSchema, ...errors } } },
      async (request) => {
        const client = await billingClientOf(db, principalOf(request));
        return {
          provider: billing.kind,
          clientId: client.clientId,
          items: await billing.listPaymentMethods(client.clientId),
        };
      },
    );

    app.post(
      "/billing/cards",
      {
        config: { access: MANAGE },
        schema: { tags, body: ZAddCardRequestSchema, response: { 201: ZPaymentMethodSchema, ...errors } },
      },
      async (request, reply) => {
        const p = principalOf(request);
        const client = await billingClientOf(db, p);
        const method = await billing.addCard(client, request.body);
        await recordAudit(db, {
          actor: p.userName,
          action: "billing.card.add",
          subject: `client:${client.clientId}`,
          detail: { paymentMethodId: method.id, label: method.label },
        });
        return reply.status(201).send(method);
      },
    );

    app.post(
      "/billing/bankAccounts",
      {
        config: { access: MANAGE },
        schema: { tags, body: ZAddBankAccountRequestSchema, response: { 201: ZPaymentMethodSchema, ...errors } },
      },
      async (request, reply) => {
        const p = principalOf(request);
        const client = await billingClientOf(db, p);
        const method = await billing.addBankAccount(client, request.body);
        await recordAudit(db, {
          actor: p.userName,
          action: "billing.bankAccount.add",
          subject: `client:${client.clientId}`,
          detail: { paymentMethodId: method.id, label: method.label },
        });
        return reply.status(201).send(method);
      },
    );

    app.delete(
      "/billing/paymentMethods/:id",
      {
        config: { access: MANAGE },
        schema: {
          tags,
          params: ZPaymentMethodIdParamsSchema,
          response: { 200: ZRemovePaymentMethodResponseSchema, ...errors },
        },
      },
      async (request) => {
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
      },
    );

    app.put(
      "/billing/defaultPaymentMethod",
      {
        config: { access: MANAGE },
        schema: { tags, body: ZSetDefaultPaymentMethodSchema, response: { 200: ZPaymentMethodSchema, ...errors } },
      },
      async (request) => {
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
      },
    );

    app.post(
      "/chargeStripeCustomer",
      {
        config: { access: INTERNAL },
        schema: { tags, body: ZChargeRequestSchema, response: { 201: ZLedgerEntrySchema, ...errors } },
      },
      async (request, reply) => {
        const p = principalOf(request);
        const client = await namedClient(db, request.body.clientId);
        const { entry, replayed } = await billing.charge(client, {
          clientId: client.clientId,
          orderId: request.body.orderId,
          amountCents: request.body.chargeAmt,
          actorUserId: p.userId,
          idempotencyKey: idempotencyKeyOf(request),
        });
        if (!replayed)
          await recordAudit(db, {
            actor: p.userName,
            action: "billing.charge",
            subject: `client:${client.clientId}`,
            detail: {
              ledgerId: entry.id,
              orderId: entry.orderId,
              amountCents: entry.amountCents,
              status: entry.status,
            },
          });
        if (entry.status === "failed")
          throw new HttpError(402, "BAD_REQUEST", entry.failureMessage ?? "The payment was declined.");
        return reply.status(201).send(entry);
      },
    );

    app.post(
      "/refundStripeCustomer",
      {
        config: { access: INTERNAL },
        schema: { tags, body: ZRefundRequestSchema, response: { 201: ZLedgerEntrySchema, ...errors } },
      },
      async (request, reply) => {
        const p = principalOf(request);
        const client = await namedClient(db, request.body.clientId);
        const { entry, replayed } = await billing.refund(client, {
          clientId: client.clientId,
          orderId: request.body.orderId,
          amountCents: request.body.refundAmt,
          actorUserId: p.userId,
          idempotencyKey: idempotencyKeyOf(request),
        });
        if (!replayed)
          await recordAudit(db, {
            actor: p.userName,
            action: "billing.refund",
            subject: `client:${client.clientId}`,
            detail: {
              ledgerId: entry.id,
              orderId: entry.orderId,
              amountCents: entry.amountCents,
              status: entry.status,
            },
          });
        if (entry.status === "failed")
          throw new HttpError(402, "BAD_REQUEST", entry.failureMessage ?? "The refund failed.");
        return reply.status(201).send(entry);
      },
    );

    app.get(
      "/billing/ledger",
      {
        config: { access: INTERNAL },
        schema: { tags, querystring: ZLedgerQuerySchema, response: { 200: ZLedgerListSchema, ...errors } },
      },
      async (request) => {
        const client = await namedClient(db, request.query.clientId);
        return { items: await billing.ledger(client.clientId, request.query.orderId) };
      },
    );

    app.post(
      "/billing/portalSession",
      {
        config: { access: MANAGE },
        schema: {
          tags,
          body: ZPortalSessionRequestSchema.optional(),
          response: { 200: ZPortalSessionResponseSchema, ...errors },
        },
      },
      async (request) => {
        const client = await billingClientOf(db, principalOf(request));
        // Only back to the Hub itself: a return address elsewhere would make the portal an open redirect.
        const fallback = `${config.publicUrl}/paymentMethods`;
        const wanted = request.body?.returnUrl;
        const returnUrl = wanted && new URL(wanted).origin === new URL(config.publicUrl).origin ? wanted : fallback;
        return { url: await billing.createPortalSession(client, returnUrl) };
      },
    );
  };
