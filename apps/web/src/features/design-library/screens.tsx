import type { GridValidRowModel } from "@mui/x-data-grid";
import type { ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { ResourceFormPage } from "../../components/resource/form-page";
import { ResourceListPage } from "../../components/resource/list-page";
import type { ResourceConfig, ResourceDetail } from "../../components/resource/types";
import { ITEM_CONFIGS, pomTemplatesConfig, sizesConfig, suppliersConfig } from "./configs";

type Screens = { list: () => ReactNode; form: (mode: "new" | "edit") => ReactNode };

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

/** Every design-library page's screens, by its key (loaded with the first one opened). */
const SCREENS: Record<string, Screens> = {
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
