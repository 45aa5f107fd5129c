import { z } from "zod";
import { ZIdSchema } from "../common/ids";
import { type Access, declareApi } from "../common/operation";
import { pageOf, ZPageQuerySchema } from "../common/paging";
import { zText } from "../common/text";

/**
 * Messages (spec 3, "user messages and recipients"; issue 20): the inbox under the header's bell.
 * Written by what happens (an order shipped, a payment failed, a tech pack approved or sent, an
 * invitation accepted, a report ready) for the people it concerns; each person reads their own,
 * marks them read one by one or all, and chooses which kinds also come by email.
 */
export const MESSAGE_KINDS = [
  { kind: "order.shipped", label: "An order of yours shipped" },
  { kind: "order.paymentFailed", label: "A payment for an order failed" },
  { kind: "techpack.approved", label: "A tech pack version of your team was approved" },
  { kind: "techpack.sent", label: "A tech pack version of your team was sent to the factory" },
  { kind: "team.invitationAccepted", label: "Someone accepted an invitation to a team you run" },
  { kind: "report.ready", label: "A report you asked for is ready" },
] as const;
export type TMessageKind = (typeof MESSAGE_KINDS)[number]["kind"];
const KINDS = MESSAGE_KINDS.map((k) => k.kind) as [TMessageKind, ...TMessageKind[]];

export const ZMessageSchema = z
  .object({
    id: z.number().int(),
    kind: z.string(),
    title: zText(),
    body: zText().nullable(),
    /** The screen it is about (an app path), or null. */
    link: zText().nullable(),
    createdAt: z.string(),
    readAt: z.string().nullable(),
  })
  .meta({ id: "Message" });
export type TMessage = z.infer<typeof ZMessageSchema>;

export const ZMessagePageSchema = pageOf(ZMessageSchema).extend({ unread: z.number().int() });
export type TMessagePage = z.infer<typeof ZMessagePageSchema>;
export const ZMessageListQuerySchema = ZPageQuerySchema.pick({ page: true, size: true }).extend({
  /** true: unread only. */
  unread: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true"),
});
export const ZUnreadSchema = z.object({ unread: z.number().int() });

export const ZMessagePrefsSchema = z.object({
  items: z.array(z.object({ kind: z.enum(KINDS), label: zText(), email: z.boolean() })),
});
export type TMessagePrefs = z.infer<typeof ZMessagePrefsSchema>;
export const ZMessagePrefsRequestSchema = z.object({
  items: z
    .array(z.object({ kind: z.enum(KINDS, { error: "Choose kinds from the list" }), email: z.boolean() }))
    .max(KINDS.length),
});
export type TMessagePrefsRequest = z.infer<typeof ZMessagePrefsRequestSchema>;

/** Everyone signed in has an inbox of their own: a message of another person is a 404. */
const OWN: Access = { signedIn: true };

export const messagesApi = declareApi("messages", {
  list: {
    method: "GET",
    path: "/messages",
    access: OWN,
    query: ZMessageListQuerySchema,
    responses: { 200: ZMessagePageSchema },
  },
  /** What the bell shows, asked every minute. */
  unreadCount: { method: "GET", path: "/messages/unreadCount", access: OWN, responses: { 200: ZUnreadSchema } },
  markRead: {
    method: "POST",
    path: "/messages/:id/read",
    access: OWN,
    params: z.object({ id: ZIdSchema }),
    responses: { 200: ZMessageSchema },
  },
  markAllRead: { method: "POST", path: "/messages/readAll", access: OWN, responses: { 200: ZUnreadSchema } },
  preferences: {
    method: "GET",
    path: "/messages/preferences",
    access: OWN,
    responses: { 200: ZMessagePrefsSchema },
  },
  savePreferences: {
    method: "PUT",
    path: "/messages/preferences",
    access: OWN,
    body: ZMessagePrefsRequestSchema,
    responses: { 200: ZMessagePrefsSchema },
  },
});
