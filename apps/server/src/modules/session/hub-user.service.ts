import { CLIENT_MESSAGES, GENERATED_USER_TYPE_ID, type TBrandSignUp } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, sql } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import { isUniqueViolation } from "../../platform/db-errors";
import { badRequest, conflict } from "../../platform/errors";
import { isSiteNameTaken } from "../clients/clients.service";

type IdentityAttributes = {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  /** A brand sign-up's request (identity_users.pending_brand; Cognito: the sign-up's clientMetadata). */
  pendingBrand?: TBrandSignUp | null;
};

/** Field keys match the sign-up form's (`brand.siteName`, `brand.subscriptionId`). */
export const BRAND_MESSAGES = {
  planUnknown: "Choose one of the plans",
  siteNameTakenMeanwhile:
    "This site name was taken by another brand while you were confirming. Register again with another site name.",
} as const;

const planExists = async (db: HubDb | HubTx, subscriptionId: number): Promise<boolean> => {
  const [plan] = await db
    .select({ id: schema.subscriptions.subscriptionId })
    .from(schema.subscriptions)
    .where(eq(schema.subscriptions.subscriptionId, subscriptionId));
  return Boolean(plan);
};

/**
 * Refuses a brand sign-up up front: an unknown plan (400) or a site name another client uses,
 * compared case-insensitively (409). Errors name the form's fields.
 */
export const assertBrandSignUpAllowed = async (db: HubDb | HubTx, brand: TBrandSignUp): Promise<void> => {
  if (!(await planExists(db, brand.subscriptionId))) {
    throw badRequest(BRAND_MESSAGES.planUnknown, { "brand.subscriptionId": BRAND_MESSAGES.planUnknown });
  }
  if (await isSiteNameTaken(db, brand.siteName)) {
    throw conflict(CLIENT_MESSAGES.siteNameTaken, { "brand.siteName": CLIENT_MESSAGES.siteNameTaken });
  }
};

const takenMeanwhile = () =>
  conflict(BRAND_MESSAGES.siteNameTakenMeanwhile, { "brand.siteName": BRAND_MESSAGES.siteNameTakenMeanwhile });

/**
 * Creates the Hub's user record from the identity attributes, exactly as spec section 3 builds it
 * (typeId 5, available, deliverable email, not an internal admin, not a test user, no colour
 * palette, no manufacturer or factory), in one transaction (a savepoint when given one).
 *
 * - A brand sign-up (`pendingBrand`) creates the brand's client (its plan, no facility, active) and
 *   makes the person its client admin on its site; audited as `client.signup`. A site name taken
 *   since sign-up answers 409 and writes nothing. A brand sign-up ignores invitations: the person
 *   asked for a new client, so any invitation to their email stays open.
 * - Otherwise, when the email was invited by a client, the user joins that client (clientId,
 *   defaultSite, not a client admin) and the invitation is marked registered.
 *
 * Idempotent: an existing record is left as it is.
 */
export const ensureHubUser = async (db: HubDb | HubTx, attrs: IdentityAttributes): Promise<number> => {
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ userId: schema.users.userId })
        .from(schema.users)
        .where(sql`lower(${schema.users.userName}) = lower(${attrs.username})`);
      if (existing) return existing.userId;

      const base = {
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
      };

      const brand = attrs.pendingBrand;
      if (brand) {
        if (!(await planExists(tx, brand.subscriptionId))) {
          throw badRequest(BRAND_MESSAGES.planUnknown, { "brand.subscriptionId": BRAND_MESSAGES.planUnknown });
        }
        if (await isSiteNameTaken(tx, brand.siteName)) throw takenMeanwhile();
        const [client] = await tx
          .insert(schema.clients)
          .values({
            clientName: brand.clientName,
            siteName: brand.siteName,
            subscriptionId: brand.subscriptionId,
            factoryId: null,
            active: true,
          })
          .returning({ clientId: schema.clients.clientId });
        if (!client) throw new Error("client insert failed");
        const [created] = await tx
          .insert(schema.users)
          .values({
            ...base,
            clientId: client.clientId,
            defaultSite: brand.siteName,
            allowedSites: [brand.siteName],
            isClientAdmin: true,
          })
          .returning({ userId: schema.users.userId });
        if (!created) throw new Error("user record insert failed");
        await recordAudit(tx, {
          actor: attrs.username,
          action: "client.signup",
          subject: `client:${client.clientId}`,
          detail: {
            clientName: brand.clientName,
            siteName: brand.siteName,
            subscriptionId: brand.subscriptionId,
            userName: attrs.username,
          },
        });
        return created.userId;
      }

      const [invitation] = await tx
        .select({
          id: schema.pendingUsers.id,
          clientId: schema.pendingUsers.clientId,
          siteName: schema.clients.siteName,
        })
        .from(schema.pendingUsers)
        .innerJoin(schema.clients, eq(schema.clients.clientId, schema.pendingUsers.clientId))
        .where(
          and(
            sql`lower(${schema.pendingUsers.email}) = lower(${attrs.email})`,
            eq(schema.pendingUsers.registered, false),
          ),
        )
        .orderBy(sql`${schema.pendingUsers.createdAt} desc`)
        .limit(1);

      const [created] = await tx
        .insert(schema.users)
        .values({
          ...base,
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
  } catch (error) {
    // Two brands confirming the same site name at once: the unique index decides, with the field.
    if (attrs.pendingBrand && isUniqueViolation(error)) throw takenMeanwhile();
    throw error;
  }
};
