import { ZTabVersionSchema } from "@hub/contracts/common/record-tabs";
import type { TTechPackHeader } from "@hub/contracts/tech-pack/tech-pack";
import type { ComponentType } from "react";
import { useOutletContext } from "react-router";
import type { z } from "zod";
import { TabLoader, useWorkspaceTabForm, type WorkspaceTabProps } from "../../../components/record-workspace";
import { useSaveTechPackTab, useTechPackTab } from "../api";

/** What the tech pack workspace hands its tabs (react-router outlet context). */
export type TechPackContext = { stpId: number; canEdit: boolean; header: TTechPackHeader };

export const useTechPack = () => useOutletContext<TechPackContext>();

/** A document tab's route element: loads `/productDev/stps/{stpId}/tabs/{tab}` and renders `Form` at each version. */
export const techPackTab = <T extends { version: number }>(
  tab: string,
  label: string,
  schema: z.ZodType<T>,
  Form: ComponentType<WorkspaceTabProps<T>>,
) =>
  function TechPackTab() {
    const { stpId } = useTechPack();
    const query = useTechPackTab(stpId, tab, schema);
    return <TabLoader query={query} label={label} form={Form} />;
  };

/** The tab's save (PUT with the loaded version) and whether the caller may edit this pack. */
export const useTechPackTabSave = <T,>(tab: string, schema: z.ZodType<T>, readOnly: boolean) => {
  const { stpId, canEdit } = useTechPack();
  const save = useSaveTechPackTab(stpId, tab, schema);
  return { stpId, canEdit: canEdit && !readOnly, save: (values: unknown) => save.mutateAsync(values) };
};

/**
 * A document tab's form: its save (PUT with the loaded version) and the workspace tab form over the
 * tab's data schema plus `version`, started from the loaded tab's fields (the schema's keys), with a
 * server error placed under the field it names. Every tech-pack tab form starts with this.
 */
export const useTechPackForm = <Shape extends z.ZodRawShape, TTab>(
  tab: string,
  tabSchema: z.ZodType<TTab>,
  dataSchema: z.ZodObject<Shape>,
  data: { version: number; readOnly: boolean },
  options: { saved: string; reload: () => void },
) => {
  const { stpId, canEdit, save } = useTechPackTabSave(tab, tabSchema, data.readOnly);
  const fields = Object.keys(dataSchema.shape);
  const loaded = data as unknown as Record<string, unknown>;
  const form = useWorkspaceTabForm({
    schema: dataSchema.extend({ version: ZTabVersionSchema }),
    values: { version: data.version, ...Object.fromEntries(fields.map((k) => [k, loaded[k]])) } as never,
    save,
    saved: options.saved,
    fieldNames: fields,
    canEdit,
    reload: options.reload,
  });
  return { stpId, canEdit, ...form };
};
