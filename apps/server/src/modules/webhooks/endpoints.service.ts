import { randomBytes } from "node:crypto";
import type { TWebhookDelivery, TWebhookEndpoint, TWebhookSecret, ZWebhookRequestSchema } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, count, desc, eq, gt, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { HubConfig } from "../../platform/config";
import { badRequest, conflict, notFound } from "../../platform/errors";
import type { Jobs } from "../../platform/jobs";
import type { Principal } from "../../platform/principal";
import { encryptSecret } from "../integrations/crypto";
import { actingClientId, adminClientId } from "../integrations/scope";
import { addressRefusal } from "./address-guard";
import { endpointAad } from "./deliver";
import { recordEvent } from "./events";
import { noteDeliveries } from "./request-events";

/**
 * A client's webhook endpoints (issue 20): listed by the client's users with the Account
 * Integration card, changed by its admins (internal admins on a session client). Another client's
 * endpoint is a 404. The secret is answered once, when made and when rotated.
 */
const w = schema.webhookEndpoints;
const d = schema.webhookDeliveries;
const e = schema.hubEvents;
const a = schema.webhookAttempts;

type Req = z.output<typeof ZWebhookRequestSchema>;
type Deps = { db: HubDb; config: HubConfig; jobs: Jobs };

const newSecret = () => `whsec_${randomBytes(24).toString("base64")}`;
const iso = (x: Date | null) => (x ? x.toISOString() : null);

const answer = (r: typeof w.$inferSelect): TWebhookEndpoint => ({
  id: r.id,
  url: r.url,
  description: r.description,
  events: r.events,
  enabled: r.enabled,
  disabledReason: r.disabledReason,
  failingSince: iso(r.failingSince),
  previousSecretUntil: r.previousSecretUntil && r.previousSecretUntil > new Date() ? iso(r.previousSecretUntil) : null,
  createdAt: r.createdAt.toISOString(),
});

const checkUrl = async (config: HubConfig, url: string) => {
  const refusal = await addressRefusal(url, config.webhooksAllowPrivate);
  if (refusal) throw badRequest(refusal, { url: refusal });
};

const endpointOf = async (db: HubDb, clientId: number, id: number) => {
  const [row] = await db
    .select()
    .from(w)
    .where(and(eq(w.id, id), eq(w.clientId, clientId)));
  if (!row) throw notFound("That webhook endpoint");
  return row;
};

export const listEndpoints = async (db: HubDb, p: Principal) => {
  const clientId = actingClientId(p);
  const rows = await db.select().from(w).where(eq(w.clientId, clientId)).orderBy(asc(w.id));
  return { items: rows.map(answer) };
};

export const createEndpoint = async ({ db, config }: Deps, p: Principal, req: Req): Promise<TWebhookSecret> => {
  const clientId = adminClientId(p);
  await checkUrl(config, req.url);
  const secret = newSecret();
  const row = await db.transaction(async (tx) => {
    const [made] = await tx
      .insert(w)
      .values({
        clientId,
        url: req.url,
        description: req.description,
        events: req.events,
        enabled: req.enabled,
        secret: "pending",
        createdBy: p.userName,
      })
      .returning();
    if (!made) throw new Error("endpoint not written");
    const [sealed] = await tx
      .update(w)
      .set({ secret: encryptSecret(config.secretKey, secret, endpointAad(clientId, made.id)) })
      .where(eq(w.id, made.id))
      .returning();
    return sealed ?? made;
  });
  return { endpoint: answer(row), secret };
};

export const updateEndpoint = async ({ db, config }: Deps, p: Principal, id: number, req: Req) => {
  const clientId = adminClientId(p);
  const before = await endpointOf(db, clientId, id);
  if (req.url !== before.url) await checkUrl(config, req.url);
  const enabling = req.enabled && !before.enabled;
  const [row] = await db
    .update(w)
    .set({
      url: req.url,
      description: req.description,
      events: req.events,
      enabled: req.enabled,
      // Enabled again by a person: the failure run starts over.
      ...(enabling ? { disabledReason: null, failingSince: null } : {}),
      ...(!req.enabled && before.enabled ? { disabledReason: `Disabled by ${p.userName}` } : {}),
      updatedAt: new Date(),
    })
    .where(eq(w.id, id))
    .returning();
  if (!row) throw notFound("That webhook endpoint");
  return answer(row);
};

export const removeEndpoint = async (db: HubDb, p: Principal, id: number) => {
  const clientId = adminClientId(p);
  await endpointOf(db, clientId, id);
  await db.delete(w).where(eq(w.id, id));
  return null;
};

/** A new secret; the old one keeps signing beside it for 24 hours, so receivers can switch without losing a delivery. */
export const rotateSecret = async ({ db, config }: Deps, p: Principal, id: number): Promise<TWebhookSecret> => {
  const clientId = adminClientId(p);
  const before = await endpointOf(db, clientId, id);
  const secret = newSecret();
  const [row] = await db
    .update(w)
    .set({
      secret: encryptSecret(config.secretKey, secret, endpointAad(clientId, id)),
      previousSecret: before.secret,
      previousSecretUntil: new Date(Date.now() + 24 * 3_600_000),
      updatedAt: new Date(),
    })
    .where(eq(w.id, id))
    .returning();
  if (!row) throw notFound("That webhook endpoint");
  return { endpoint: answer(row), secret };
};

const deliveriesOf = async (db: HubDb, rows: (typeof d.$inferSelect & { eventType: string })[]) => {
  const attempts = rows.length
    ? await db
        .select()
        .from(a)
        .where(
          inArray(
            a.deliveryId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(a.attempt))
    : [];
  return rows.map(
    (r): TWebhookDelivery => ({
      id: r.id,
      eventId: r.eventId,
      eventType: r.eventType,
      status: r.status,
      nextAttemptAt: iso(r.nextAttemptAt),
      createdAt: r.createdAt.toISOString(),
      attempts: attempts
        .filter((x) => x.deliveryId === r.id)
        .map((x) => ({
          attempt: x.attempt,
          at: x.at.toISOString(),
          responseStatus: x.responseStatus,
          responseExcerpt: x.responseExcerpt,
          error: x.error,
          durationMs: x.durationMs,
        })),
    }),
  );
};

const deliveryColumns = {
  id: d.id,
  endpointId: d.endpointId,
  eventId: d.eventId,
  status: d.status,
  attempts: d.attempts,
  nextAttemptAt: d.nextAttemptAt,
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
  eventType: e.type,
};

/** The endpoint's delivery log, newest first, each with its attempts. */
export const listDeliveries = async (db: HubDb, p: Principal, id: number, q: { page: number; size: number }) => {
  const clientId = actingClientId(p);
  await endpointOf(db, clientId, id);
  const rows = await db
    .select(deliveryColumns)
    .from(d)
    .innerJoin(e, eq(e.id, d.eventId))
    .where(eq(d.endpointId, id))
    .orderBy(desc(d.id))
    .limit(q.size)
    .offset(q.page * q.size);
  const [total] = await db.select({ n: count() }).from(d).where(eq(d.endpointId, id));
  return { items: await deliveriesOf(db, rows), total: total?.n ?? 0, page: q.page, size: q.size };
};

const oneDelivery = async (db: HubDb, deliveryId: number) => {
  const rows = await db.select(deliveryColumns).from(d).innerJoin(e, eq(e.id, d.eventId)).where(eq(d.id, deliveryId));
  const [one] = await deliveriesOf(db, rows);
  if (!one) throw notFound("That delivery");
  return one;
};

/** Send test event: a `webhook.test` event to this endpoint alone (enabled or not: it checks the receiver). */
export const sendTest = async (deps: Deps, p: Principal, id: number): Promise<TWebhookDelivery> => {
  const clientId = adminClientId(p);
  const endpoint = await endpointOf(deps.db, clientId, id);
  if (!endpoint.enabled) throw conflict("Enable the endpoint to send it a test event.");
  const raised = await deps.db.transaction((tx) =>
    recordEvent(tx, clientId, "webhook.test", { message: "A test event from the Hub.", endpointId: id }, id),
  );
  const [deliveryId] = raised.deliveryIds;
  if (deliveryId === undefined) throw new Error("test delivery not written");
  return oneDelivery(deps.db, deliveryId);
};

/** Resend: the same event again to this endpoint, as a new delivery with its own attempts. */
export const resendDelivery = async (deps: Deps, p: Principal, id: number, deliveryId: number) => {
  const clientId = adminClientId(p);
  const endpoint = await endpointOf(deps.db, clientId, id);
  if (!endpoint.enabled) throw conflict("Enable the endpoint to resend to it.");
  const [old] = await deps.db
    .select({ eventId: d.eventId })
    .from(d)
    .where(and(eq(d.id, deliveryId), eq(d.endpointId, id)));
  if (!old) throw notFound("That delivery");
  const [made] = await deps.db
    .insert(d)
    .values({ endpointId: id, eventId: old.eventId, status: "pending", nextAttemptAt: new Date() })
    .returning({ id: d.id });
  if (!made) throw new Error("delivery not written");
  // Queued when the response has gone, as a raised event's are (request-events.ts).
  noteDeliveries([made.id]);
  return oneDelivery(deps.db, made.id);
};

/** GET /events?after=: the client's events after an id, oldest first (a receiver that was down catches up). */
export const listEvents = async (db: HubDb, p: Principal, q: { after: number; limit: number }) => {
  const clientId = actingClientId(p);
  const rows = await db
    .select()
    .from(e)
    .where(and(eq(e.clientId, clientId), gt(e.id, q.after)))
    .orderBy(asc(e.id))
    .limit(q.limit);
  return {
    items: rows.map((r) => ({ id: r.id, type: r.type, createdAt: r.createdAt.toISOString(), data: r.data })),
    next: rows.at(-1)?.id ?? q.after,
  };
};
