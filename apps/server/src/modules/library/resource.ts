import { LIBRARY_EDITOR_TYPES } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { facilityOwner } from "../../platform/resource/owners";
import {
  type ResourceDef,
  type ResourceSpec,
  type ResourceTable,
  resourceRoutes,
  resourceService,
} from "../../platform/resource/resource";

export { toWire, type UniqueRule } from "../../platform/resource/resource";

/**
 * The manufacturing library's resources: the platform's resource engine with the facility as
 * owner, under /library/{key}, audited as library.{key}.*, written by LIBRARY_EDITOR_TYPES.
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
    prefix: "/library",
    audit: `library.${r.key}`,
    editors: LIBRARY_EDITOR_TYPES,
    tags: ["library"],
  };
};

export const libraryService = <TReq, TDetail>(r: LibraryResource<TReq, TDetail>) => resourceService(mounted(r));

export const libraryResource = <TReq, TDetail>(db: HubDb, r: LibraryResource<TReq, TDetail>) =>
  resourceRoutes(db, mounted(r));
