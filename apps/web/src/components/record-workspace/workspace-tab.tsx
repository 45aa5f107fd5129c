import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, CircularProgress } from "@mui/material";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ComponentType } from "react";
import { type FieldValues, type UseFormReturn, useForm } from "react-hook-form";
import { toast } from "react-toastify";
import type { z } from "zod";
import { messageOf } from "../../lib/api-error";
import { applyServerErrors, startingValues } from "../../lib/form-errors";
import { type TabFormProps, useTabSaveState } from "./tab-form";

/** What a tab's form component gets: the loaded tab (at one version) and a way to load it again. */
export type WorkspaceTabProps<T> = { data: T; reload: () => void };

/**
 * Renders a tab's form once its query has data, keyed by the tab's version: a save or a Reload
 * that brings a new version starts the form afresh from it, and nothing else replaces what is
 * being typed.
 */
export function TabLoader<T extends { version: number }>({
  query,
  label,
  form: Form,
}: {
  query: UseQueryResult<T>;
  /** What is loading, for the spinner's accessible name ("pricing"). */
  label: string;
  form: ComponentType<WorkspaceTabProps<T>>;
}) {
  if (query.isPending) return <CircularProgress aria-label={`Loading ${label}`} />;
  if (query.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => query.refetch()}>
            Retry
          </Button>
        }
      >
        {messageOf(query.error)}
      </Alert>
    );
  return (
    <div key={query.data.version}>
      <Form
        data={query.data}
        reload={() => {
          void query.refetch();
        }}
      />
    </div>
  );
}

type Options<TInput extends FieldValues, TOutput extends FieldValues, TSaved> = {
  /** The contract's request schema (the tab's fields plus `version`). */
  schema: z.ZodType<TOutput, TInput>;
  /** The form's starting values, every field, from the loaded tab (with its `version`). */
  values: TInput;
  /** Saves the tab (the PUT with the version); its answer is the tab at its new version. */
  save: (values: TOutput) => Promise<TSaved>;
  /** The toast after a save ("Pricing was saved."). */
  saved: string | ((saved: TSaved) => string);
  /** The form fields a server field error may be placed under (else it shows in the alert). */
  fieldNames: readonly string[];
  canEdit: boolean;
  reload: () => void;
};

/**
 * A workspace tab's form: react-hook-form with the contract's request schema, a save that sends
 * the loaded version and toasts, a stale save (409 naming `version`) kept apart for the Reload
 * alert and other errors put under their fields. `tabForm` is `TabForm`'s props but the title:
 * `<TabForm title="Pricing" {...tabForm}>`.
 */
export function useWorkspaceTabForm<TInput extends FieldValues, TOutput extends FieldValues, TSaved>(
  options: Options<TInput, TOutput, TSaved>,
) {
  const { canEdit, reload, saved, fieldNames } = options;
  const state = useTabSaveState();
  const form: UseFormReturn<TInput, unknown, TOutput> = useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(options.schema),
    defaultValues: startingValues(options.values),
  });
  const { formState } = form;

  const onSubmit = async (values: TOutput) => {
    state.clear();
    try {
      const answer = await options.save(values);
      toast.success(typeof saved === "string" ? saved : saved(answer));
    } catch (error) {
      state.fail(error, (e) => applyServerErrors(e, form.setError, fieldNames));
    }
  };

  return {
    form,
    control: form.control,
    /** Fields are read-only for a viewer and while a save is on its way. */
    disabled: !canEdit || formState.isSubmitting,
    tabForm: {
      onSubmit: form.handleSubmit(onSubmit),
      dirty: formState.isDirty,
      saving: formState.isSubmitting,
      canEdit,
      error: state.error,
      stale: state.stale,
      onReload: reload,
    } satisfies Omit<TabFormProps, "title" | "children">,
  };
}
