import type { HubDb } from "@hub/db";
import { sql } from "drizzle-orm";
import type { HubConfig } from "../../platform/config";
import { rowsOf } from "../../platform/database";
import type { Mailer } from "../../platform/mail";

export const MESSAGES_EMAIL_QUEUE = "messages-email";

/**
 * Sends the messages people asked for by email (their preference when the message was written),
 * a batch a minute: each recipient row is claimed (`emailed_at` set) in the statement that picks it,
 * so two workers never send one twice; a send that fails is released for the next sweep. A person
 * whose address bounces (`deliverable_email` false) is skipped.
 */
export const sendMessageEmails = async (deps: { db: HubDb; mailer: Mailer; config: HubConfig }, limit = 100) => {
  const { db, mailer, config } = deps;
  const rows = rowsOf<{
    message_id: number;
    user_id: number;
    email: string;
    title: string;
    body: string | null;
    link: string | null;
  }>(
    await db.execute(sql`
      with picked as (
        select r.message_id, r.user_id from user_message_recipients r
        where r.email and r.emailed_at is null
        order by r.message_id limit ${limit} for update skip locked),
      claimed as (
        update user_message_recipients r set emailed_at = now() from picked
        where r.message_id = picked.message_id and r.user_id = picked.user_id
        returning r.message_id, r.user_id)
      select c.message_id, c.user_id, u.email, m.title, m.body, m.link
      from claimed c join users u on u.user_id = c.user_id join user_messages m on m.id = c.message_id
      where u.deliverable_email and u.available`),
  );
  let sent = 0;
  for (const row of rows) {
    const link = row.link ? `\n\n${config.publicUrl.replace(/\/$/, "")}${row.link}` : "";
    try {
      await mailer.send({
        to: row.email,
        subject: row.title,
        text: `${row.body ?? row.title}${link}\n\nYou get this by email because you asked for it under Messages in the Hub.`,
      });
      sent++;
    } catch {
      await db.execute(
        sql`update user_message_recipients set emailed_at = null where message_id = ${row.message_id} and user_id = ${row.user_id}`,
      );
    }
  }
  return sent;
};
