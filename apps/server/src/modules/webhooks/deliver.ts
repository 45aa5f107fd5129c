import { WEBHOOK_DISABLE_AFTER_DAYS, WEBHOOK_MESSAGES, WEBHOOK_RETRY_SECONDS } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, inArray, lte, or, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { HubConfig } from "../../platform/config";
import type { Jobs } from "../../platform/jobs";
import type { Mailer } from "../../platform/mail";
import { decryptSecret } from "../integrations/crypto";
import { checkAddress } from "./address-guard";
import { WEBHOOK_QUEUE } from "./events";
import { type OutboundAnswer, postPinned } from "./outbound";

/**
 * One delivery attempt (the `webhook-deliver` job): the event as JSON (`{ id, type, timestamp, data }`),
 * signed per Standard Webhooks with the endpoint's secret (and, within 24 hours of a rotation, the
 * previous one too: two signatures, either verifies), POSTed with a 15 s time-out. A 2xx succeeds; any
 * other answer or none is a failure, kept with its status and the start of its body, and retried on
 * the schedule (immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h) until it gives up. A 410, or
 * failures for 5 days, disables the endpoint and emails the client's admins. A job that dies
 * mid-attempt is retried by pg-boss; the delivery row decides what is left to do, so an attempt that
 * succeeded is never sent again.
 */
const w = schema.webhookEndpoints;
const d = schema.webhookDeliveries;
const e = schema.hubEvents;
const a = schema.webhookAttempts;

export type DeliverDeps = { db: HubDb; config: HubConfig; jobs: Jobs; mailer: Mailer; timeoutMs?: number };

/** The secret's additional data: its endpoint and owner (a client's id; a facility's as `f<id>`). */
export const endpointAad = (owner: { clientId: number | null; factoryId: number | null }, id: number) =>
  `webhook:${owner.clientId ?? `f${owner.factoryId}`}:${id}`;

const EXCERPT = 500;

const excerptOf = async (res: OutboundAnswer): Promise<string | null> => {
  try {
    const text = (await res.text()).replaceAll("\0", "");
    return text ? text.slice(0, EXCERPT) : null;
  } catch {
    return null;
  }
};

const disable = async (deps: DeliverDeps, endpoint: typeof w.$inferSelect, reason: string) => {
  await deps.db
    .update(w)
    .set({ enabled: false, disabledReason: reason, updatedAt: new Date() })
    .where(and(eq(w.id, endpoint.id), eq(w.enabled, true)));
  const us = schema.users;
  const f = endpoint.factoryId;
  // A client's admins; a facility's people (its endpoints are changed with its Factory Config card).
  const owners =
    f !== null
      ? or(eq(us.userFactoryId, f), eq(us.manufacturerId, f), eq(us.manufacturingFactoryId, f))
      : and(eq(us.clientId, endpoint.clientId ?? 0), eq(us.isClientAdmin, true));
  const admins = await deps.db
    .select({ email: us.email })
    .from(us)
    .where(and(owners, eq(us.available, true), eq(us.deliverableEmail, true)));
  for (const admin of admins)
    await deps.mailer
      .send({
        to: admin.email,
        subject: "A webhook endpoint was disabled",
        text: [
          `The Hub disabled the webhook endpoint ${endpoint.url}.`,
          `Why: ${reason}`,
          "",
          `Fix the receiver, then enable the endpoint again under ${f !== null ? "Factory Config" : "Account Integration"} → Webhooks. Events meanwhile`,
          "stay readable over the API (GET /api/events?after=).",
        ].join("\n"),
      })
      .catch(() => undefined);
};

export const deliverWebhook = async (deps: DeliverDeps, deliveryId: number): Promise<void> => {
  const { db } = deps;
  const [row] = await db
    .select({ delivery: d, endpoint: w, event: e })
    .from(d)
    .innerJoin(w, eq(w.id, d.endpointId))
    .innerJoin(e, eq(e.id, d.eventId))
    .where(eq(d.id, deliveryId));
  if (!row || row.delivery.status === "succeeded" || row.delivery.status === "gave_up") return;
  const { delivery, endpoint, event } = row;
  if (!endpoint.enabled) {
    await db
      .update(d)
      .set({ status: "skipped", nextAttemptAt: null, updatedAt: new Date() })
      .where(eq(d.id, deliveryId));
    return;
  }
  const attempt = delivery.attempts + 1;
  const started = Date.now();
  let status: number | null = null;
  let excerpt: string | null = null;
  let error: string | null = null;
  // The addresses checked are the ones connected to (`pin`): the name is not resolved a second time.
  const check = await checkAddress(endpoint.url, deps.config.webhooksAllowPrivate);
  if (check.refusal !== null) error = check.refusal;
  else {
    const aad = endpointAad(endpoint, endpoint.id);
    const secrets = [decryptSecret(deps.config.secretKey, endpoint.secret, aad)];
    if (endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > new Date())
      secrets.push(decryptSecret(deps.config.secretKey, endpoint.previousSecret, aad));
    const msgId = `evt_${event.id}`;
    const timestamp = new Date();
    const body = JSON.stringify({
      id: msgId,
      type: event.type,
      timestamp: event.createdAt.toISOString(),
      data: event.data,
    });
    const signature = secrets
      .filter((s): s is string => s !== null)
      .map((s) => new Webhook(s).sign(msgId, timestamp, body))
      .join(" ");
    try {
      const res = await postPinned(endpoint.url, {
        headers: {
          "content-type": "application/json",
          "user-agent": "TheHub-Webhooks/1",
          "webhook-id": msgId,
          "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
          "webhook-signature": signature,
        },
        body,
        timeoutMs: deps.timeoutMs ?? 15_000,
        pin: check.pin,
      });
      status = res.status;
      excerpt = await excerptOf(res);
    } catch (err) {
      error =
        (err as Error).name === "TimeoutError"
          ? "No answer within 15 s"
          : `Could not connect: ${(err as Error).message}`;
    }
  }
  const ok = status !== null && status >= 200 && status < 300;
  const now = new Date();
  const retryIn = WEBHOOK_RETRY_SECONDS[attempt];
  const next = !ok && status !== 410 && retryIn !== undefined ? new Date(now.getTime() + retryIn * 1000) : null;
  await db.transaction(async (tx) => {
    await tx.insert(a).values({
      deliveryId,
      attempt,
      responseStatus: status,
      responseExcerpt: excerpt,
      error,
      durationMs: Date.now() - started,
    });
    await tx
      .update(d)
      .set({
        attempts: attempt,
        status: ok ? "succeeded" : next ? "failed" : "gave_up",
        nextAttemptAt: next,
        updatedAt: now,
      })
      .where(eq(d.id, deliveryId));
    await tx
      .update(w)
      .set(ok ? { failingSince: null } : { failingSince: sql`coalesce(${w.failingSince}, now())` })
      .where(eq(w.id, endpoint.id));
  });
  if (ok) return;
  if (status === 410) return disable(deps, endpoint, WEBHOOK_MESSAGES.disabledGone);
  const since = endpoint.failingSince ?? now;
  if (now.getTime() - since.getTime() >= WEBHOOK_DISABLE_AFTER_DAYS * 86_400_000)
    return disable(deps, endpoint, WEBHOOK_MESSAGES.disabledFailing);
  if (next && retryIn !== undefined)
    await deps.jobs.send(
      WEBHOOK_QUEUE,
      { deliveryId },
      { singletonKey: `delivery-${deliveryId}-${attempt + 1}`, startAfterSeconds: retryIn },
    );
};

/** Every minute: deliveries whose attempt is due but that no job carries (a process died after committing). */
export const sweepDeliveries = async (deps: DeliverDeps): Promise<void> => {
  const due = await deps.db
    .select({ id: d.id, attempts: d.attempts })
    .from(d)
    .where(and(inArray(d.status, ["pending", "failed"]), lte(d.nextAttemptAt, sql`now() - interval '1 minute'`)))
    .orderBy(asc(d.id))
    .limit(500);
  // A job already queued for this attempt keeps its key: pg-boss refuses the second one.
  for (const x of due)
    await deps.jobs
      .send(WEBHOOK_QUEUE, { deliveryId: x.id }, { singletonKey: `delivery-${x.id}-${x.attempts + 1}` })
      .catch(() => undefined);
  if (due.length > 0) deps.jobs.wake(WEBHOOK_QUEUE);
};
