import CloudUpload from "@mui/icons-material/CloudUpload";
import {
  Alert,
  Box,
  Chip,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import type { SxProps, Theme } from "@mui/material/styles";
import type { ReactNode } from "react";
import { FileButton } from "./file-button";

/** The pieces every CSV import screen shows (the flow itself is `lib/csv-import.ts`). */

/** "Choose CSV file": a button that opens the file picker and hands over the chosen file. */
export function CsvFileButton(props: { onFile: (file: File) => void; disabled?: boolean; loading?: boolean }) {
  return (
    <FileButton
      variant="contained"
      startIcon={<CloudUpload />}
      disabled={props.disabled}
      loading={props.loading}
      accept=".csv,text/csv"
      inputLabel="CSV file"
      onFile={props.onFile}
    >
      Choose CSV file
    </FileButton>
  );
}

/** What each column of the file holds: name, whether it is required, what to write, an example. */
export function ImportColumnsTable(props: {
  columns: readonly { name: string; required: boolean; help: string; example: string }[];
  sx?: SxProps<Theme>;
}) {
  return (
    <Table size="small" aria-label="Columns" sx={props.sx}>
      <TableHead>
        <TableRow>
          <TableCell>Column</TableCell>
          <TableCell>Required</TableCell>
          <TableCell>What to write</TableCell>
          <TableCell>Example</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {props.columns.map((c) => (
          <TableRow key={c.name}>
            <TableCell sx={{ fontFamily: "monospace" }}>{c.name}</TableCell>
            <TableCell>{c.required ? "Yes" : ""}</TableCell>
            <TableCell>{c.help}</TableCell>
            <TableCell sx={{ fontFamily: "monospace" }}>{c.example}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const problems = (n: number) => `${n} ${n === 1 ? "problem" : "problems"}`;

/** The report's count of problems, red when there are any. */
export const ProblemsChip = ({ count }: { count: number }) => (
  <Chip
    color={count === 0 ? "default" : "error"}
    variant={count === 0 ? "outlined" : "filled"}
    label={problems(count)}
  />
);

/**
 * The report's verdict: every row ready, or its problems; either way nothing was `written` (or
 * "placed") yet.
 */
export function ReportVerdict(props: { fileName: string; errorCount: number; written: string }) {
  return props.errorCount === 0 ? (
    <Alert severity="success" sx={{ mb: 2 }}>
      Every row of {props.fileName} is ready. Nothing has been {props.written} yet.
    </Alert>
  ) : (
    <Alert severity="error" sx={{ mb: 2 }} data-testid="import-problems">
      {props.fileName} has {problems(props.errorCount)}. Nothing was {props.written}: fix the rows below and upload the
      file again.
    </Alert>
  );
}

/** While the import is applied: what is being written, and a progress bar. */
export const ApplyingProgress = ({ children }: { children: ReactNode }) => (
  <Box sx={{ mb: 2 }}>
    <Typography sx={{ mb: 1 }}>{children}</Typography>
    <LinearProgress aria-label="Import progress" />
  </Box>
);
