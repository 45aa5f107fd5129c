import type { HubDb } from "@hub/db";
import { facilityOwner } from "../../platform/resource/owners";
import { type ResourceDef, type ResourceSpec, type ResourceTable, resourceKey } from "../../platform/resource/resource";
import { resourceRoutes } from "../../platform/resource/resource-routes";
import { resourceService } from "../../platform/resource/resource-service";

export type { UniqueRule } from "../../platform/resource/resource";
export { toWire } from "../../platform/resource/resource-service";

/**
 * The manufacturing library's resources: the platform's resource engine with the facility as
 * owner, audited as library.{key}.*; their operations (under /library/{key}) and who may call them
 * are declared in contracts (library/resources-api.ts).
 */
export type LibraryTable = ResourceTable<"factoryId">;
export type LibraryResource<TReq, TDetail = Record<string, unknown>> = ResourceSpec<TReq, TDetail, "factoryId">;

const mounted = <TReq, TDetail>(r: LibraryResource<TReq, TDetail>): ResourceDef<TReq, TDetail, "factoryId"> => {
  const readScope = r.readScope;
  return {
    ...r,
    // A resource's own read scope (styles offered to clients) is for callers outside the facilities.
    readScope: readScope && ((p) => (p.isInternal || p.isFacility ? undefined : readScope(p))),
    owner: facilityOwner,
    audit: `library.${resourceKey(r.api)}`,
  };
};

export const libraryService = <TReq, TDetail>(r: LibraryResource<TReq, TDetail>) => resourceService(mounted(r));

export const libraryResource = <TReq, TDetail>(db: HubDb, r: LibraryResource<TReq, TDetail>) =>
  resourceRoutes(db, mounted(r));
