import { inventoryApi } from "@hub/contracts/inventory/api";
import { MATERIAL_KINDS, type TMaterialKind } from "@hub/contracts/inventory/common";
import type { TStockItem } from "@hub/contracts/inventory/stock";
import { Checkbox, FormControlLabel, Stack } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { ListPage, SelectFilter } from "../../components/list-page";
import { useListFilters, useListState } from "../../lib/list-state";
import { downloadListCsv } from "../../lib/transfer";
import { type StockQuery, useStockList } from "./api";
import { BelowThresholdChip, money, qty, qtyUnit } from "./format";

export const stockItemPath = (row: { materialKind: TMaterialKind; materialId: number }) =>
  `/inventory/${row.materialKind}/${row.materialId}`;

const KIND_LABELS: Record<TMaterialKind, string> = { fabric: "Fabric", part: "Part" };

const columns: GridColDef<TStockItem>[] = [
  { field: "code", headerName: "Code", width: 130 },
  { field: "name", headerName: "Name", flex: 1.3, minWidth: 180 },
  {
    field: "materialKind",
    headerName: "Kind",
    width: 90,
    valueFormatter: (v: TMaterialKind) => KIND_LABELS[v],
  },
  {
    field: "quantity",
    headerName: "On hand",
    width: 130,
    type: "number",
    valueFormatter: (v: string, row) => qtyUnit(v, row.unit),
  },
  {
    field: "reserved",
    headerName: "Reserved",
    width: 120,
    type: "number",
    valueFormatter: (v: string, row) => qtyUnit(v, row.unit),
  },
  {
    field: "available",
    headerName: "Available",
    width: 130,
    type: "number",
    valueFormatter: (v: string, row) => qtyUnit(v, row.unit),
  },
  {
    field: "threshold",
    headerName: "Threshold",
    width: 120,
    type: "number",
    valueFormatter: (v: string, row) => `${qty(v)} ${row.thresholdByCnt ? "pcs" : row.unit}`,
  },
  {
    field: "lowStock",
    headerName: "Stock",
    width: 170,
    sortable: false,
    renderCell: ({ row }) => (row.lowStock ? <BelowThresholdChip /> : null),
  },
  {
    field: "avgCostCents",
    headerName: "Average cost",
    width: 130,
    type: "number",
    valueFormatter: (v: number, row) => `${money(v)}/${row.unit}`,
  },
  {
    field: "usage30d",
    headerName: "Usage (30 days)",
    width: 140,
    type: "number",
    valueFormatter: (v: string, row) => qtyUnit(v, row.unit),
  },
  { field: "valueCents", headerName: "Value", width: 120, type: "number", valueFormatter: (v: number) => money(v) },
];

const isKind = (v: string | null): v is TMaterialKind =>
  v !== null && (MATERIAL_KINDS as readonly string[]).includes(v);

/**
 * /inventory: every fabric and part of the facility as stock (on hand, reserved by pulled units,
 * available), rows whose available quantity is below the threshold marked, filters in the URL.
 */
export default function StockListPage() {
  const { state, update, query } = useListState({ sort: "code,asc" });
  const filters = useListFilters();
  const kindParam = filters.get("kind");
  const materialKind = isKind(kindParam) ? kindParam : undefined;
  const below = filters.get("below") === "true";
  const fullQuery: StockQuery = { ...query, materialKind, ...(below ? { belowThreshold: true as const } : {}) };
  const list = useStockList(fullQuery);

  return (
    <ListPage<TStockItem>
      title="Inventory"
      subtitle="Stock of every fabric and part: on hand, reserved by pulled units, available, threshold, average cost, 30-day usage and value."
      list={list}
      listState={{ state, update }}
      label="Inventory"
      columns={columns}
      getRowId={(row) => `${row.materialKind}-${row.materialId}`}
      rowTo={(row) => stockItemPath(row)}
      searchPlaceholder="Search code or name…"
      exportCsv={() =>
        downloadListCsv(
          inventoryApi.exportCsv,
          {
            sort: fullQuery.sort,
            searchString: fullQuery.searchString,
            materialKind,
            belowThreshold: fullQuery.belowThreshold,
          },
          "inventory",
        )
      }
      emptyText={
        below
          ? "Nothing is below its threshold"
          : state.searchString
            ? "No stock matches this search"
            : "No fabrics or parts yet"
      }
      actions={
        <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexShrink: 0 }}>
          <SelectFilter
            label="Kind"
            value={materialKind}
            options={[
              { value: "fabric", label: "Fabrics" },
              { value: "part", label: "Parts" },
            ]}
            width={130}
            onChange={(v) => filters.set("kind", v)}
          />
          <FormControlLabel
            control={
              <Checkbox checked={below} onChange={(e) => filters.set("below", e.target.checked ? "true" : null)} />
            }
            label="Below threshold"
          />
        </Stack>
      }
    />
  );
}
