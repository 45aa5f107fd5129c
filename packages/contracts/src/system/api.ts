import { z } from "zod";
import { type Access, declareApi } from "../common/operation";
import { ZHealthSchema, ZPublicConfigSchema } from "../session/user-profile";

/** The system area's operations: what anyone may ask before signing in. */
export const systemApi = declareApi("system", {
  health: { method: "GET", path: "/health", access: { public: true }, responses: { 200: ZHealthSchema } },
  /** What the web app needs to know before anyone signs in. */
  config: { method: "GET", path: "/config", access: { public: true }, responses: { 200: ZPublicConfigSchema } },
});

/** Who may read the mailbox: it shows sign-up and password-reset codes, so whoever reads it can take any account. */
export const MAILBOX_ACCESS = {
  signedIn: true,
  types: ["icreate"],
  demoOnly: true,
  loopback: { message: "The demo mailbox answers only on the Hub's own machine, or to a signed-in internal admin." },
} as const satisfies Access;

export const ZMailSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.date(),
});

/**
 * The demo mailbox: every email the Hub sent, newest first, in full. Demo mode only, and only for
 * callers on the Hub's machine or signed-in internal admins (MAILBOX_ACCESS). Served under /dev,
 * not /api: its paths here are the whole URL.
 */
export const devApi = declareApi("dev", {
  mailboxJson: {
    method: "GET",
    path: "/dev/mailbox.json",
    access: MAILBOX_ACCESS,
    responses: { 200: z.object({ items: z.array(ZMailSchema) }) },
  },
  /** The same mails as an HTML page (the handler writes the page itself). */
  mailbox: { method: "GET", path: "/dev/mailbox", access: MAILBOX_ACCESS, hidden: true },
});
