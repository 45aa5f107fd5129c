import type { GridValidRowModel } from "@mui/x-data-grid";
import { instructionImagesConfig, instructionProfilesConfig, instructionsConfig } from "./resources/instructions";
import { machinesConfig } from "./resources/machines";
import { bmcThreadsConfig, fabricsConfig, partProfilesConfig, partsConfig, threadsConfig } from "./resources/materials";
import { attributeProfilesConfig, attributesConfig, optionsConfig } from "./resources/options";
import type { LibraryResourceKey } from "./resources/paths";
import { styleMarkersConfig, stylesConfig } from "./resources/styles";
import { LibraryFormPage } from "./shared/library-form-page";
import { LibraryListPage } from "./shared/library-list-page";
import type { LibraryConfig } from "./shared/types";
import { skuMapsConfig } from "./sku-maps/config";

type LibraryRow = GridValidRowModel & { id: number };

/** Every library resource's description, by key (loaded with the first library screen opened). */
export const LIBRARY_CONFIGS = {
  styles: stylesConfig,
  styleMarkers: styleMarkersConfig,
  options: optionsConfig,
  attributes: attributesConfig,
  attributeProfiles: attributeProfilesConfig,
  instructions: instructionsConfig,
  instructionImages: instructionImagesConfig,
  instructionProfiles: instructionProfilesConfig,
  fabrics: fabricsConfig,
  threads: threadsConfig,
  bmcThreads: bmcThreadsConfig,
  parts: partsConfig,
  partProfiles: partProfilesConfig,
  machines: machinesConfig,
  skuMaps: skuMapsConfig,
} as unknown as Record<LibraryResourceKey, LibraryConfig<LibraryRow>>;

export function ResourceListPage({ resource }: { resource: LibraryResourceKey }) {
  return <LibraryListPage config={LIBRARY_CONFIGS[resource]} />;
}

export function ResourceFormPage({ resource, mode }: { resource: LibraryResourceKey; mode: "new" | "edit" }) {
  return <LibraryFormPage config={LIBRARY_CONFIGS[resource]} mode={mode} />;
}
