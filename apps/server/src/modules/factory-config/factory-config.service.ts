import {
  describeSetting,
  FACTORY_SETTING_FIELDS,
  factoryConfigApi,
  factoryHistoryLabel,
  type TFactoryConfig,
  type TFactoryConfigHistoryPage,
  type TFactoryConfigHistoryQuery,
  type TFactoryConfigQuery,
  type TFactorySettingField,
  type TFactorySettings,
  WEEKDAYS,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { asc, count, desc, eq, inArray } from "drizzle-orm";
import { principalMay } from "../../platform/access";
import { recordAudit } from "../../platform/audit";
import { notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { readFactorySettings } from "./settings";

export { recordFacilityListChange } from "./history";
export { autoReleaseOf, readFactorySettings } from "./settings";

/**
 * Factory Config (/factoryConfig): read a facility's settings (the defaults until its first save),
 * save them all at once (the settings row, the labour rate on `factories` and one history row per
 * changed setting, in one transaction), and page its history. A facility user reaches its own
 * facilities only: another's is a 404, as if it did not exist; an internal admin any.
 */

const f = schema.factories;
const fs = schema.factorySettings;
const h = schema.factoryConfigHistory;

const THAT_FACILITY = "That facility";

/**
 * The facility a request is about: a facility user's named one (if it is theirs) or first; an
 * internal admin's named one, else the session client's facility, else the first facility. Anyone
 * else (the route's types let none in) and unknown facilities: 404.
 */
const facilityFor = async (db: HubDb | HubTx, p: Principal, requested: number | undefined): Promise<number> => {
  if (p.isFacility) {
    if (requested !== undefined && !p.factoryIds.includes(requested)) throw notFound(THAT_FACILITY);
    const own = requested ?? p.factoryIds[0];
    if (own === undefined) throw notFound(THAT_FACILITY);
    return own;
  }
  if (!p.isInternal) throw notFound(THAT_FACILITY);
  if (requested !== undefined) return requested;
  if (p.sessionClientId !== null) {
    const [client] = await db
      .select({ factoryId: schema.clients.factoryId })
      .from(schema.clients)
      .where(eq(schema.clients.clientId, p.sessionClientId));
    if (client?.factoryId) return client.factoryId;
  }
  const [first] = await db.select({ id: f.factoryId }).from(f).orderBy(asc(f.factoryId)).limit(1);
  if (!first) throw notFound(THAT_FACILITY);
  return first.id;
};

/** The facilities the caller may choose from: an internal admin every one, a facility user its own. */
const facilitiesOf = (db: HubDb | HubTx, p: Principal) =>
  db
    .select({ factoryId: f.factoryId, name: f.name })
    .from(f)
    .where(p.isInternal ? undefined : inArray(f.factoryId, p.factoryIds.length > 0 ? p.factoryIds : [0]))
    .orderBy(asc(f.name), asc(f.factoryId));

const configOf = async (db: HubDb | HubTx, p: Principal, factoryId: number): Promise<TFactoryConfig> => {
  const stored = await readFactorySettings(db, factoryId);
  const facilities = await facilitiesOf(db, p);
  const facility = facilities.find((x) => x.factoryId === factoryId);
  if (!stored || !facility) throw notFound(THAT_FACILITY);
  return {
    factoryId,
    factoryName: facility.name,
    settings: stored.settings,
    savedAt: stored.savedAt?.toISOString() ?? null,
    savedBy: stored.savedBy,
    canEdit: principalMay(p, factoryConfigApi.save.access),
    facilities,
  };
};

/** GET /factoryConfig. */
export const getFactoryConfig = async (db: HubDb, p: Principal, q: TFactoryConfigQuery): Promise<TFactoryConfig> =>
  configOf(db, p, await facilityFor(db, p, q.factoryId));

/** As stored: the days in week order, the decimals the columns keep (two places), so what is compared is what reads back. */
const cents = (n: number) => Math.round(n * 100) / 100;
const normalised = (s: TFactorySettings): TFactorySettings => ({
  ...s,
  workingDays: WEEKDAYS.filter((d) => s.workingDays.includes(d)),
  defaultBoxLengthIn: cents(s.defaultBoxLengthIn),
  defaultBoxWidthIn: cents(s.defaultBoxWidthIn),
  defaultBoxHeightIn: cents(s.defaultBoxHeightIn),
  cutTableLengthInches: cents(s.cutTableLengthInches),
  cutEndAllowanceInches: cents(s.cutEndAllowanceInches),
});

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * PUT /factoryConfig: every setting at once. In one transaction, with the facility's row locked so
 * two saves are told apart in the history: the settings row (upserted whole), the labour rate, one
 * history row per setting that changed (its value before and after, as people read them) and an
 * audit row. A save that changes nothing writes nothing.
 */
export const saveFactoryConfig = async (
  db: HubDb,
  p: Principal,
  q: TFactoryConfigQuery,
  body: TFactorySettings,
): Promise<TFactoryConfig> => {
  const next = normalised(body);
  return db.transaction(async (tx) => {
    const factoryId = await facilityFor(tx, p, q.factoryId);
    const [locked] = await tx.select({ id: f.factoryId }).from(f).where(eq(f.factoryId, factoryId)).for("update");
    if (!locked) throw notFound(THAT_FACILITY);
    const before = await readFactorySettings(tx, factoryId);
    if (!before) throw notFound(THAT_FACILITY);
    const changed = FACTORY_SETTING_FIELDS.filter((field) => !same(before.settings[field], next[field]));
    if (changed.length > 0) {
      const { labourCentsPerMinute, ...settings } = next;
      if (labourCentsPerMinute !== before.settings.labourCentsPerMinute)
        await tx.update(f).set({ labourCentsPerMinute }).where(eq(f.factoryId, factoryId));
      // The row is written on every save that changes something, so it says who saved last and when.
      const row = { ...settings, updatedAt: new Date(), updatedBy: p.userName };
      await tx
        .insert(fs)
        .values({ factoryId, ...row })
        .onConflictDoUpdate({ target: fs.factoryId, set: row });
      const describe = <K extends TFactorySettingField>(field: K, s: TFactorySettings) =>
        describeSetting(field, s[field]);
      await tx.insert(h).values(
        changed.map((field) => ({
          factoryId,
          field,
          fromValue: describe(field, before.settings),
          toValue: describe(field, next),
          changedBy: p.userName,
        })),
      );
      await recordAudit(tx, {
        actor: p.userName,
        action: "factoryConfig.update",
        subject: `factory:${factoryId}`,
        detail: { fields: changed },
      });
    }
    return configOf(tx, p, factoryId);
  });
};

/** GET /factoryConfig/history: the facility's changes, newest first. */
export const factoryConfigHistory = async (
  db: HubDb,
  p: Principal,
  q: TFactoryConfigHistoryQuery,
): Promise<TFactoryConfigHistoryPage> => {
  const factoryId = await facilityFor(db, p, q.factoryId);
  if (!(await facilitiesOf(db, p)).some((x) => x.factoryId === factoryId)) throw notFound(THAT_FACILITY);
  const where = eq(h.factoryId, factoryId);
  const rows = await db
    .select()
    .from(h)
    .where(where)
    .orderBy(desc(h.id))
    .limit(q.size)
    .offset(q.page * q.size);
  const [total] = await db.select({ n: count() }).from(h).where(where);
  return {
    items: rows.map((r) => ({
      id: r.id,
      at: r.changedAt.toISOString(),
      actor: r.changedBy,
      field: r.field,
      label: factoryHistoryLabel(r.field),
      from: r.fromValue,
      to: r.toValue,
    })),
    total: total?.n ?? 0,
    page: q.page,
    size: q.size,
  };
};
