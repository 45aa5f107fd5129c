import { MATERIAL_KINDS, type TMaterialKind } from "@hub/contracts/inventory/common";
import type { TSnapshotRow } from "@hub/contracts/inventory/snapshot";
import { inventorySnapshotApi } from "@hub/contracts/inventory/snapshot-api";
import { Alert, Card, CardContent, MenuItem, Stack, TextField, Typography } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { useMemo } from "react";
import { ListTable } from "../../components/list-page";
import { PageHeader } from "../../components/page-header";
import { useListFilters, useListState } from "../../lib/list-state";
import { downloadListCsv } from "../../lib/transfer";
import { money, qty } from "./format";
import { useInventorySnapshot } from "./snapshot-api";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const right = { align: "right", headerAlign: "right" } as const;

const columns = (comparing: boolean): GridColDef<TSnapshotRow>[] => [
  { field: "code", headerName: "Code", minWidth: 130 },
  { field: "name", headerName: "Name", flex: 1, minWidth: 160 },
  { field: "materialKind", headerName: "Kind", minWidth: 90, valueFormatter: (v: TMaterialKind) => v },
  {
    field: "quantity",
    headerName: "Stock",
    minWidth: 120,
    ...right,
    valueGetter: (_v, row) => `${qty(row.quantity)} ${row.unit}`,
  },
  {
    field: "avgCostCents",
    headerName: "Average cost",
    minWidth: 120,
    ...right,
    valueFormatter: (v: number) => money(v),
  },
  { field: "valueCents", headerName: "Value", minWidth: 120, ...right, valueFormatter: (v: number) => money(v) },
  ...(comparing
    ? ([
        {
          field: "compareQuantity",
          headerName: "Stock then",
          minWidth: 120,
          sortable: false,
          ...right,
          valueFormatter: (v: string | null) => (v === null ? "—" : qty(v)),
        },
        {
          field: "quantityChange",
          headerName: "Stock change",
          minWidth: 120,
          sortable: false,
          ...right,
          valueFormatter: (v: string | null) => (v === null ? "—" : qty(v)),
        },
        {
          field: "valueChangeCents",
          headerName: "Value change",
          minWidth: 120,
          ...right,
          valueFormatter: (v: number | null) => (v === null ? "—" : money(v)),
        },
      ] satisfies GridColDef<TSnapshotRow>[])
    : []),
];

/**
 * Inventory Snapshot (/inventorySnapshot, issue 18): every material's stock, average cost and value
 * at the end of a chosen day, rebuilt from the stock ledger, and the change since an earlier day;
 * the day, the compared day, the kind, search, sort and page in the URL; CSV of the filter.
 */
export default function InventorySnapshotPage() {
  const { state, update, query } = useListState({ sort: "code,asc" });
  const params = useListFilters();
  const today = useMemo(() => new Date().toISOString().slice(0, 10), []);
  const dateParam = params.get("date");
  const compareParam = params.get("compareTo");
  const date = dateParam && DATE.test(dateParam) ? dateParam : today;
  const compareTo = compareParam && DATE.test(compareParam) ? compareParam : undefined;
  const materialKind = MATERIAL_KINDS.find((k) => k === params.get("kind"));
  const filters = { date, compareTo, materialKind };
  const list = useInventorySnapshot({ ...query, ...filters });
  const cols = useMemo(() => columns(Boolean(compareTo)), [compareTo]);

  return (
    <>
      <PageHeader
        title="Inventory Snapshot"
        subtitle="Stock, average cost and value of every material at the end of a day (UTC), rebuilt from the stock ledger."
      />
      <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          type="date"
          size="small"
          label="At the end of"
          value={date}
          onChange={(e) => params.set("date", e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
        />
        <TextField
          type="date"
          size="small"
          label="Compare with"
          value={compareTo ?? ""}
          onChange={(e) => params.set("compareTo", e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: date } }}
        />
        <TextField
          select
          size="small"
          label="Kind"
          value={materialKind ?? ""}
          onChange={(e) => params.set("kind", e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="">Fabrics and parts</MenuItem>
          <MenuItem value="fabric">Fabrics</MenuItem>
          <MenuItem value="part">Parts</MenuItem>
        </TextField>
      </Stack>
      {list.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {list.error.message}
        </Alert>
      ) : null}
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mb: 2 }} role="group" aria-label="Totals">
        <Card variant="outlined" sx={{ flex: 1 }}>
          <CardContent>
            <Typography variant="overline" sx={{ color: "text.secondary" }}>{`Value at ${date}`}</Typography>
            <Typography variant="h5" component="p" aria-label="Value total">
              {list.data ? money(list.data.totalValueCents) : "…"}
            </Typography>
          </CardContent>
        </Card>
        {compareTo ? (
          <Card variant="outlined" sx={{ flex: 1 }}>
            <CardContent>
              <Typography variant="overline" sx={{ color: "text.secondary" }}>{`Value at ${compareTo}`}</Typography>
              <Typography variant="h5" component="p">
                {list.data?.compareTotalValueCents == null ? "…" : money(list.data.compareTotalValueCents)}
              </Typography>
            </CardContent>
          </Card>
        ) : null}
      </Stack>
      <ListTable<TSnapshotRow>
        label="Materials"
        columns={cols}
        list={list}
        listState={{ state, update }}
        getRowId={(row) => `${row.materialKind}-${row.materialId}`}
        searchPlaceholder="Search code or name"
        emptyText="No materials match."
        exportCsv={() =>
          downloadListCsv(
            inventorySnapshotApi.exportSnapshotCsv,
            { ...query, ...filters },
            `inventory-snapshot-${date}`,
          )
        }
      />
    </>
  );
}
