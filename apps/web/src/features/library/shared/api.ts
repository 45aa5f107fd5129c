import { libraryResources, type TLibraryResourceKey } from "@hub/contracts/library/resources-api";
import { resourceKeys } from "../../../components/resource/api";

/** Query keys of the library, per resource key (the resource engine's keys of /library/{key}). */
export const libraryKeys = {
  all: () => ["library"],
  resource: (key: TLibraryResourceKey) => resourceKeys(libraryResources[key]).all(),
  lists: (key: TLibraryResourceKey) => resourceKeys(libraryResources[key]).lists(),
  detail: (key: TLibraryResourceKey, id: number) => resourceKeys(libraryResources[key]).detail(id),
};
