import { type ResourceScreens, screensOf } from "../../components/resource/screens";
import { instructionImagesConfig, instructionProfilesConfig, instructionsConfig } from "./resources/instructions";
import { machinesConfig } from "./resources/machines";
import { bmcThreadsConfig, fabricsConfig, partProfilesConfig, partsConfig, threadsConfig } from "./resources/materials";
import { attributeProfilesConfig, attributesConfig, optionsConfig } from "./resources/options";
import type { LibraryResourceKey } from "./resources/paths";
import { styleMarkersConfig, stylesConfig } from "./resources/styles";
import { skuMapsConfig } from "./sku-maps/config";

/** Every library resource's screens, by key (loaded with the first library screen opened). */
export const LIBRARY_SCREENS: Record<LibraryResourceKey, ResourceScreens> = {
  styles: screensOf(stylesConfig),
  styleMarkers: screensOf(styleMarkersConfig),
  options: screensOf(optionsConfig),
  attributes: screensOf(attributesConfig),
  attributeProfiles: screensOf(attributeProfilesConfig),
  instructions: screensOf(instructionsConfig),
  instructionImages: screensOf(instructionImagesConfig),
  instructionProfiles: screensOf(instructionProfilesConfig),
  fabrics: screensOf(fabricsConfig),
  threads: screensOf(threadsConfig),
  bmcThreads: screensOf(bmcThreadsConfig),
  parts: screensOf(partsConfig),
  partProfiles: screensOf(partProfilesConfig),
  machines: screensOf(machinesConfig),
  skuMaps: screensOf(skuMapsConfig),
};

export function ResourceListScreen({ resource }: { resource: LibraryResourceKey }) {
  return LIBRARY_SCREENS[resource].list();
}

export function ResourceFormScreen({ resource, mode }: { resource: LibraryResourceKey; mode: "new" | "edit" }) {
  return LIBRARY_SCREENS[resource].form(mode);
}
