import type { TMessageKind } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { type SQL, sql } from "drizzle-orm";

/**
 * Writing a message (issue 20, Messages): one statement in the caller's transaction writes it and a
 * row for each active person it is for, each with whether that person wants this kind by email too
 * (their preference at this moment); the email sweep (email.ts) sends those. Who it is for is a
 * select of `user_id`s (the helpers below), so the message and its recipients are one round trip.
 */
export type NewMessage = {
  kind: TMessageKind;
  title: string;
  body?: string | null;
  link?: string | null;
  clientId?: number | null;
};

export const sendMessage = async (db: HubDb | HubTx, message: NewMessage, recipients: SQL): Promise<void> => {
  await db.execute(sql`
    with m as (insert into user_messages (kind, title, body, link, client_id)
      values (${message.kind}, ${message.title.slice(0, 300)}, ${message.body ?? null}, ${message.link ?? null}, ${message.clientId ?? null})
      returning id)
    insert into user_message_recipients (message_id, user_id, email)
    select m.id, who.user_id, coalesce(pref.email, false)
    from m
    cross join (select distinct r.user_id from (${recipients}) r(user_id)) who
    join users on users.user_id = who.user_id and users.available
    left join user_message_prefs pref on pref.user_id = who.user_id and pref.kind = ${message.kind}`);
};

/** Who a message is for, as a select of user ids. */
export const to = {
  /** A client's people. */
  clientUsers: (clientId: number): SQL => sql`select user_id from users where client_id = ${clientId}`,
  /** A client's admins, and the user named (the one who placed an order), if any. */
  clientAdminsAnd: (clientId: number, userName: string | null): SQL =>
    sql`select user_id from users where client_id = ${clientId} and (is_client_admin or lower(user_name) = lower(${userName ?? ""}))`,
  /** A team's active members (or its admins only). */
  team: (teamId: number, adminsOnly = false): SQL =>
    sql`select user_id from team_users where team_id = ${teamId} and pending = false
      and (invitation_status is null or invitation_status = 'ACCEPTED')
      ${adminsOnly ? sql`and role_name = 'ADMIN'` : sql``}`,
  /** One person, by user name. */
  user: (userName: string): SQL => sql`select user_id from users where lower(user_name) = lower(${userName})`,
};
