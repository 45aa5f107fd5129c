import { randomBytes } from "node:crypto";
import {
  FACILITY_WEBHOOK_EVENTS,
  type TWebhookDelivery,
  type TWebhookEndpoint,
  type TWebhookSecret,
  type ZWebhookRequestSchema,
} from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, count, desc, eq, gt, inArray, isNull, or } from "drizzle-orm";
import type { z } from "zod";
import type { HubConfig } from "../../platform/config";
import { badRequest, conflict, forbidden, notFound } from "../../platform/errors";
import type { Jobs } from "../../platform/jobs";
import type { Principal } from "../../platform/principal";
import { encryptSecret } from "../integrations/crypto";
import { actingClientId, adminClientId } from "../integrations/scope";
import { addressRefusal } from "./address-guard";
import { endpointAad } from "./deliver";
import { recordEvent, recordFacilityEvent } from "./events";
import { noteDeliveries } from "./request-events";

/**
 * Webhook endpoints (issue 20) of a client or of a facility. A client's: listed by the client's
 * users with the Account Integration card, changed by its admins (internal admins on a session
 * client). A facility's: listed by its users, changed with the Factory Config card; they hear the
 * events of the clients it serves, except a brand's own (`FACILITY_WEBHOOK_EVENTS`). Another
 * owner's endpoint is a 404. The secret is answered once, when made and when rotated.
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

/** Whose endpoints a call acts on: the caller's facility (a facility user), else a client's. */
type Owner = { clientId: number; factoryId: null } | { clientId: null; factoryId: number };

const ownerOf = (p: Principal, change: boolean): Owner => {
  if (p.isFacility) {
    const factoryId = p.factoryIds[0];
    if (factoryId === undefined) throw forbidden("This is for users of a facility.");
    if (change && !p.cards.has("factoryConfig")) throw forbidden("Changing webhooks needs the Factory Config card.");
    return { clientId: null, factoryId };
  }
  return { clientId: change ? adminClientId(p) : actingClientId(p), factoryId: null };
};

const ownedBy = (o: Owner) => (o.clientId !== null ? eq(w.clientId, o.clientId) : eq(w.factoryId, o.factoryId));

/** A facility's endpoint hears only what a facility may: not a brand's own events. */
const checkEvents = (o: Owner, events: readonly string[]) => {
  if (o.factoryId === null) return;
  const allowed = new Set<string>(FACILITY_WEBHOOK_EVENTS.map((x) => x.type));
  const refused = events.find((x) => !allowed.has(x));
  if (refused) {
    const message = `A facility's endpoint cannot hear ${refused}.`;
    throw badRequest(message, { events: message });
  }
};

const endpointOf = async (db: HubDb, o: Owner, id: number) => {
  const [row] = await db
    .select()
    .from(w)
    .where(and(eq(w.id, id), ownedBy(o)));
  if (!row) throw notFound("That webhook endpoint");
  return row;
};

export const listEndpoints = async (db: HubDb, p: Principal) => {
  const rows = await db
    .select()
    .from(w)
    .where(ownedBy(ownerOf(p, false)))
    .orderBy(asc(w.id));
  return { items: rows.map(answer) };
};

export const createEndpoint = async ({ db, config }: Deps, p: Principal, req: Req): Promise<TWebhookSecret> => {
  const owner = ownerOf(p, true);
  checkEvents(owner, req.events);
  await checkUrl(config, req.url);
  const secret = newSecret();
  const row = await db.transaction(async (tx) => {
    const [made] = await tx
      .insert(w)
      .values({
        clientId: owner.clientId,
        factoryId: owner.factoryId,
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
      .set({ secret: encryptSecret(config.secretKey, secret, endpointAad(owner, made.id)) })
      .where(eq(w.id, made.id))
      .returning();
    return sealed ?? made;
  });
  return { endpoint: answer(row), secret };
};

export const updateEndpoint = async ({ db, config }: Deps, p: Principal, id: number, req: Req) => {
  const owner = ownerOf(p, true);
  checkEvents(owner, req.events);
  const before = await endpointOf(db, owner, id);
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
  await endpointOf(db, ownerOf(p, true), id);
  await db.delete(w).where(eq(w.id, id));
  return null;
};

/** A new secret; the old one keeps signing beside it for 24 hours, so receivers can switch without losing a delivery. */
export const rotateSecret = async ({ db, config }: Deps, p: Principal, id: number): Promise<TWebhookSecret> => {
  const owner = ownerOf(p, true);
  const before = await endpointOf(db, owner, id);
  const secret = newSecret();
  const [row] = await db
    .update(w)
    .set({
      secret: encryptSecret(config.secretKey, secret, endpointAad(owner, id)),
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
  await endpointOf(db, ownerOf(p, false), id);
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
  const owner = ownerOf(p, true);
  const endpoint = await endpointOf(deps.db, owner, id);
  if (!endpoint.enabled) throw conflict("Enable the endpoint to send it a test event.");
  const data = { message: "A test event from the Hub.", endpointId: id };
  const raised = await deps.db.transaction((tx) =>
    owner.clientId !== null
      ? recordEvent(tx, owner.clientId, "webhook.test", data, id)
      : recordFacilityEvent(tx, owner.factoryId, "webhook.test", data, id),
  );
  const [deliveryId] = raised.deliveryIds;
  if (deliveryId === undefined) throw new Error("test delivery not written");
  return oneDelivery(deps.db, deliveryId);
};

/** Resend: the same event again to this endpoint, as a new delivery with its own attempts. */
export const resendDelivery = async (deps: Deps, p: Principal, id: number, deliveryId: number) => {
  const endpoint = await endpointOf(deps.db, ownerOf(p, true), id);
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

/**
 * GET /events?after=: the caller's events after an id, oldest first (a receiver that was down catches
 * up): a client's own; a facility's, those of the clients it serves that a facility may hear.
 */
export const listEvents = async (db: HubDb, p: Principal, q: { after: number; limit: number }) => {
  const o = ownerOf(p, false);
  const mine =
    o.clientId !== null
      ? eq(e.clientId, o.clientId)
      : and(
          eq(e.factoryId, o.factoryId),
          // Its clients' events a facility may hear, and its own test events (not its clients').
          or(
            inArray(
              e.type,
              FACILITY_WEBHOOK_EVENTS.map((x) => x.type),
            ),
            and(eq(e.type, "webhook.test"), isNull(e.clientId)),
          ),
        );
  const rows = await db
    .select()
    .from(e)
    .where(and(mine, gt(e.id, q.after)))
    .orderBy(asc(e.id))
    .limit(q.limit);
  return {
    items: rows.map((r) => ({ id: r.id, type: r.type, createdAt: r.createdAt.toISOString(), data: r.data })),
    next: rows.at(-1)?.id ?? q.after,
  };
};
