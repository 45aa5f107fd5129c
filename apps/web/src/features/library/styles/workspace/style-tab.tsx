import type { TStyleTab } from "@hub/contracts/library/style-composition";
import type { ComponentType } from "react";
import type { z } from "zod";
import { TabLoader, type WorkspaceTabProps } from "../../../../components/record-workspace";
import { useSaveStyleTab, useStyleTab } from "../api";
import { useStyleWorkspace } from "./context";

/**
 * A style workspace tab's route element: loads the tab (styleWorkspaceApi) and renders
 * `Form` with it, afresh at each version (`TabLoader`).
 */
export const styleTab = <T extends { version: number }>(
  tab: TStyleTab,
  schema: z.ZodType<T>,
  Form: ComponentType<WorkspaceTabProps<T>>,
) =>
  function StyleTab() {
    const { styleId } = useStyleWorkspace();
    const query = useStyleTab(styleId, tab, schema);
    return <TabLoader query={query} label={tab} form={Form} />;
  };

/** The workspace's style and who may edit it, and the tab's save (the PUT with its version). */
export const useStyleTabSave = <T,>(tab: TStyleTab, schema: z.ZodType<T>) => {
  const { styleId, canEdit } = useStyleWorkspace();
  const save = useSaveStyleTab(styleId, tab, schema);
  return { styleId, canEdit, save: (values: unknown) => save.mutateAsync(values) };
};
