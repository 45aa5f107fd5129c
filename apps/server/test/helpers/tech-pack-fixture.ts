import { schema } from "@hub/db";
import { and, eq, sql } from "drizzle-orm";
import { type DemoUser, signInDemoUsers, type TestApp } from "./test-app";

/**
 * Northwind's design team with a small design library of its own (inserted here, so the tests do
 * not depend on the demo seed's codes): a jersey in two colour variants, a rib, a main label,
 * three colours, the XS–3XL size range and a tee POM template.
 */
export type TechPackFixture = {
  teamId: number;
  ids: {
    jersey: number;
    jerseyBlack: number;
    jerseyWhite: number;
    rib: number;
    label: number;
    black: number;
    white: number;
    navy: number;
    range: number;
    template: number;
  };
  tokens: Record<DemoUser, string>;
  call: (
    who: DemoUser | null,
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    payload?: unknown,
  ) => ReturnType<TestApp["request"]>;
};

export const techPackFixture = async (t: TestApp, suffix = "T"): Promise<TechPackFixture> => {
  const [team] = await t.db.select().from(schema.teams).where(eq(schema.teams.name, "northwind-design"));
  if (!team) throw new Error("northwind-design team missing");
  const teamId = team.id;
  const li = schema.pdLibraryItems;
  const item = async (kind: string, code: string, name: string, unit: string, costCents: number, attrs = {}) => {
    await t.db
      .insert(li)
      .values({ teamId, kind: kind as "fabrics", code, name, unit, costCents, attrs })
      .onConflictDoNothing();
    const [row] = await t.db
      .select({ id: li.id })
      .from(li)
      .where(and(eq(li.teamId, teamId), eq(li.kind, kind as "fabrics"), sql`lower(${li.code}) = lower(${code})`));
    if (!row) throw new Error(`item ${code} missing`);
    return row.id;
  };
  const variant = async (itemId: number, code: string, name: string, costCents: number) => {
    const lv = schema.pdLibraryVariants;
    await t.db.insert(lv).values({ itemId, code, name, costCents }).onConflictDoNothing();
    const [row] = await t.db
      .select({ id: lv.id })
      .from(lv)
      .where(and(eq(lv.itemId, itemId), eq(lv.code, code)));
    if (!row) throw new Error(`variant ${code} missing`);
    return row.id;
  };
  const jersey = await item("fabrics", `${suffix}-JER`, "Cotton jersey 180 gsm", "m", 800);
  const rib = await item("fabrics", `${suffix}-RIB`, "1x1 rib", "m", 650);
  const label = await item("labels", `${suffix}-LBL`, "Woven main label", "pc", 25);
  const black = await item("colors", `${suffix}-BLK`, "Black", "pc", 0, { hex: "#111111" });
  const white = await item("colors", `${suffix}-WHT`, "White", "pc", 0, { hex: "#ffffff" });
  const navy = await item("colors", `${suffix}-NVY`, "Navy", "pc", 0, { hex: "#1f2a44" });
  const jerseyBlack = await variant(jersey, "BLK", "Jersey black", 900);
  const jerseyWhite = await variant(jersey, "WHT", "Jersey white", 850);

  const sr = schema.pdSizeRanges;
  await t.db
    .insert(sr)
    .values({ teamId, name: `${suffix} XS-3XL`, sizes: ["XS", "S", "M", "L", "XL", "2XL", "3XL"], baseSize: "M" })
    .onConflictDoNothing();
  const [range] = await t.db
    .select({ id: sr.id })
    .from(sr)
    .where(and(eq(sr.teamId, teamId), eq(sr.name, `${suffix} XS-3XL`)));
  const pt = schema.pdPomTemplates;
  await t.db
    .insert(pt)
    .values({ teamId, name: `${suffix} Tee`, sizeRangeId: range?.id ?? null, unit: "cm" })
    .onConflictDoNothing();
  const [template] = await t.db
    .select({ id: pt.id })
    .from(pt)
    .where(and(eq(pt.teamId, teamId), eq(pt.name, `${suffix} Tee`)));
  if (!range || !template) throw new Error("size range or template missing");
  const points = schema.pdPomTemplatePoints;
  await t.db
    .insert(points)
    .values([
      {
        templateId: template.id,
        sortOrder: 1,
        code: "A",
        description: "Chest width 2 cm below armhole",
        tolPlus: 1,
        tolMinus: 1,
        critical: true,
        baseValue: 52,
        gradeRules: { XS: 2, S: 2, L: 2.5, XL: 2.5, "2XL": 3, "3XL": 3 },
      },
      {
        templateId: template.id,
        sortOrder: 2,
        code: "B",
        description: "Body length from HPS",
        tolPlus: 1.5,
        tolMinus: 1,
        critical: false,
        baseValue: 70,
        gradeRules: { XS: 1.5, S: 1.5, L: 1.5, XL: 1.5, "2XL": 1, "3XL": 1 },
      },
    ])
    .onConflictDoNothing();

  const tokens = await signInDemoUsers(t);
  const call: TechPackFixture["call"] = (who, method, url, payload) =>
    t.request({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      ...(who ? { token: tokens[who] } : {}),
    });
  return {
    teamId,
    ids: {
      jersey,
      jerseyBlack,
      jerseyWhite,
      rib,
      label,
      black,
      white,
      navy,
      range: range.id,
      template: template.id,
    },
    tokens,
    call,
  };
};
