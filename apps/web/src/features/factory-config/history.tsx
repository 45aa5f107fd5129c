import {
  Alert,
  Box,
  Card,
  CardHeader,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { messageOf } from "../../lib/api-error";
import { useFactoryConfigHistory } from "./api";

export const dateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

export function History({ factoryId, canRead }: { factoryId: number; canRead: boolean }) {
  const [q, setQ] = useState({ page: 0, size: 10 });
  if (!canRead) return null;
  return (
    <HistoryTable
      factoryId={factoryId}
      q={q}
      onPage={(page) => setQ((x) => ({ ...x, page }))}
      onSize={(size) => setQ({ page: 0, size })}
    />
  );
}

function HistoryTable({
  factoryId,
  q,
  onPage,
  onSize,
}: {
  factoryId: number;
  q: { page: number; size: number };
  onPage: (page: number) => void;
  onSize: (size: number) => void;
}) {
  const history = useFactoryConfigHistory(factoryId, q);
  const data = history.data;
  return (
    <Card component="section" aria-label="History">
      <CardHeader
        title="History"
        subheader="Every change of a setting: who, when, from what to what."
        slotProps={{ title: { variant: "h6", component: "h2" } }}
      />
      {history.isError ? (
        <Alert severity="error" sx={{ mx: 2 }}>
          {messageOf(history.error)}
        </Alert>
      ) : history.isPending ? (
        <Typography sx={{ p: 2, color: "text.secondary" }}>Loading…</Typography>
      ) : (data?.items.length ?? 0) === 0 ? (
        <Typography sx={{ p: 2, color: "text.secondary" }}>No changes yet: these are the defaults.</Typography>
      ) : (
        <Box sx={{ overflowX: "auto" }}>
          <Table size="small" aria-label="Factory Config history">
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>Who</TableCell>
                <TableCell>Setting</TableCell>
                <TableCell>From</TableCell>
                <TableCell>To</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data?.items.map((x) => (
                <TableRow key={x.id}>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>{dateTime(x.at)}</TableCell>
                  <TableCell>{x.actor}</TableCell>
                  <TableCell>{x.label}</TableCell>
                  <TableCell>{x.from}</TableCell>
                  <TableCell>{x.to}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <TablePagination
        component="div"
        count={data?.total ?? 0}
        page={q.page}
        rowsPerPage={q.size}
        rowsPerPageOptions={[10, 25, 50]}
        onPageChange={(_e, p) => onPage(p)}
        onRowsPerPageChange={(e) => onSize(Number(e.target.value))}
      />
    </Card>
  );
}
