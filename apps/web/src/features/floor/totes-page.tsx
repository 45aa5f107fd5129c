import { zodResolver } from "@hookform/resolvers/zod";
import { TOTE_STATUSES, type TTote, type TToteStatus, ZToteCreateRequestSchema } from "@hub/contracts/floor/actions";
import { floorApi } from "@hub/contracts/floor/api";
import Add from "@mui/icons-material/Add";
import { Button, Chip, Link, Stack } from "@mui/material";
import type { GridColDef, GridRowSelectionModel } from "@mui/x-data-grid";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { Link as RouterLink } from "react-router";
import { toast } from "react-toastify";
import { z } from "zod";
import { FormDialog } from "../../components/form-dialog";
import { LabelsMenuButton } from "../../components/labels-menu";
import { ListPage, SelectFilter } from "../../components/list-page";
import { TextInput } from "../../components/text-input";
import { pathTo } from "../../lib/api";
import { applyServerErrors } from "../../lib/form-errors";
import { useListFilters, useListState } from "../../lib/list-state";
import { downloadListCsv } from "../../lib/transfer";
import { useLabelDefaults } from "../factory-config/api";
import { useCreateTotes, useToteList } from "./api";

const STATUS_LABELS: Record<TToteStatus, string> = { empty: "Empty", in_use: "In use", in_transit: "In transit" };
const STATUS_COLOURS: Record<TToteStatus, "default" | "primary" | "warning"> = {
  empty: "default",
  in_use: "primary",
  in_transit: "warning",
};
const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();

const columns: GridColDef<TTote>[] = [
  { field: "barcode", headerName: "Tote", width: 110 },
  {
    field: "status",
    headerName: "Status",
    width: 120,
    renderCell: ({ row }) => (
      <Chip size="small" label={STATUS_LABELS[row.status]} color={STATUS_COLOURS[row.status]} variant="outlined" />
    ),
  },
  {
    field: "orderNumber",
    headerName: "Order",
    width: 130,
    sortable: false,
    renderCell: ({ row }) =>
      row.orderId && row.orderNumber ? (
        <Link component={RouterLink} to={`/orders/${row.orderId}`} underline="hover" onClick={stop}>
          {row.orderNumber}
        </Link>
      ) : (
        "—"
      ),
  },
  {
    field: "clientName",
    headerName: "Client",
    flex: 1,
    minWidth: 150,
    sortable: false,
    valueFormatter: (v) => v ?? "—",
  },
  { field: "unitCount", headerName: "Units", width: 80, type: "number", sortable: false },
  { field: "stationCode", headerName: "Station", width: 110, sortable: false, valueFormatter: (v) => v ?? "—" },
  {
    field: "updatedAt",
    headerName: "Updated",
    width: 170,
    valueFormatter: (v: string) => new Date(v).toLocaleString(),
  },
];

/**
 * All Totes (/totes): the facility's totes with what each holds (order, units, station), searched
 * by tote or order, filtered by status, sorted and paged in the URL; Add totes takes the next free
 * barcodes; Labels prints the chosen totes' labels (or every tote's), Code128 or QR, as a sheet or
 * one 4 × 6 in label per page; Export CSV downloads every tote the search and filter find.
 */
export default function TotesPage() {
  const { state, update, query } = useListState({ sort: "barcode,asc" });
  const filters = useListFilters();
  const status = TOTE_STATUSES.find((s) => s === filters.get("status"));
  const fullQuery = useMemo(() => ({ ...query, status }), [query, status]);
  const list = useToteList(fullQuery);
  const labelDefaults = useLabelDefaults(true);
  const [selection, setSelection] = useState<GridRowSelectionModel>({ type: "include", ids: new Set() });
  const [adding, setAdding] = useState(false);
  const chosen = [...selection.ids].map(Number);
  const filtered = Boolean(state.searchString || status);
  return (
    <>
      <ListPage<TTote>
        title="All Totes"
        subtitle="The crates that carry one order's units between stations, what each holds now, and their labels."
        headerActions={
          <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
            <LabelsMenuButton
              label={chosen.length > 0 ? `Labels (${chosen.length} chosen)` : "Labels for every tote"}
              path={(q) =>
                pathTo(floorApi.toteLabelsPdf, {
                  query: {
                    format: q.format,
                    symbology: q.symbology,
                    paper: q.paper,
                    ids: chosen.length > 0 ? chosen.join(",") : undefined,
                  },
                })
              }
              fileName={(q) => `tote-labels-${q.format}.pdf`}
              preferred={labelDefaults}
            />
            <Button variant="contained" startIcon={<Add />} onClick={() => setAdding(true)}>
              Add totes
            </Button>
          </Stack>
        }
        list={list}
        listState={{ state, update }}
        label="Totes"
        columns={columns}
        getRowId={(row) => row.id}
        selection={{ model: selection, onChange: setSelection }}
        searchPlaceholder="Search tote or order…"
        actions={
          <SelectFilter
            label="Status"
            value={status}
            options={TOTE_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
            onChange={(v) => filters.set("status", v)}
            width={140}
          />
        }
        exportCsv={() => downloadListCsv(floorApi.exportTotesCsv, fullQuery, "totes")}
        emptyText={filtered ? "No totes match" : "No totes yet: add some, then print their labels"}
      />
      <AddTotesDialog open={adding} onClose={() => setAdding(false)} />
    </>
  );
}

const ZAddTotesSchema = ZToteCreateRequestSchema.pick({ count: true }).extend({
  count: z.coerce.number<string>().pipe(ZToteCreateRequestSchema.shape.count),
});

function AddTotesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateTotes();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<z.input<typeof ZAddTotesSchema>, unknown, z.output<typeof ZAddTotesSchema>>({
    resolver: zodResolver(ZAddTotesSchema),
    defaultValues: { count: "10" },
  });
  const { errors, isSubmitting } = form.formState;
  const close = () => {
    setError(null);
    form.reset();
    onClose();
  };
  const submit = async (values: z.output<typeof ZAddTotesSchema>) => {
    setError(null);
    try {
      const made = await create.mutateAsync({ count: values.count });
      const first = made.totes[0]?.barcode;
      const last = made.totes.at(-1)?.barcode;
      toast.success(
        made.totes.length === 1
          ? `Tote ${first} was added.`
          : `${made.totes.length} totes were added: ${first} to ${last}.`,
      );
      close();
    } catch (e) {
      setError(applyServerErrors(e, form.setError, ["count"]));
    }
  };
  return (
    <FormDialog
      open={open}
      title="Add totes"
      onSubmit={form.handleSubmit(submit)}
      onClose={close}
      submitLabel="Add"
      submitting={isSubmitting}
      error={error}
      maxWidth="xs"
    >
      <TextInput
        label="How many"
        type="number"
        inputProps={{ min: 1, max: 200 }}
        error={Boolean(errors.count)}
        helperText={errors.count?.message ?? "They take the next free barcodes (T-0041, T-0042, …)."}
        {...form.register("count")}
      />
    </FormDialog>
  );
}
