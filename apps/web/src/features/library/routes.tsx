import type { GridValidRowModel } from "@mui/x-data-grid";
import { lazy } from "react";
import type { RouteObject } from "react-router";
import { CardGuard } from "../../components/guards";
import { importRoutes } from "./import/routes";
import { instructionImagesConfig, instructionProfilesConfig, instructionsConfig } from "./resources/instructions";
import { machinesConfig } from "./resources/machines";
import { bmcThreadsConfig, fabricsConfig, partProfilesConfig, partsConfig, threadsConfig } from "./resources/materials";
import { attributeProfilesConfig, attributesConfig, optionsConfig } from "./resources/options";
import { styleMarkersConfig, stylesConfig } from "./resources/styles";
import type { LibraryConfig } from "./shared/types";
import { skuMapRoutes } from "./sku-maps/routes";
import { styleRoutes } from "./styles/routes";

const ListPage = lazy(() => import("./shared/library-list-page").then((m) => ({ default: m.LibraryListPage })));
const FormPage = lazy(() => import("./shared/library-form-page").then((m) => ({ default: m.LibraryFormPage })));

/** Every library resource's screens, from its description (spec 2.4 paths). */
type LibraryRow = GridValidRowModel & { id: number };

export const LIBRARY_CONFIGS: LibraryConfig<LibraryRow>[] = [
  stylesConfig,
  styleMarkersConfig,
  optionsConfig,
  attributesConfig,
  attributeProfilesConfig,
  instructionsConfig,
  instructionImagesConfig,
  instructionProfilesConfig,
  fabricsConfig,
  threadsConfig,
  bmcThreadsConfig,
  partsConfig,
  partProfilesConfig,
  machinesConfig,
] as unknown as LibraryConfig<LibraryRow>[];

const screens = (config: LibraryConfig<LibraryRow>): RouteObject[] => {
  const guard = (element: React.ReactNode) => <CardGuard card={config.card}>{element}</CardGuard>;
  const listPaths = [...new Set([config.listPath, config.basePath, ...(config.aliases ?? [])])];
  return [
    ...listPaths.map((path) => ({ path, element: guard(<ListPage key={path} config={config} />) })),
    { path: `${config.basePath}/new`, element: guard(<FormPage key="new" config={config} mode="new" />) },
    { path: `${config.basePath}/edit/:id`, element: guard(<FormPage key="edit" config={config} mode="edit" />) },
  ];
};

/** The manufacturing library (issue 4), mounted inside the signed-in shell. Paths are relative to "/". */
export const libraryRoutes: RouteObject[] = [...LIBRARY_CONFIGS.flatMap(screens), ...styleRoutes, ...importRoutes, ...skuMapRoutes];
