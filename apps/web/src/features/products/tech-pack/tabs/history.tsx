import {
  Box,
  Card,
  CardHeader,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
} from "@mui/material";
import { useState } from "react";
import { useHistory } from "../../api";
import { useTechPack } from "../context";
import { Failed } from "../view-parts";

export default function HistoryTab() {
  const { stpId } = useTechPack();
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(25);
  const [search, setSearch] = useState("");
  const q = useHistory(stpId, { page, size, searchString: search || undefined });
  if (q.error) return <Failed error={q.error} />;
  return (
    <Card variant="outlined">
      <CardHeader
        title="History"
        subheader="Every save, oldest first, with the fields it changed"
        action={
          <TextField
            size="small"
            label="Search history"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(0);
            }}
          />
        }
      />
      <Table size="small" aria-label="History">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 190 }}>When</TableCell>
            <TableCell sx={{ width: 170 }}>Who</TableCell>
            <TableCell sx={{ width: 150 }}>Tab</TableCell>
            <TableCell>What changed</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(q.data?.items ?? []).map((h) => (
            <TableRow key={h.id} sx={{ verticalAlign: "top" }}>
              <TableCell>
                {new Date(h.at).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}
              </TableCell>
              <TableCell>{h.userDisplayName}</TableCell>
              <TableCell>{h.tabLabel}</TableCell>
              <TableCell>
                {h.changes.map((c) => (
                  <Box key={c.field}>
                    <strong>{c.label}</strong>
                    {": "}
                    {c.oldValue === null ? "" : `${c.oldValue} → `}
                    {c.newValue ?? "(removed)"}
                  </Box>
                ))}
              </TableCell>
            </TableRow>
          ))}
          {q.data && q.data.items.length === 0 ? (
            <TableRow>
              <TableCell colSpan={4}>No changes yet.</TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={q.data?.total ?? 0}
        page={page}
        rowsPerPage={size}
        onPageChange={(_e, p) => setPage(p)}
        onRowsPerPageChange={(e) => {
          setSize(Number(e.target.value));
          setPage(0);
        }}
      />
    </Card>
  );
}

/** print and pdf: the server-rendered tech pack of every tab. */
