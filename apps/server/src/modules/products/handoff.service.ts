import {
  HANDOFF_MESSAGES,
  type TFacilityTechPackNews,
  type TFacilityTechPackPage,
  type TPageQuery,
  type TProductFields,
  type TTechPackSend,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { HubConfig } from "../../platform/config";
import { badRequest, conflict } from "../../platform/errors";
import type { Mailer } from "../../platform/mail";
import { countOf, orderByFor, searchAny, toPage } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { DETAILS_TAB, type PackContext, pr, tp } from "./scope";

/**
 * The brand-to-factory handoff (issue 23, docs/adr/0010-tech-pack.md): an approved version is sent
 * to one of the brand's facilities; that facility's users list what was sent to them, open it
 * read-only (the first opening is kept for the brand) and get an email when it arrives.
 */

const sends = schema.pdTechPackSends;
const factories = schema.factories;
const clients = schema.clients;
const teams = schema.teams;
const users = schema.users;
const parts = schema.pdTechPackParts;

export type Facility = { id: number; name: string };

/** The facilities a brand works with: its own facility (the default), then those that made its orders. */
export const facilitiesOfTeam = async (
  db: HubDb | HubTx,
  teamId: number,
): Promise<{ facilities: Facility[]; defaultId: number | null }> => {
  const [team] = await db
    .select({ clientId: teams.clientId, factoryId: clients.factoryId })
    .from(teams)
    .leftJoin(clients, eq(clients.clientId, teams.clientId))
    .where(eq(teams.id, teamId));
  if (!team?.clientId) return { facilities: [], defaultId: null };
  const o = schema.orders;
  const rows = await db
    .select({ id: factories.factoryId, name: factories.name })
    .from(factories)
    .where(
      or(
        team.factoryId === null ? undefined : eq(factories.factoryId, team.factoryId),
        // Facilities that made its orders (one indexed probe each: stops at the first order).
        sql`exists (select 1 from ${o} where ${o.clientId} = ${team.clientId} and ${o.factoryId} = ${factories.factoryId})`,
      ),
    )
    .orderBy(asc(factories.name));
  const defaultId = team.factoryId;
  return {
    facilities: [...rows.filter((r) => r.id === defaultId), ...rows.filter((r) => r.id !== defaultId)],
    defaultId,
  };
};

/** Every send of the given versions (only to `factoryIds` when given: a facility sees its own copy only). */
export const sendsOf = async (
  db: HubDb | HubTx,
  stpIds: number[],
  factoryIds?: number[],
): Promise<Map<number, TTechPackSend[]>> => {
  const out = new Map<number, TTechPackSend[]>();
  if (stpIds.length === 0 || factoryIds?.length === 0) return out;
  const rows = await db
    .select({ send: sends, factoryName: factories.name })
    .from(sends)
    .innerJoin(factories, eq(factories.factoryId, sends.factoryId))
    .where(and(inArray(sends.techPackId, stpIds), factoryIds ? inArray(sends.factoryId, factoryIds) : undefined))
    .orderBy(asc(sends.sentAt), asc(sends.id));
  for (const r of rows) {
    const list = out.get(r.send.techPackId) ?? [];
    list.push({
      factoryId: r.send.factoryId,
      factoryName: r.factoryName,
      sentAt: r.send.sentAt.toISOString(),
      sentByName: r.send.sentByName,
      firstOpenedAt: r.send.firstOpenedAt?.toISOString() ?? null,
      acknowledgedAt: r.send.acknowledgedAt?.toISOString() ?? null,
      acknowledgedBy: r.send.acknowledgedBy,
    });
    out.set(r.send.techPackId, list);
  }
  return out;
};

/** A facility user opened a version sent to them: the first time is kept. */
export const markOpened = async (db: HubDb, p: Principal, ctx: PackContext): Promise<void> => {
  if (ctx.viewer !== "facility" || ctx.sendId === null) return;
  await db
    .update(sends)
    .set({ firstOpenedAt: new Date(), firstOpenedBy: p.userName })
    .where(and(eq(sends.id, ctx.sendId), isNull(sends.firstOpenedAt)));
};

/** A person's name as others see it (first and last name, else the user name). */
export const displayNameOf = async (db: HubDb | HubTx, p: Principal): Promise<string> => {
  const [row] = await db
    .select({ name: sql<string>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')` })
    .from(users)
    .where(eq(users.userId, p.userId));
  return row?.name ?? p.userName;
};

/** Records the send of an approved version to one of the brand's facilities (in the caller's transaction). */
export const recordSend = async (
  tx: HubTx,
  p: Principal,
  ctx: PackContext,
  factoryId: number | undefined,
): Promise<Facility> => {
  const { facilities, defaultId } = await facilitiesOfTeam(tx, ctx.product.teamId);
  const chosen = factoryId ?? defaultId;
  if (chosen === null)
    throw badRequest(HANDOFF_MESSAGES.chooseFacility, { factoryId: HANDOFF_MESSAGES.chooseFacility });
  const facility = facilities.find((f) => f.id === chosen);
  if (!facility) throw badRequest(HANDOFF_MESSAGES.notYourFacility, { factoryId: HANDOFF_MESSAGES.notYourFacility });
  const [row] = await tx
    .insert(sends)
    .values({
      techPackId: ctx.pack.id,
      factoryId: facility.id,
      sentBy: p.userName,
      sentByName: await displayNameOf(tx, p),
    })
    .onConflictDoNothing()
    .returning({ id: sends.id });
  if (!row) throw conflict(HANDOFF_MESSAGES.alreadySentTo, { factoryId: HANDOFF_MESSAGES.alreadySentTo });
  return facility;
};

/** Emails the facility's users that a version arrived (after the send committed). */
export const emailFacility = async (
  db: HubDb,
  mailer: Mailer,
  config: HubConfig,
  facility: Facility,
  what: { brand: string; details: TProductFields; version: number; sentBy: string },
): Promise<void> => {
  const people = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(
      and(
        eq(users.available, true),
        eq(users.deliverableEmail, true),
        or(
          eq(users.userFactoryId, facility.id),
          eq(users.manufacturerId, facility.id),
          eq(users.manufacturingFactoryId, facility.id),
        ),
      ),
    );
  const link = `${config.publicUrl.replace(/\/$/, "")}/productDev/techPacks`;
  const title = `${what.details.code} ${what.details.name}, version ${what.version}`;
  for (const person of people) {
    await mailer.send({
      to: person.email,
      subject: `New tech pack from ${what.brand}: ${title}`,
      text: [
        `Hello ${person.firstName},`,
        "",
        `${what.sentBy} of ${what.brand} sent ${facility.name} the tech pack ${title}.`,
        "Open it (read-only, with its PDF) under Tech Packs:",
        link,
      ].join("\n"),
    });
  }
};

/** The brand's name (the team's client) for the facility. */
export const brandOf = async (db: HubDb | HubTx, teamId: number): Promise<string> => {
  const [row] = await db
    .select({ name: sql<string>`coalesce(${clients.clientName}, ${teams.displayName})` })
    .from(teams)
    .leftJoin(clients, eq(clients.clientId, teams.clientId))
    .where(eq(teams.id, teamId));
  return row?.name ?? "";
};

const detailsCode = sql<string>`coalesce(${parts.data}->>'code', ${pr.code})`;
const detailsName = sql<string>`coalesce(${parts.data}->>'name', ${pr.name})`;
const brandName = sql<string>`coalesce(${clients.clientName}, ${teams.displayName})`;

/** The facility's news: versions sent to it that none of its users opened yet, and the newest of them. */
export const facilityTechPackNews = async (db: HubDb, p: Principal): Promise<TFacilityTechPackNews> => {
  if (p.factoryIds.length === 0) return { count: 0, latest: null };
  const where = and(inArray(sends.factoryId, p.factoryIds), isNull(sends.firstOpenedAt));
  const [n] = await db.select({ n: count() }).from(sends).where(where);
  const total = n?.n ?? 0;
  if (total === 0) return { count: 0, latest: null };
  const [latest] = (
    await listFacilityTechPacks(db, p, { page: 0, size: 1, sort: undefined, searchString: undefined }, true)
  ).items;
  return { count: total, latest: latest ?? null };
};

/** The facility's Tech Packs: every version sent to the caller's facilities, newest first (internal admins: all). */
export const listFacilityTechPacks = async (
  db: HubDb,
  p: Principal,
  q: TPageQuery,
  unopenedOnly = false,
): Promise<TFacilityTechPackPage> => {
  if (!p.isInternal && p.factoryIds.length === 0) return toPage([], 0, q);
  const where: SQL | undefined = and(
    p.isInternal ? undefined : inArray(sends.factoryId, p.factoryIds),
    unopenedOnly ? isNull(sends.firstOpenedAt) : undefined,
    searchAny(q.searchString, [detailsCode, detailsName, brandName, factories.name, sends.sentByName]),
  );
  const base = () =>
    db
      .select({
        send: sends,
        stpId: tp.id,
        productId: tp.productId,
        version: tp.version,
        brand: brandName,
        code: detailsCode,
        name: detailsName,
        facility: factories.name,
      })
      .from(sends)
      .innerJoin(tp, eq(tp.id, sends.techPackId))
      .innerJoin(pr, eq(pr.id, tp.productId))
      .innerJoin(teams, eq(teams.id, pr.teamId))
      .leftJoin(clients, eq(clients.clientId, teams.clientId))
      .innerJoin(factories, eq(factories.factoryId, sends.factoryId))
      .leftJoin(parts, and(eq(parts.techPackId, tp.id), eq(parts.tab, DETAILS_TAB)));
  const rows = await base()
    .where(where)
    .orderBy(
      ...orderByFor(q.sort, { sentAt: sends.sentAt, brand: brandName, productCode: detailsCode, version: tp.version }, [
        "sentAt",
        "desc",
      ]),
      desc(sends.id),
    )
    .limit(q.size)
    .offset(q.page * q.size);
  const [total] = await countOf(db, base().where(where));
  return toPage(
    rows.map((r) => ({
      sendId: r.send.id,
      stpId: r.stpId,
      productId: r.productId,
      version: r.version,
      brand: r.brand,
      productCode: r.code,
      productName: r.name,
      sentAt: r.send.sentAt.toISOString(),
      sentByName: r.send.sentByName,
      facility: r.facility,
      firstOpenedAt: r.send.firstOpenedAt?.toISOString() ?? null,
    })),
    total?.n ?? 0,
    q,
  );
};
