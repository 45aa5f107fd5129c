import { Button, type ButtonProps } from "@mui/material";

/**
 * A button that opens the file picker and hands over the one file chosen; the picker is emptied
 * at once, so choosing the same file again picks it again.
 */
export function FileButton({
  accept,
  inputLabel,
  onFile,
  children,
  ...button
}: Omit<ButtonProps<"label">, "component"> & {
  /** The picker's file types (".csv,text/csv"). */
  accept?: string;
  /** The file input's accessible name ("CSV file"). */
  inputLabel?: string;
  onFile: (file: File) => void;
}) {
  return (
    <Button component="label" {...button}>
      {children}
      <input
        hidden
        type="file"
        accept={accept}
        aria-label={inputLabel}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) onFile(file);
        }}
      />
    </Button>
  );
}
