import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { eq } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import { loadOnce } from "./load-once";

export type MailMessage = { to: string; subject: string; text: string; html?: string };

/** The mail adapter: the outbox keeps every message; SMTP also sends it. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Built-in default: stores messages for the demo mailbox at /dev/mailbox. Needs nothing. */
export const outboxMailer = (db: HubDb): Mailer => ({
  async send(message) {
    await db.insert(schema.mailOutbox).values({ ...message, status: "stored" });
  },
});

/** Production: delivers over SMTP (SMTP_URL, e.g. smtps://user:pass@host:465) and records the outcome. */
export const smtpMailer = (db: HubDb, smtpUrl: string, from: string): Mailer => {
  // nodemailer loads with the first message, not at start.
  const smtp = loadOnce(
    async (): Promise<Transporter> => (await import("nodemailer")).default.createTransport(smtpUrl),
  );
  return {
    async send(message) {
      // Only the envelope is kept: message bodies can carry codes, and SMTP is where they live now.
      const [row] = await db
        .insert(schema.mailOutbox)
        .values({ to: message.to, subject: message.subject, text: "(delivered over SMTP)", status: "stored" })
        .returning({ id: schema.mailOutbox.id });
      try {
        await (await smtp()).sendMail({ from, ...message });
        if (row) await db.update(schema.mailOutbox).set({ status: "sent" }).where(eq(schema.mailOutbox.id, row.id));
      } catch (error) {
        if (row) await db.update(schema.mailOutbox).set({ status: "failed" }).where(eq(schema.mailOutbox.id, row.id));
        throw error;
      }
    },
  };
};
