import { suppliersApi } from "@hub/contracts/inventory/api";
import type { TSupplier } from "@hub/contracts/inventory/suppliers";
import type { GridColDef } from "@mui/x-data-grid";
import { activeColumn } from "../../components/data-table/active-chip";
import { ListPage } from "../../components/list-page";
import { useListState } from "../../lib/list-state";
import { downloadListCsv } from "../../lib/transfer";
import { useSupplierList } from "./api";
import { dash } from "./format";

const columns: GridColDef<TSupplier>[] = [
  { field: "code", headerName: "Code", width: 130 },
  { field: "name", headerName: "Name", flex: 1.3, minWidth: 180 },
  {
    field: "contactName",
    headerName: "Contact",
    flex: 1,
    minWidth: 140,
    sortable: false,
    valueFormatter: (v) => dash(v),
  },
  { field: "email", headerName: "Email", flex: 1, minWidth: 160, sortable: false, valueFormatter: (v) => dash(v) },
  {
    field: "leadTimeDays",
    headerName: "Lead time",
    width: 110,
    type: "number",
    valueFormatter: (v: number) => `${v} days`,
  },
  { field: "currency", headerName: "Currency", width: 100 },
  { field: "materialCount", headerName: "Materials", width: 100, type: "number", sortable: false },
  activeColumn<TSupplier>(),
];

/** /supplierDetails: the facility's suppliers, searched, sorted and paged in the URL. */
export default function SuppliersListPage() {
  const { state, update, query } = useListState({ sort: "name,asc" });
  const list = useSupplierList(query);
  return (
    <ListPage<TSupplier>
      title="Supplier Details"
      subtitle="Companies you buy fabrics and parts from: contacts, lead time, currency and prices."
      create={{ to: "/supplierDetails/new", label: "New supplier" }}
      list={list}
      listState={{ state, update }}
      label="Suppliers"
      columns={columns}
      getRowId={(row) => row.id}
      rowTo={(row) => `/supplierDetails/edit/${row.id}`}
      searchPlaceholder="Search code, name, contact or email…"
      exportCsv={() => downloadListCsv(suppliersApi.exportSuppliersCsv, query, "suppliers")}
      emptyText={state.searchString ? "No suppliers match this search" : "No suppliers yet"}
    />
  );
}
