import { cuttingApi } from "@hub/contracts/floor/api";
import type { TCutter } from "@hub/contracts/floor/cutting";
import Add from "@mui/icons-material/Add";
import {
  Alert,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { messageOf } from "../../../lib/api-error";
import { downloadListCsv } from "../../../lib/transfer";
import { useCutters, useSaveCutter } from "./api";

function CutterDialog({ cutter, onClose }: { cutter: TCutter | null; onClose: () => void }) {
  const save = useSaveCutter(cutter?.id ?? null);
  const [code, setCode] = useState(cutter?.code ?? "");
  const [name, setName] = useState(cutter?.name ?? "");
  const [isPress, setIsPress] = useState(cutter?.isPress ?? false);
  const [active, setActive] = useState(cutter?.active ?? true);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{cutter ? `Edit ${cutter.code}` : "New cutter"}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {save.error ? <Alert severity="error">{messageOf(save.error)}</Alert> : null}
          <TextField label="Code" value={code} onChange={(e) => setCode(e.target.value)} required />
          <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} required />
          <FormControlLabel
            control={<Switch checked={isPress} onChange={(e) => setIsPress(e.target.checked)} />}
            label="Press (die cutter)"
          />
          <FormControlLabel
            control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} />}
            label="Active"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={save.isPending}
          onClick={() => save.mutate({ code, name, isPress, active }, { onSuccess: onClose })}
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** /allCutters: every cutter (presses marked) with what is queued to it; the cut unit sheet. */
export default function AllCuttersPage() {
  const cutters = useCutters();
  const [editing, setEditing] = useState<TCutter | "new" | null>(null);
  const [from, setFrom] = useState(new Date().toISOString().slice(0, 10));
  const [to, setTo] = useState(new Date().toISOString().slice(0, 10));
  const [sheetError, setSheetError] = useState<string | null>(null);
  const items = cutters.data?.items ?? [];
  return (
    <>
      <PageHeader
        title="All Cutters"
        subtitle="The cutting tables and presses, and the cut tickets and units queued to each."
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => setEditing("new")}>
            New cutter
          </Button>
        }
      />
      {cutters.error ? <Alert severity="error">{messageOf(cutters.error)}</Alert> : null}
      <Card sx={{ mb: 3 }}>
        <Table aria-label="Cutters">
          <TableHead>
            <TableRow>
              <TableCell>Cutter</TableCell>
              <TableCell>Kind</TableCell>
              <TableCell align="right">Tickets queued</TableCell>
              <TableCell align="right">Units on tickets</TableCell>
              <TableCell align="right">Units pulled</TableCell>
              <TableCell align="right">Cut today</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {cutters.isLoading ? (
              <TableRow>
                <TableCell colSpan={7}>Loading…</TableCell>
              </TableRow>
            ) : items.length === 0 ? (
              <TableRow>
                <TableCell colSpan={7}>No cutters yet: add the first with New cutter.</TableCell>
              </TableRow>
            ) : (
              items.map((c) => (
                <TableRow key={c.id} hover>
                  <TableCell>
                    <RouterLink to={`/queuedToCut?cutter=${c.id}`}>
                      {c.code} · {c.name}
                    </RouterLink>
                    {c.active ? null : <Chip size="small" label="Inactive" sx={{ ml: 1 }} />}
                  </TableCell>
                  <TableCell>{c.isPress ? <Chip size="small" color="secondary" label="Press" /> : "Table"}</TableCell>
                  <TableCell align="right">{c.queuedTickets}</TableCell>
                  <TableCell align="right">{c.ticketUnits}</TableCell>
                  <TableCell align="right">{c.pulledUnits}</TableCell>
                  <TableCell align="right">{c.cutToday}</TableCell>
                  <TableCell align="right">
                    <Button size="small" onClick={() => setEditing(c)}>
                      Edit
                    </Button>
                    <Button size="small" component={RouterLink} to={`/cutters?cutter=${c.id}`}>
                      Tickets
                    </Button>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" gutterBottom>
            Cut unit sheet
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            The units of the tickets cut between two days, as CSV (a ticket's own sheet is on its row in Cutters).
          </Typography>
          {sheetError ? <Alert severity="error">{sheetError}</Alert> : null}
          <Stack direction="row" spacing={2}>
            <TextField type="date" size="small" label="From" value={from} onChange={(e) => setFrom(e.target.value)} />
            <TextField type="date" size="small" label="To" value={to} onChange={(e) => setTo(e.target.value)} />
            <Button
              variant="outlined"
              onClick={() =>
                downloadListCsv(cuttingApi.exportCutUnitSheetCsv, { from, to }, "cut-unit-sheet").catch((e) =>
                  setSheetError(messageOf(e)),
                )
              }
            >
              Export CSV
            </Button>
          </Stack>
        </CardContent>
      </Card>
      {editing ? (
        <CutterDialog
          key={editing === "new" ? "new" : editing.id}
          cutter={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}
