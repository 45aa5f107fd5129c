import {
  TP_IMPORT_FIELDS,
  TP_IMPORT_IGNORE,
  type TTpImportPreview,
  type TTpImportProblem,
  type TTpImportSectionMapping,
} from "@hub/contracts/products/tech-pack-import";
import {
  Card,
  CardContent,
  Chip,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";

const BY: Record<TTpImportPreview["sections"][number]["columns"][number]["proposedBy"], string> = {
  remembered: "Remembered",
  synonym: "By its header",
  guess: "Guessed",
  none: "Not matched",
};

/** One section's columns, each with the field it fills (prefilled with the proposal). */
export function MappingCard({
  section,
  mapping,
  onChange,
}: {
  section: TTpImportPreview["sections"][number];
  mapping: TTpImportSectionMapping | undefined;
  onChange: (next: TTpImportSectionMapping) => void;
}) {
  const fields = TP_IMPORT_FIELDS[section.section];
  return (
    <Card sx={{ mb: 2 }} data-testid={`mapping-${section.section}`}>
      <CardContent>
        <Typography variant="h6">
          {section.label}{" "}
          <Typography component="span" sx={{ color: "text.secondary" }}>
            · sheet “{section.sheet}”, header in row {section.headerRow}, {section.rowCount} rows
          </Typography>
        </Typography>
        <Table size="small" sx={{ mt: 1 }}>
          <TableHead>
            <TableRow>
              <TableCell>Column</TableCell>
              <TableCell>Field</TableCell>
              <TableCell>Proposed</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {section.columns.map((c) => {
              const value = mapping?.columns.find((m) => m.index === c.index)?.field ?? c.field;
              return (
                <TableRow key={c.index}>
                  <TableCell>{c.header}</TableCell>
                  <TableCell>
                    <TextField
                      select
                      size="small"
                      value={value}
                      label={`${section.label}: ${c.header}`}
                      sx={{ minWidth: 260 }}
                      onChange={(e) =>
                        mapping &&
                        onChange({
                          ...mapping,
                          columns: mapping.columns.map((m) =>
                            m.index === c.index ? { ...m, field: e.target.value } : m,
                          ),
                        })
                      }
                    >
                      {fields.map((f) => (
                        <MenuItem key={f.field} value={f.field}>
                          {f.label}
                        </MenuItem>
                      ))}
                      <MenuItem value={TP_IMPORT_IGNORE}>Leave out</MenuItem>
                    </TextField>
                  </TableCell>
                  <TableCell>
                    <Chip size="small" variant="outlined" label={BY[c.proposedBy]} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

/** Every problem of the file, by sheet, row and column. */
export function ProblemsTable({ problems }: { problems: TTpImportProblem[] }) {
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" sx={{ mb: 1 }}>
          {problems.length === 0 ? "No problems found" : `Problems (${problems.length})`}
        </Typography>
        {problems.length > 0 ? (
          <Table size="small" data-testid="import-problems">
            <TableHead>
              <TableRow>
                <TableCell>Sheet</TableCell>
                <TableCell>Row</TableCell>
                <TableCell>Column</TableCell>
                <TableCell>Severity</TableCell>
                <TableCell>Problem</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {problems.map((p, i) => (
                <TableRow key={`${p.sheet}-${p.row}-${p.column}-${i}`}>
                  <TableCell>{p.sheet}</TableCell>
                  <TableCell>{p.row ?? "—"}</TableCell>
                  <TableCell>{p.column ?? "—"}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={p.severity === "error" ? "error" : "warning"}
                      label={p.severity === "error" ? "Error" : "Warning"}
                    />
                  </TableCell>
                  <TableCell>{p.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
      </CardContent>
    </Card>
  );
}
