import type { GridValidRowModel } from "@mui/x-data-grid";
import type { ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { ResourceFormPage } from "./form-page";
import { ResourceListPage } from "./list-page";
import type { ResourceConfig, ResourceDetail } from "./types";

/** A resource's screens: its list, and its form (new or edit). */
export type ResourceScreens = { list: () => ReactNode; form: (mode: "new" | "edit") => ReactNode };

/** A resource's list and form screens, each config keeping its own request, detail and row types. */
export const screensOf = <
  TRequest extends FieldValues,
  TDetail extends ResourceDetail,
  TRow extends GridValidRowModel & { id: number },
>(
  config: ResourceConfig<TRequest, TDetail, TRow>,
): ResourceScreens => ({
  list: () => <ResourceListPage config={config} />,
  form: (mode) => <ResourceFormPage config={config} mode={mode} />,
});
