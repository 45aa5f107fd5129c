import { useState } from "react";
import type { DefaultValues, FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "./api-error";

/**
 * A form's every value as its default values: a whole value is a deep-partial one, which TypeScript
 * cannot work out for a generic form type (react-hook-form's DefaultValues is a conditional type).
 */
export const startingValues = <T extends FieldValues>(values: T): DefaultValues<T> => values as DefaultValues<T>;

/**
 * Puts the server's field messages under the matching form fields. Returns the message for the
 * alert above the submit button, or null when the server's message already sits under a field
 * (so a person never reads the same thing twice).
 */
export const applyServerErrors = <T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): string | null => {
  if (error instanceof ApiError) {
    let placed = false;
    for (const [name, message] of Object.entries(error.fields ?? {})) {
      // A nested name (segments.0.startPosition) belongs to its top-level field.
      if (fields.includes(name) || fields.some((f) => name.startsWith(`${f}.`))) {
        setError(name as Path<T>, { type: "server", message });
        placed = true;
      }
    }
    return placed ? null : error.message;
  }
  return "Something went wrong";
};

/**
 * A form's submit with its server errors: `submit(run)` is the handler for handleSubmit; a failed
 * `run` puts the server's field messages under `fields` (applyServerErrors) and leaves the rest in
 * `formError`, for the alert, which the next submit clears.
 */
export const useSubmitErrors = <T extends FieldValues>(setError: UseFormSetError<T>, fields: readonly string[]) => {
  const [formError, setFormError] = useState<string | null>(null);
  const submit =
    <V>(run: (values: V) => Promise<unknown>) =>
    async (values: V) => {
      setFormError(null);
      try {
        await run(values);
      } catch (error) {
        setFormError(applyServerErrors(error, setError, fields));
      }
    };
  return { formError, submit };
};
