import { cuttingApi } from "@hub/contracts/floor/api";
import type { TCutTicket } from "@hub/contracts/floor/cutting";
import { Alert, Button, Chip, Stack } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { useEffect, useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ListPage, SelectFilter } from "../../../components/list-page";
import { ScanInput } from "../../../components/scan/scan-input";
import { pathTo } from "../../../lib/api";
import { messageOf } from "../../../lib/api-error";
import { parseId } from "../../../lib/ids";
import { useListFilters, useListState } from "../../../lib/list-state";
import { openPdf } from "../../../lib/open-pdf";
import { registerServiceWorker } from "../../../lib/service-worker";
import { downloadListCsv } from "../../../lib/transfer";
import { QUEUED_MESSAGE } from "../scan-queue";
import { OfflineBanner, QueuedScans, useScanQueue } from "../use-scan-queue";
import { ratioText, type TicketQuery, useCancelTicket, useMarkCut, useScanTicket, useTickets } from "./api";
import { CutterSelect } from "./cutter-select";

const STATUS_LABELS = { queued: "Queued", cut: "Cut", cancelled: "Cancelled" } as const;
type Status = keyof typeof STATUS_LABELS;
const isStatus = (v: string | null): v is Status => v !== null && v in STATUS_LABELS;

/** What a cut consumed, for the message: "12.5000 yd CUT-JER". */
const consumed = (c: { quantity: string; unit: string; fabricCode: string }[]) =>
  c.length ? ` Fabric used: ${c.map((x) => `${x.quantity} ${x.unit} ${x.fabricCode}`).join(", ")}.` : "";

/**
 * /queuedToCut (the tickets queued to a cutter) and /cutters (every ticket, by status): scan a
 * ticket's barcode or press Mark cut to cut it (its units are marked cut and their fabric leaves
 * the stock: their reservations become consumption), print a ticket, cancel one (its units go back
 * to the unpulled queue and their fabric reservations are released). A ticket scanned while the
 * network is down is kept and marked cut when it is back (issue 22).
 */
export default function QueuedToCutPage({ queuedOnly }: { queuedOnly: boolean }) {
  const { state, update, query } = useListState({ sort: "ticketNumber,asc" });
  const filters = useListFilters();
  const cutter = parseId(filters.get("cutter"));
  const statusParam = filters.get("status");
  const status: Status | undefined = queuedOnly ? "queued" : isStatus(statusParam) ? statusParam : undefined;
  const fullQuery: TicketQuery = { ...query, status, cutterStationId: cutter ?? undefined };
  const list = useTickets(fullQuery);
  const markCut = useMarkCut();
  const scan = useScanTicket();
  const cancel = useCancelTicket();
  // A cutter's scans survive a dropped network (issue 22): this screen is used at the cutting table, so it
  // keeps the app's files for offline use as the kiosk screens do, and queues a ticket scanned offline.
  const queue = useScanQueue("cutters");
  useEffect(registerServiceWorker, []);
  const [confirm, setConfirm] = useState<{ ticket: TCutTicket; action: "cut" | "cancel" } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const columns: GridColDef<TCutTicket>[] = [
    { field: "ticketNumber", headerName: "Ticket", width: 120 },
    { field: "fabricCode", headerName: "Fabric", width: 110, sortable: false },
    { field: "colour", headerName: "Colour", width: 100, sortable: false },
    { field: "styleCode", headerName: "Style", width: 100, sortable: false },
    {
      field: "ratio",
      headerName: "Ratio per ply",
      flex: 1,
      minWidth: 140,
      sortable: false,
      valueFormatter: (v: Record<string, number>) => ratioText(v),
    },
    { field: "plies", headerName: "Plies", width: 70, type: "number" },
    { field: "units", headerName: "Units", width: 70, type: "number", sortable: false },
    { field: "lengthInches", headerName: "Length (in)", width: 100, sortable: false },
    { field: "cutterName", headerName: "Cutter", width: 130, sortable: false },
    {
      field: "status",
      headerName: "Status",
      width: 110,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          label={STATUS_LABELS[row.status]}
          color={row.status === "cut" ? "success" : row.status === "queued" ? "primary" : "default"}
        />
      ),
    },
    {
      field: "actions",
      headerName: "",
      width: 330,
      sortable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", height: "100%" }}>
          <Button
            size="small"
            onClick={() =>
              openPdf(
                pathTo(cuttingApi.ticketPdf, { params: { id: row.id } }),
                `cut-ticket-${row.ticketNumber}.pdf`,
              ).catch((e) => setError(messageOf(e)))
            }
          >
            Print
          </Button>
          <Button
            size="small"
            onClick={() =>
              downloadListCsv(
                cuttingApi.exportCutUnitSheetCsv,
                { ticketId: row.id },
                `cut-unit-sheet-${row.ticketNumber}`,
              ).catch((e) => setError(messageOf(e)))
            }
          >
            Unit sheet
          </Button>
          {row.status === "queued" ? (
            <>
              <Button size="small" variant="contained" onClick={() => setConfirm({ ticket: row, action: "cut" })}>
                Mark cut
              </Button>
              <Button size="small" color="error" onClick={() => setConfirm({ ticket: row, action: "cancel" })}>
                Cancel
              </Button>
            </>
          ) : null}
        </Stack>
      ),
    },
  ];

  return (
    <>
      <ScanInput
        label="Scan a cut ticket to mark it cut"
        onScan={async (code) => {
          const sent = await queue.submit(code, { kind: "cutTicket", code }, (scanId) =>
            scan.mutateAsync({ code, scanId }),
          );
          if (sent.queued) return { ok: true, queued: true, message: `${code}: ${QUEUED_MESSAGE}` };
          return { ok: true, message: sent.done.message + consumed(sent.done.ticket.consumption) };
        }}
      />
      <OfflineBanner online={queue.online} waiting={queue.waiting} />
      <QueuedScans scans={queue.scans} />
      {done ? (
        <Alert severity="success" sx={{ my: 2 }} onClose={() => setDone(null)}>
          {done}
        </Alert>
      ) : null}
      {error ? (
        <Alert severity="error" sx={{ my: 2 }} onClose={() => setError(null)}>
          {error}
        </Alert>
      ) : null}
      <ListPage<TCutTicket>
        title={queuedOnly ? "Queued To Cut" : "Cutters"}
        subtitle={
          queuedOnly
            ? "Cut tickets waiting at the cutters, in ticket order."
            : "Every cut ticket of the cutters, by status."
        }
        list={list}
        listState={{ state, update }}
        label="Cut tickets"
        columns={columns}
        getRowId={(row) => row.id}
        searchPlaceholder="Search ticket, fabric, colour…"
        emptyText={queuedOnly ? "Nothing is queued to cut" : "No cut tickets match"}
        actions={
          <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexShrink: 0 }}>
            <CutterSelect
              value={cutter}
              allLabel="All cutters"
              onChange={(id) => filters.set("cutter", id === null ? null : String(id))}
            />
            {queuedOnly ? null : (
              <SelectFilter
                label="Status"
                value={status}
                options={(Object.keys(STATUS_LABELS) as Status[]).map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
                width={160}
                onChange={(v) => filters.set("status", v)}
              />
            )}
          </Stack>
        }
      />
      <ConfirmDialog
        open={confirm !== null}
        title={
          confirm?.action === "cut"
            ? `Mark ${confirm?.ticket.ticketNumber} cut?`
            : `Cancel ${confirm?.ticket.ticketNumber}?`
        }
        message={
          confirm?.action === "cut"
            ? `Its ${confirm.ticket.units} units are marked cut: their reserved fabric is taken from the stock.`
            : "Its units go back to the pull queue (not pulled) and their reserved fabric is released; pulled again, they reserve it anew."
        }
        confirmLabel={confirm?.action === "cut" ? "Mark cut" : "Cancel ticket"}
        danger={confirm?.action === "cancel"}
        onClose={() => setConfirm(null)}
        onConfirm={async () => {
          if (!confirm) return;
          if (confirm.action === "cut") {
            const res = await markCut.mutateAsync(confirm.ticket.id);
            setDone(res.message + consumed(res.ticket.consumption));
          } else {
            await cancel.mutateAsync(confirm.ticket.id);
            setDone(
              `${confirm.ticket.ticketNumber} was cancelled: its units are back in the queue and their fabric is released.`,
            );
          }
          setConfirm(null);
        }}
      />
    </>
  );
}
