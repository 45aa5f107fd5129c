import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "./api-error";

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
