import { InputAdornment, TextField } from "@mui/material";
import { useEffect, useState } from "react";

/** Cents as the input shows them: 2690 → "26.90"; nothing for null. */
export const centsToText = (cents: number | null | undefined): string =>
  cents === null || cents === undefined || Number.isNaN(cents) ? "" : (cents / 100).toFixed(2);

/** What was typed as cents: "26.9" → 2690, "" → null (the schema then says what is missing). */
export const textToCents = (text: string): number | null => {
  const raw = text.trim();
  return raw === "" ? null : Math.round(Number(raw) * 100);
};

export type MoneyInputProps = {
  /** Integer cents (the form's value), or null when empty. */
  value: number | null | undefined;
  onChange: (cents: number | null) => void;
  onBlur?: () => void;
  label: string;
  name?: string;
  /** The field's error message (shown in place of the helper). */
  error?: string;
  helperText?: string;
  disabled?: boolean;
  fullWidth?: boolean;
  size?: "small" | "medium";
  /** After the amount: "/ yd". */
  unit?: string;
  width?: number;
};

/**
 * A money amount: integer cents in the form, dollars ("26.90") in the input. What is typed is kept
 * as typed ("26.", "") while the form gets cents; a new value from outside (a reset) is shown fresh.
 */
export function MoneyInput(props: MoneyInputProps) {
  const { value } = props;
  const [text, setText] = useState(centsToText(value));
  useEffect(() => {
    setText((current) => (textToCents(current) === (value ?? null) ? current : centsToText(value)));
  }, [value]);
  return (
    <TextField
      label={props.label}
      name={props.name}
      type="number"
      size={props.size}
      fullWidth={props.fullWidth}
      disabled={props.disabled}
      error={Boolean(props.error)}
      helperText={props.error ?? props.helperText}
      value={text}
      sx={props.width ? { width: props.width } : undefined}
      onChange={(e) => {
        setText(e.target.value);
        props.onChange(textToCents(e.target.value));
      }}
      onBlur={props.onBlur}
      slotProps={{
        htmlInput: { step: "0.01", min: 0 },
        input: {
          startAdornment: <InputAdornment position="start">$</InputAdornment>,
          endAdornment: props.unit ? <InputAdornment position="end">{props.unit}</InputAdornment> : undefined,
        },
      }}
    />
  );
}
