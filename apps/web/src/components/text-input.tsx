import { FormControl, FormHelperText, InputLabel, OutlinedInput, type OutlinedInputProps } from "@mui/material";
import { forwardRef, type ReactNode, useId } from "react";

export type TextInputProps = Omit<OutlinedInputProps, "label" | "error"> & {
  label: string;
  error?: boolean;
  helperText?: ReactNode;
};

/**
 * An outlined text field built from MUI's parts. It looks and behaves like TextField, but does not
 * pull in the select menu, so the screens that load first stay small.
 */
export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput(
  { label, error, helperText, id, fullWidth = true, ...input },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const helperId = helperText ? `${inputId}-helper` : undefined;
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} error={error} disabled={input.disabled}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput {...input} id={inputId} inputRef={ref} label={label} aria-describedby={helperId} />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
});
