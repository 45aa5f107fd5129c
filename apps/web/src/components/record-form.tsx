import { zodResolver } from "@hookform/resolvers/zod";
import type { ReactNode } from "react";
import { type FieldValues, useForm } from "react-hook-form";
import { useNavigate, useParams } from "react-router";
import { toast } from "react-toastify";
import type { z } from "zod";
import { ApiError } from "../lib/api-error";
import { startingValues, useSubmitErrors } from "../lib/form-errors";
import { parseId } from "../lib/ids";
import { ConfirmDialog } from "./confirm-dialog";
import { recordPageState } from "./record-page-state";

/**
 * A record's create or edit form: react-hook-form over the contract's schema, and a submit that
 * saves, toasts `saved(answer)` and goes to `goTo(answer)`; a refusal puts the server's field
 * messages under `fields` and the rest in `formError`. `formProps` is what `RecordFormPage` takes
 * of it: `<RecordFormPage … {...formProps}>`.
 */
export function useRecordForm<TInput extends FieldValues, TOutput extends FieldValues, TSaved>(options: {
  schema: z.ZodType<TOutput, TInput>;
  values: TInput;
  fields: readonly string[];
  save: (values: TOutput) => Promise<TSaved>;
  saved: (answer: TSaved) => string;
  goTo: (answer: TSaved) => string;
}) {
  const navigate = useNavigate();
  const form = useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(options.schema),
    defaultValues: startingValues(options.values),
  });
  const { formError, submit } = useSubmitErrors(form.setError, options.fields);
  const onSubmit = form.handleSubmit(
    submit(async (values: TOutput) => {
      const answer = await options.save(values);
      toast.success(options.saved(answer));
      navigate(options.goTo(answer));
    }),
  );
  return { form, formProps: { onSubmit, formError, saving: form.formState.isSubmitting } };
}

/** A record's Delete confirmation: deletes it, says so ("Northwind was deleted.") and goes back to `backTo`. */
export function DeleteRecordDialog(props: {
  open: boolean;
  onClose: () => void;
  /** "Delete client?" */
  title: string;
  /** What deleting takes with it, and when the Hub refuses. */
  message: ReactNode;
  /** The record's name, for the toast. */
  name: string;
  remove: () => Promise<unknown>;
  backTo: string;
}) {
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      open={props.open}
      danger
      title={props.title}
      message={props.message}
      confirmLabel="Delete"
      onClose={props.onClose}
      onConfirm={async () => {
        await props.remove();
        toast.success(`${props.name} was deleted.`);
        navigate(props.backTo);
      }}
    />
  );
}

/** The id of a record's edit route (`:id`): null on its new route, or when the path's id is not an id. */
export const useRecordId = (mode: "new" | "edit"): number | null => {
  const params = useParams();
  return mode === "edit" ? parseId(params.id) : null;
};

type Loaded<T> = { data?: T; error: unknown };

/**
 * A create or edit screen until its form can show: `notFound` for a bad id or a record the server
 * does not know (404), an error under `errorTitle`, a spinner until the record (when editing) and
 * the `others` (the form's options) are loaded; then `children` with the record (null when new).
 */
export function RecordFormLoader<T>(props: {
  mode: "new" | "edit";
  id: number | null;
  record: Loaded<T>;
  others?: Loaded<unknown>[];
  notFound: ReactNode;
  errorTitle: string;
  children: (record: T | null) => ReactNode;
}) {
  const { mode, record, others = [] } = props;
  // A 404 of the record wins over the others' errors, as the record is what the page is about.
  const notFound = record.error instanceof ApiError && record.error.status === 404;
  const waiting = recordPageState({
    missing: (mode === "edit" && props.id === null) || notFound,
    error: others.find((q) => q.error)?.error ?? record.error,
    loading: others.some((q) => !q.data) || (mode === "edit" && !record.data),
    notFound: props.notFound,
    errorTitle: props.errorTitle,
  });
  return waiting ?? props.children(mode === "edit" ? (record.data ?? null) : null);
}
