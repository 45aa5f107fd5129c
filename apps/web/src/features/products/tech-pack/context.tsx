import type { TTechPackHeader } from "@hub/contracts/products/tech-pack/tech-pack";
import type { ComponentType } from "react";
import type { FieldValues } from "react-hook-form";
import { useOutletContext } from "react-router";
import type { z } from "zod";
import { TabLoader, useWorkspaceTabForm, type WorkspaceTabProps } from "../../../components/record-workspace";
import { type TechPackTabOps, useSaveTechPackTab, useTechPackTab } from "../api";

/** What the tech pack workspace hands its tabs (react-router outlet context). */
export type TechPackContext = { stpId: number; canEdit: boolean; header: TTechPackHeader };

export const useTechPack = () => useOutletContext<TechPackContext>();

/** A tab's route element: loads the tab (its declared GET) and renders `Form` at each version. */
export const techPackTab = <T extends { version: number }>(
  tab: TechPackTabOps<T>,
  Form: ComponentType<WorkspaceTabProps<T>>,
) =>
  function TechPackTab() {
    const { stpId } = useTechPack();
    const query = useTechPackTab(stpId, tab);
    return <TabLoader query={query} label={tab.label} form={Form} />;
  };

/** The tab's save (PUT with the loaded version) and whether the caller may edit this pack. */
export const useTechPackTabSave = <T,>(tab: TechPackTabOps<T>, readOnly: boolean) => {
  const { stpId, canEdit } = useTechPack();
  const save = useSaveTechPackTab(stpId, tab);
  return { stpId, canEdit: canEdit && !readOnly, save: (values: unknown) => save.mutateAsync(values) };
};

/** `source` with only the properties named in `keys` (a form's fields out of a loaded tab that carries more). */
const onlyKeys = <T extends object>(source: T, keys: readonly string[]): T => {
  const out = { ...source };
  for (const key of Object.keys(out)) if (!keys.includes(key)) Reflect.deleteProperty(out, key);
  return out;
};

/**
 * A document tab's form: its save (PUT with the loaded version) and the workspace tab form over the
 * tab's request schema (its data plus `version`), started from the loaded tab's fields (the data
 * schema's keys), with a server error placed under the field it names. Every tech-pack tab form
 * starts with this.
 */
export const useTechPackForm = <
  TInput extends FieldValues & { version: number },
  TOutput extends FieldValues,
  TTab extends TInput & { readOnly: boolean },
>(
  tab: TechPackTabOps<TTab> & { data: z.ZodObject; save: { body: z.ZodType<TOutput, TInput> } },
  data: TTab,
  options: { saved: string; reload: () => void },
) => {
  const { stpId, canEdit, save } = useTechPackTabSave(tab, data.readOnly);
  const fields = Object.keys(tab.data.shape);
  const values: TInput = data;
  const form = useWorkspaceTabForm({
    schema: tab.save.body,
    values: onlyKeys(values, [...fields, "version"]),
    save,
    saved: options.saved,
    fieldNames: fields,
    canEdit,
    reload: options.reload,
  });
  return { stpId, canEdit, ...form };
};
