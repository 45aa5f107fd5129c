import type { TGuardStatus, TPlan, TSubscription, TYourAccount } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, sql } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import { conflict, forbidden, notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";

type Db = HubDb | HubTx;

/** The caller's client with its plan and whether its factory requires a subscription. */
export const clientContext = async (db: Db, clientId: number) => {
  const [row] = await db
    .select({
      clientId: schema.clients.clientId,
      clientName: schema.clients.clientName,
      siteName: schema.clients.siteName,
      subscriptionId: schema.clients.subscriptionId,
      planName: schema.subscriptions.name,
      level: schema.subscriptions.level,
      nbrOfUsers: schema.subscriptions.nbrOfUsers,
      requiresSubscriptions: schema.factories.requiresSubscriptions,
    })
    .from(schema.clients)
    .leftJoin(schema.subscriptions, eq(schema.subscriptions.subscriptionId, schema.clients.subscriptionId))
    .leftJoin(schema.factories, eq(schema.factories.factoryId, schema.clients.factoryId))
    .where(eq(schema.clients.clientId, clientId));
  if (!row) return null;
  const plan: TSubscription | null =
    row.subscriptionId !== null && row.planName !== null && row.level !== null && row.nbrOfUsers !== null
      ? { subscriptionId: row.subscriptionId, name: row.planName, level: row.level, nbrOfUsers: row.nbrOfUsers }
      : null;
  return {
    clientId: row.clientId,
    clientName: row.clientName,
    siteName: row.siteName,
    plan,
    factoryRequiresSubscription: row.requiresSubscriptions ?? false,
  };
};
export type ClientContext = NonNullable<Awaited<ReturnType<typeof clientContext>>>;

/** Active client users: available and not test users (spec 3). */
export const countActiveUsers = async (db: Db, clientId: number): Promise<number> => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.users)
    .where(
      and(eq(schema.users.clientId, clientId), eq(schema.users.available, true), eq(schema.users.testUser, false)),
    );
  return Number(row?.n ?? 0);
};

export const countOpenInvitations = async (db: Db, clientId: number): Promise<number> => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.pendingUsers)
    .where(and(eq(schema.pendingUsers.clientId, clientId), eq(schema.pendingUsers.registered, false)));
  return Number(row?.n ?? 0);
};

/** The caller's client, or 403 for users who belong to none. */
export const requireClient = async (db: Db, me: Principal): Promise<ClientContext> => {
  if (me.clientId === null) throw forbidden("This is for users of a client.");
  const ctx = await clientContext(db, me.clientId);
  if (!ctx) throw forbidden("This is for users of a client.");
  return ctx;
};

/** The caller's client when the caller is its client admin, else 403. */
export const requireClientAdmin = async (
  db: Db,
  me: Principal,
  options: { lock?: boolean } = {},
): Promise<ClientContext> => {
  const ctx = await requireClient(db, me);
  if (!me.isClientAdmin) throw forbidden("Only your client's admin can do this.");
  // `lock` (in a transaction): hold the client's row, so two changes at once (a plan, an invitation) cannot interleave.
  if (options.lock)
    await db
      .select({ id: schema.clients.clientId })
      .from(schema.clients)
      .where(eq(schema.clients.clientId, ctx.clientId))
      .for("update");
  return ctx;
};

export const getYourAccount = async (db: HubDb, me: Principal): Promise<TYourAccount> => {
  const [user] = await db
    .select({
      userId: schema.users.userId,
      userName: schema.users.userName,
      email: schema.users.email,
      firstName: schema.users.firstName,
      lastName: schema.users.lastName,
    })
    .from(schema.users)
    .where(eq(schema.users.userId, me.userId));
  if (!user) throw notFound("Your user record");
  const ctx = me.clientId !== null ? await clientContext(db, me.clientId) : null;
  return {
    profile: { ...user, userType: me.userType },
    client: ctx ? { clientId: ctx.clientId, name: ctx.clientName, site: ctx.siteName } : null,
    plan: ctx?.plan ?? null,
    activeUsers: ctx ? await countActiveUsers(db, ctx.clientId) : 0,
    pendingInvitations: ctx ? await countOpenInvitations(db, ctx.clientId) : 0,
    factoryRequiresSubscription: ctx?.factoryRequiresSubscription ?? false,
    canManage: ctx !== null && me.isClientAdmin,
  };
};

const NEUTRAL: TGuardStatus = { activeUsers: 0, limit: null, needsSubscription: false, planLevel: null };

/** What spec 4's guards decide on. Users who are not client users get a neutral answer. */
export const getGuardStatus = async (db: HubDb, me: Principal): Promise<TGuardStatus> => {
  if (me.userType !== "client" || me.clientId === null) return NEUTRAL;
  const ctx = await clientContext(db, me.clientId);
  if (!ctx) return NEUTRAL;
  return {
    activeUsers: await countActiveUsers(db, ctx.clientId),
    limit: ctx.plan?.nbrOfUsers ?? null,
    needsSubscription: ctx.factoryRequiresSubscription && ctx.plan === null,
    planLevel: ctx.plan?.level ?? null,
  };
};

export const listPlans = async (db: HubDb): Promise<TPlan[]> =>
  db
    .select({
      subscriptionId: schema.subscriptions.subscriptionId,
      name: schema.subscriptions.name,
      level: schema.subscriptions.level,
      nbrOfUsers: schema.subscriptions.nbrOfUsers,
      priceCents: schema.subscriptions.priceCents,
    })
    .from(schema.subscriptions)
    .orderBy(asc(schema.subscriptions.level), asc(schema.subscriptions.subscriptionId));

const planById = async (db: Db, id: number): Promise<TSubscription | null> => {
  const [row] = await db
    .select({
      subscriptionId: schema.subscriptions.subscriptionId,
      name: schema.subscriptions.name,
      level: schema.subscriptions.level,
      nbrOfUsers: schema.subscriptions.nbrOfUsers,
    })
    .from(schema.subscriptions)
    .where(eq(schema.subscriptions.subscriptionId, id));
  return row ?? null;
};

/** Spec 7: a subscription by id. Internal users read any; a client user only its own client's. */
export const getSubscription = async (db: HubDb, me: Principal, id: number): Promise<TSubscription> => {
  if (!me.isInternal) {
    const ctx = me.clientId !== null ? await clientContext(db, me.clientId) : null;
    if (ctx?.plan?.subscriptionId !== id) throw notFound("That subscription");
  }
  const plan = await planById(db, id);
  if (!plan) throw notFound("That subscription");
  return plan;
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Chooses (mode "new") or changes (mode "change") the caller's client's plan. */
export const choosePlan = async (
  db: HubDb,
  me: Principal,
  subscriptionId: number,
  mode: "new" | "change",
): Promise<TSubscription> =>
  db.transaction(async (tx) => {
    const ctx = await requireClientAdmin(tx, me, { lock: true });
    if (mode === "change" && !ctx.plan) throw conflict("Your client has no plan yet. Choose one on New Subscription.");
    if (mode === "new" && ctx.plan)
      throw conflict(`Your client is already on the ${ctx.plan.name} plan. Change it on Manage Subscription.`);
    const plan = await planById(tx, subscriptionId);
    if (!plan) throw notFound("That plan");
    const active = await countActiveUsers(tx, ctx.clientId);
    if (plan.nbrOfUsers < active) {
      const excess = active - plan.nbrOfUsers;
      throw conflict(
        `The ${plan.name} plan allows ${plural(plan.nbrOfUsers, "user")} and your client has ${plural(active, "active user")}. ` +
          `Deactivate ${plural(excess, "user")} (or mark them as test users) first.`,
        { subscriptionId: `Deactivate ${plural(excess, "user")} first` },
      );
    }
    await tx
      .update(schema.clients)
      .set({ subscriptionId: plan.subscriptionId })
      .where(eq(schema.clients.clientId, ctx.clientId));
    await recordAudit(tx, {
      actor: me.userName,
      action: mode === "new" ? "subscription.create" : "subscription.change",
      subject: `client:${ctx.clientId}`,
      detail: { from: ctx.plan?.name ?? null, to: plan.name },
    });
    return plan;
  });
