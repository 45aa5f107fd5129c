import type { TSoftwareRequest, TSoftwareRequestResult } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq } from "drizzle-orm";
import type { HubConfig } from "../../platform/config";
import { forbidden } from "../../platform/errors";
import type { Mailer } from "../../platform/mail";
import type { Principal } from "../../platform/principal";

const INTERNAL_TYPE_ID = 1;

/** Who gets software requests: ADMIN_EMAILS, else every available internal (icreate) user with a deliverable email. */
const recipients = async (db: HubDb, config: HubConfig): Promise<string[]> => {
  if (config.adminEmails.length > 0) return config.adminEmails;
  const rows = await db
    .select({ email: schema.users.email })
    .from(schema.users)
    .where(
      and(
        eq(schema.users.typeId, INTERNAL_TYPE_ID),
        eq(schema.users.available, true),
        eq(schema.users.deliverableEmail, true),
      ),
    )
    .orderBy(asc(schema.users.userId));
  return [...new Set(rows.map((r) => r.email.toLowerCase()))];
};

/** POST /softwareRequest: stores the request and emails it to the Hub's admins. */
export const sendSoftwareRequest = async (
  db: HubDb,
  config: HubConfig,
  mailer: Mailer,
  p: Principal,
  body: TSoftwareRequest,
): Promise<TSoftwareRequestResult> => {
  const clientId = p.isInternal ? p.sessionClientId : p.clientId;
  if (!p.isInternal && clientId === null) throw forbidden("Software requests are for users of a client.");
  const [user] = await db
    .select({ email: schema.users.email, firstName: schema.users.firstName, lastName: schema.users.lastName })
    .from(schema.users)
    .where(eq(schema.users.userId, p.userId));
  const [client] =
    clientId === null
      ? []
      : await db
          .select({ clientName: schema.clients.clientName, siteName: schema.clients.siteName })
          .from(schema.clients)
          .where(eq(schema.clients.clientId, clientId));
  const [row] = await db
    .insert(schema.softwareRequests)
    .values({ clientId, userId: p.userId > 0 ? p.userId : null, subject: body.subject, body: body.body })
    .returning({ id: schema.softwareRequests.id, createdAt: schema.softwareRequests.createdAt });
  if (!row) throw new Error("software request insert failed");
  const who = [user?.firstName, user?.lastName].filter(Boolean).join(" ") || p.userName;
  const text = [
    `${who} (${p.userName}${user?.email ? `, ${user.email}` : ""}) sent a software request.`,
    `Client: ${client ? `${client.clientName} (${client.siteName}, id ${clientId})` : "none (internal user)"}`,
    `Request #${row.id}, ${row.createdAt.toISOString()}`,
    "",
    `Subject: ${body.subject}`,
    "",
    body.body,
  ].join("\n");
  const to = await recipients(db, config);
  for (const address of to) await mailer.send({ to: address, subject: `Software request: ${body.subject}`, text });
  return { id: row.id, sentTo: to.length, createdAt: row.createdAt.toISOString() };
};
