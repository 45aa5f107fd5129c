import { productsApi } from "@hub/contracts/products/api";
import { techPackPath } from "@hub/contracts/products/products";
import type { TFacilityTechPack } from "@hub/contracts/products/tech-pack/handoff";
import { Chip } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ListPage } from "../../components/list-page";
import { call } from "../../lib/api";
import { useListState } from "../../lib/list-state";
import { productKeys } from "./api";

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

const columns: GridColDef<TFacilityTechPack>[] = [
  { field: "sentAt", headerName: "Sent", width: 170, valueFormatter: (v: string) => when(v) },
  { field: "brand", headerName: "Brand", flex: 1, minWidth: 150 },
  { field: "productCode", headerName: "Code", width: 140 },
  { field: "productName", headerName: "Product", flex: 1.4, minWidth: 180, sortable: false },
  { field: "version", headerName: "Version", width: 90, type: "number" },
  { field: "sentByName", headerName: "Sent by", width: 160, sortable: false },
  { field: "facility", headerName: "Facility", width: 160, sortable: false },
  {
    field: "firstOpenedAt",
    headerName: "Opened",
    width: 150,
    sortable: false,
    renderCell: ({ row }) =>
      row.firstOpenedAt ? when(row.firstOpenedAt) : <Chip size="small" color="primary" label="New" />,
  },
];

/**
 * /productDev/techPacks: the tech packs brands sent to the caller's facility (issue 23), newest
 * first; a row opens the version read-only, with every tab and its PDF.
 */
export default function TechPacksPage() {
  const { state, update, query } = useListState({ sort: "sentAt,desc" });
  const list = useQuery({
    queryKey: [...productKeys.all(), "sent", query],
    queryFn: () => call(productsApi.techPacks, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  return (
    <ListPage<TFacilityTechPack>
      title="Tech Packs"
      subtitle="Tech packs brands sent to your facility, exactly as approved."
      list={list}
      listState={{ state, update }}
      label="Tech packs"
      columns={columns}
      getRowId={(row) => row.sendId}
      rowTo={(row) => techPackPath(row.productId, row.version, row.stpId)}
      searchPlaceholder="Search brand, code, product…"
      emptyText={state.searchString ? "No tech packs match" : "No tech packs were sent to your facility yet"}
    />
  );
}
