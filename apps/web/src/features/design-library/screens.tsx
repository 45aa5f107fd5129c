import { type ResourceScreens, screensOf } from "../../components/resource/screens";
import { ITEM_CONFIGS, pomTemplatesConfig, sizesConfig, suppliersConfig } from "./configs";

/** Every design-library page's screens, by its key (loaded with the first one opened). */
const SCREENS: Record<string, ResourceScreens> = {
  ...Object.fromEntries(Object.entries(ITEM_CONFIGS).map(([key, config]) => [key, screensOf(config)])),
  suppliers: screensOf(suppliersConfig),
  sizes: screensOf(sizesConfig),
  pomTemplates: screensOf(pomTemplatesConfig),
};

export function DesignListScreen({ page }: { page: string }) {
  return SCREENS[page]?.list() ?? null;
}

export function DesignFormScreen({ page, mode }: { page: string; mode: "new" | "edit" }) {
  return SCREENS[page]?.form(mode) ?? null;
}
