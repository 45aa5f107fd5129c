import type { TFieldChange, TRowChange, TVersionCompare } from "@hub/contracts/products/tech-pack/compare";
import { Alert, Box, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { messageOf } from "../../lib/api-error";
import { useVersionCompare } from "./api";

const CHANGE = {
  added: { label: "Added", color: "success" },
  changed: { label: "Changed", color: "warning" },
  removed: { label: "Removed", color: "error" },
} as const;

/** The old value struck through beside the new one; an added field shows only its value, a removed one only its old value, struck. */
const Values = ({ change }: { change: TFieldChange }) => (
  <>
    {change.old !== null ? (
      <Box
        component="del"
        sx={{ color: "error.main", mr: change.new !== null ? 1 : 0 }}
        aria-label={`was ${change.old}`}
      >
        {change.old}
      </Box>
    ) : null}
    {change.new !== null ? (
      <Box component="ins" sx={{ color: "success.main", textDecoration: "none" }}>
        {change.new}
      </Box>
    ) : null}
  </>
);

const RowChange = ({ row }: { row: TRowChange }) => {
  const removed = row.change === "removed";
  return (
    <TableRow data-change={row.change}>
      <TableCell sx={{ verticalAlign: "top", whiteSpace: "nowrap" }}>
        <Chip size="small" color={CHANGE[row.change].color} label={CHANGE[row.change].label} />
      </TableCell>
      <TableCell sx={{ verticalAlign: "top" }}>
        {removed ? <del>{row.label}</del> : row.label}
        <Typography variant="caption" sx={{ display: "block", color: "text.secondary" }}>
          {row.list}
        </Typography>
      </TableCell>
      <TableCell>
        {row.fields.map((f) => (
          <div key={f.field}>
            <Typography component="span" variant="body2" sx={{ color: "text.secondary", mr: 1 }}>
              {f.field}:
            </Typography>
            <Values change={f} />
          </div>
        ))}
      </TableCell>
    </TableRow>
  );
};

/** Every difference of two versions, tab by tab: rows added, changed (old and new) and removed (struck through). */
export const CompareResult = ({ diff }: { diff: TVersionCompare }) => {
  if (diff.tabs.length === 0)
    return (
      <Alert severity="success">
        Version {diff.to.version} is the same as version {diff.from.version} in every tab.
      </Alert>
    );
  return (
    <Stack spacing={2}>
      {diff.tabs.map((tab) => (
        <Box key={tab.tab} component="section" aria-label={tab.label}>
          <Typography variant="h6" component="h3">
            {tab.label}
          </Typography>
          {tab.lastChangedBy ? (
            <Typography variant="caption" sx={{ color: "text.secondary" }}>
              Last changed by {tab.lastChangedBy}
              {tab.lastChangedAt ? ` on ${new Date(tab.lastChangedAt).toLocaleString()}` : ""}
            </Typography>
          ) : null}
          <Table size="small" aria-label={`Changes in ${tab.label}`}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 110 }}>Change</TableCell>
                <TableCell sx={{ width: "30%" }}>Row</TableCell>
                <TableCell>What changed</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {tab.fields.length > 0 ? (
                <RowChange row={{ list: "tab", key: "", label: tab.label, change: "changed", fields: tab.fields }} />
              ) : null}
              {tab.rows.map((row) => (
                <RowChange key={`${row.list}:${row.key}`} row={row} />
              ))}
            </TableBody>
          </Table>
        </Box>
      ))}
    </Stack>
  );
};

/** Loads and shows the compare of version `stpId` against `from`. */
export const VersionCompare = ({ stpId, from }: { stpId: number | null; from: number | null }) => {
  const q = useVersionCompare(stpId, from);
  if (stpId === null || from === null) return null;
  if (stpId === from) return <Alert severity="info">Choose two different versions to compare.</Alert>;
  if (q.error) return <Alert severity="error">{messageOf(q.error)}</Alert>;
  if (!q.data) return <Typography sx={{ color: "text.secondary" }}>Comparing…</Typography>;
  return <CompareResult diff={q.data} />;
};
