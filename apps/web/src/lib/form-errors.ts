import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "./api-error";

/**
 * Puts the server's field messages under the matching form fields; returns the message for the
 * form as a whole (shown in an alert above the submit button).
 */
export const applyServerErrors = <T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly string[]): string => {
  if (error instanceof ApiError) {
    for (const [name, message] of Object.entries(error.fields ?? {})) {
      if (fields.includes(name)) setError(name as Path<T>, { type: "server", message });
    }
    return error.message;
  }
  return "Something went wrong";
};
