import type { GridValidRowModel } from "@mui/x-data-grid";
import type { ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { ResourceFormPage } from "../../components/resource/form-page";
import { ResourceListPage } from "../../components/resource/list-page";
import type { ResourceConfig, ResourceDetail } from "../../components/resource/types";
import { instructionImagesConfig, instructionProfilesConfig, instructionsConfig } from "./resources/instructions";
import { machinesConfig } from "./resources/machines";
import { bmcThreadsConfig, fabricsConfig, partProfilesConfig, partsConfig, threadsConfig } from "./resources/materials";
import { attributeProfilesConfig, attributesConfig, optionsConfig } from "./resources/options";
import type { LibraryResourceKey } from "./resources/paths";
import { styleMarkersConfig, stylesConfig } from "./resources/styles";
import { skuMapsConfig } from "./sku-maps/config";

type Screens = { list: () => ReactNode; form: (mode: "new" | "edit") => ReactNode };

/** A resource's list and form screens, each config keeping its own request, detail and row types. */
const screensOf = <
  TRequest extends FieldValues,
  TDetail extends ResourceDetail,
  TRow extends GridValidRowModel & { id: number },
>(
  config: ResourceConfig<TRequest, TDetail, TRow>,
): Screens => ({
  list: () => <ResourceListPage config={config} />,
  form: (mode) => <ResourceFormPage config={config} mode={mode} />,
});

/** Every library resource's screens, by key (loaded with the first library screen opened). */
export const LIBRARY_SCREENS: Record<LibraryResourceKey, Screens> = {
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
