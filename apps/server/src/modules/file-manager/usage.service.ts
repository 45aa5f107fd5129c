import { FILE_MANAGER_MESSAGES, type TFmLink, type TFmUsageList } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, sql } from "drizzle-orm";
import { rowsOf } from "../../platform/database";
import { conflict, notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { assertEditable, packFor } from "../products/scope";
import { readDocumentTab, saveDocumentTab } from "../products/tech-pack-tabs.service";
import { type FmTeam, fileOf, teamOfFile, usesFile } from "./scope";

/** Which of the team's products use a file, and linking a file to a product's Files tab. */

const usagesOf = async (db: HubDb, team: FmTeam, fileId: number): Promise<TFmUsageList> => {
  const rows = rowsOf<{
    product_id: number;
    code: string;
    name: string;
    version: number;
    stp_id: number;
    tabs: string[];
  }>(
    await db.execute(sql`
      select products.id as product_id, products.code, products.name, packs.version, packs.id as stp_id,
        array_agg(parts.tab order by parts.tab) as tabs
      from pd_tech_pack_parts parts
      join pd_tech_packs packs on packs.id = parts.tech_pack_id
      join pd_products products on products.id = packs.product_id
      where products.team_id = ${team.teamId} and ${usesFile(fileId)}
      group by products.id, products.code, products.name, packs.version, packs.id
      order by products.code, packs.version desc`),
  );
  return {
    items: rows.map((r) => ({
      productId: Number(r.product_id),
      code: r.code,
      name: r.name,
      version: Number(r.version),
      stpId: Number(r.stp_id),
      tabs: r.tabs,
    })),
  };
};

export const fileUsedBy = async (db: HubDb, p: Principal, id: number): Promise<TFmUsageList> => {
  const team = await teamOfFile(db, p, id);
  const { file } = await fileOf(db, team, id, "any");
  return usagesOf(db, team, file.id);
};

/**
 * Adds the file to the Files tab of the product's newest version, as a save of that tab would (its
 * version stamp, history, checks). A product of another team is 404; an approved or sent version 409.
 */
export const linkFile = async (db: HubDb, p: Principal, id: number, body: TFmLink): Promise<TFmUsageList> => {
  const team = await teamOfFile(db, p, id);
  const { file } = await fileOf(db, team, id);
  const pr = schema.pdProducts;
  const tp = schema.pdTechPacks;
  const [pack] = await db
    .select({ stpId: tp.id, code: pr.code, version: tp.version })
    .from(pr)
    .innerJoin(tp, and(eq(tp.productId, pr.id), eq(tp.version, pr.latestVersion)))
    .where(and(eq(pr.id, body.productId), eq(pr.teamId, team.teamId)));
  if (!pack) throw notFound("That product");
  const ctx = await packFor(db, p, pack.stpId);
  assertEditable(ctx);
  const tab = (await readDocumentTab(db, p, pack.stpId, "files")) as {
    version: number;
    files: { fileId: number; note: string }[];
  };
  if (tab.files.some((f) => f.fileId === file.id)) throw conflict(FILE_MANAGER_MESSAGES.alreadyLinked);
  if (tab.files.length >= 100) throw conflict(FILE_MANAGER_MESSAGES.tooManyLinked);
  await saveDocumentTab(db, p, pack.stpId, "files", {
    version: tab.version,
    files: [...tab.files, { fileId: file.id, note: body.note ?? "" }],
  });
  return usagesOf(db, team, file.id);
};
