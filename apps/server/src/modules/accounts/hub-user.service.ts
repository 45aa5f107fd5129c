import { GENERATED_USER_TYPE_ID } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, sql } from "drizzle-orm";

type IdentityAttributes = { username: string; email: string; firstName: string; lastName: string };

/**
 * Creates the Hub's user record from the identity attributes, exactly as spec section 3 builds it
 * (typeId 5, available, deliverable email, not an internal admin, not a test user, no colour
 * palette, no manufacturer or factory). When the email was invited by a client, the user joins
 * that client (clientId, defaultSite, not a client admin) and the invitation is marked registered.
 * Idempotent: an existing record is left as it is.
 */
export const ensureHubUser = async (db: HubDb, attrs: IdentityAttributes): Promise<number> =>
  db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ userId: schema.users.userId })
      .from(schema.users)
      .where(sql`lower(${schema.users.userName}) = lower(${attrs.username})`);
    if (existing) return existing.userId;

    const [invitation] = await tx
      .select({ id: schema.pendingUsers.id, clientId: schema.pendingUsers.clientId, siteName: schema.clients.siteName })
      .from(schema.pendingUsers)
      .innerJoin(schema.clients, eq(schema.clients.clientId, schema.pendingUsers.clientId))
      .where(and(sql`lower(${schema.pendingUsers.email}) = lower(${attrs.email})`, eq(schema.pendingUsers.registered, false)))
      .orderBy(sql`${schema.pendingUsers.createdAt} desc`)
      .limit(1);

    const [created] = await tx
      .insert(schema.users)
      .values({
        userName: attrs.username,
        email: attrs.email.trim().toLowerCase(),
        firstName: attrs.firstName,
        lastName: attrs.lastName,
        typeId: GENERATED_USER_TYPE_ID,
        available: true,
        deliverableEmail: true,
        isInternalAdmin: false,
        testUser: false,
        colorPalette: null,
        manufacturerId: null,
        userFactoryId: null,
        clientId: invitation?.clientId ?? null,
        defaultSite: invitation?.siteName ?? null,
        allowedSites: invitation ? [invitation.siteName] : [],
        isClientAdmin: false,
      })
      .returning({ userId: schema.users.userId });
    if (!created) throw new Error("user record insert failed");
    if (invitation) {
      await tx.update(schema.pendingUsers).set({ registered: true }).where(eq(schema.pendingUsers.id, invitation.id));
    }
    return created.userId;
  });
