import { DESIGN_LIBRARY_MESSAGES } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { badRequest, forbidden } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { teamOwner } from "../../platform/resource/owners";
import {
  ensureOwnedRefs,
  type ResourceDef,
  type ResourceNarrow,
  type ResourceSpec,
  type ResourceTable,
  resourceKey,
} from "../../platform/resource/resource";
import { resourceRoutes } from "../../platform/resource/resource-routes";
import { resourceService } from "../../platform/resource/resource-service";
import { currentTeamOf } from "../teams/current";

/**
 * The design library's resources: the resource engine with the team as owner, audited as
 * designLibrary.{key}.*; their operations (spec 7's findAll/findById/create/update?id/delete?id
 * under /productDev/libary/{key}) and who may call them are declared in contracts
 * (design-library/resources-api.ts). Lists narrow to the caller's current team (or the teamId asked for).
 */
export type DesignTable = ResourceTable<"teamId">;
export type DesignResource<TReq, TDetail = Record<string, unknown>> = ResourceSpec<TReq, TDetail, "teamId">;

const tu = schema.teamUsers;

/** spec 7's userId and teamId: a member's lists show the current team; internal admins every team or the one named. */
export const narrowTo =
  (column: PgColumn): ResourceNarrow =>
  async (db: HubDb, p: Principal, q: Record<string, unknown>): Promise<SQL | undefined> => {
    const teamId = typeof q.teamId === "number" ? q.teamId : undefined;
    const userId = typeof q.userId === "number" ? q.userId : undefined;
    if (userId !== undefined && userId !== p.userId) {
      if (!p.isInternal) throw forbidden(DESIGN_LIBRARY_MESSAGES.otherUser);
      if (teamId === undefined)
        return inArray(
          column,
          sql`(select ${tu.teamId} from ${tu} where ${and(
            eq(tu.userId, userId),
            eq(tu.pending, false),
            or(isNull(tu.invitationStatus), eq(tu.invitationStatus, "ACCEPTED")),
          )})`,
        );
    }
    const current = await currentTeamOf(db, p, teamId);
    if (current === null) return p.isInternal ? undefined : sql`false`;
    return eq(column, current.teamId);
  };

const mounted = <TReq, TDetail>(r: DesignResource<TReq, TDetail>): ResourceDef<TReq, TDetail, "teamId"> => ({
  ...r,
  owner: teamOwner,
  audit: `designLibrary.${resourceKey(r.api)}`,
  narrow: narrowTo(r.table.teamId),
});

export const designService = <TReq, TDetail>(r: DesignResource<TReq, TDetail>) => resourceService(mounted(r));

export const designResource = <TReq, TDetail>(db: HubDb, r: DesignResource<TReq, TDetail>) =>
  resourceRoutes(db, mounted(r));

/** A chosen brand supplier must be one of the team's (else 400 naming the field). */
export const teamSupplier = async (
  tx: HubTx,
  supplierId: number | null | undefined,
  teamId: number,
  field = "supplierId",
): Promise<number | null> => {
  if (supplierId == null) return null;
  await ensureOwnedRefs(
    tx,
    { table: schema.pdSuppliers, ownerColumn: schema.pdSuppliers.teamId, ownerId: teamId },
    [supplierId],
    field,
    "Supplier",
    "in this team's library",
  );
  return supplierId;
};

/** A chosen image must be a library upload of the team itself (pd_team_files), not of another team of its client. */
export const teamImage = async (
  tx: HubTx,
  fileId: number | null | undefined,
  teamId: number,
  field = "imageFileId",
): Promise<number | null> => {
  if (fileId == null) return null;
  const f = schema.storedFiles;
  const [row] = await tx
    .select({ id: f.id })
    .from(f)
    .innerJoin(schema.pdTeamFiles, eq(schema.pdTeamFiles.fileId, f.id))
    .where(and(eq(f.id, fileId), eq(schema.pdTeamFiles.teamId, teamId), eq(f.area, DESIGN_UPLOAD_AREA)));
  if (!row) throw badRequest("That image does not exist in this team's files.", { [field]: "Unknown image" });
  return fileId;
};

export const DESIGN_UPLOAD_AREA = "pd-library";
