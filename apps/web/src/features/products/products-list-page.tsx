import { productsApi } from "@hub/contracts/products/api";
import {
  PRODUCT_PACK_FILTER_LABELS,
  PRODUCT_PACK_FILTERS,
  PRODUCT_STATUS_LABELS,
  PRODUCT_STATUSES,
  type TProduct,
  type TProductStatus,
  techPackPath,
} from "@hub/contracts/products/products";
import { Chip, Stack } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { useNavigate } from "react-router";
import { ListPage, SelectFilter } from "../../components/list-page";
import { useListFilters, useListState } from "../../lib/list-state";
import { downloadListCsv } from "../../lib/transfer";
import { type ProductQuery, useProductFacets, useProductList, useStatusCount } from "./api";
import { money, ProductStatusChip } from "./format";

const columns: GridColDef<TProduct>[] = [
  { field: "code", headerName: "Code", width: 130 },
  { field: "name", headerName: "Name", flex: 1.4, minWidth: 180 },
  {
    field: "status",
    headerName: "Status",
    width: 150,
    renderCell: ({ row }) => <ProductStatusChip status={row.status} />,
  },
  { field: "season", headerName: "Season", width: 90 },
  { field: "collection", headerName: "Collection", flex: 1, minWidth: 140 },
  { field: "batch", headerName: "Batch", width: 100, sortable: false },
  {
    field: "tags",
    headerName: "Tags",
    width: 160,
    sortable: false,
    valueFormatter: (v: string[]) => v.join(", "),
  },
  {
    field: "targetPriceCents",
    headerName: "Target price",
    width: 120,
    type: "number",
    sortable: false,
    valueFormatter: (v: number | null) => money(v),
  },
  { field: "latestVersion", headerName: "Version", width: 80, type: "number", sortable: false },
  {
    field: "updatedAt",
    headerName: "Updated",
    width: 120,
    valueFormatter: (v: string) => new Date(v).toLocaleDateString(),
  },
];

const isStatus = (v: string | null): v is TProductStatus =>
  v !== null && (PRODUCT_STATUSES as readonly string[]).includes(v);

/** /productDev/products: the team's products with counts per status, filters in the URL and CSV export. */
export default function ProductsListPage() {
  const navigate = useNavigate();
  const { state, update, query } = useListState({ sort: "updatedAt,desc" });
  const filters = useListFilters();
  const statusParam = filters.get("status");
  const status = isStatus(statusParam) ? statusParam : undefined;
  const collection = filters.get("collection") ?? undefined;
  const batch = filters.get("batch") ?? undefined;
  const tag = filters.get("tag") ?? undefined;
  // The home page's links: a version awaiting approval, or sent to the factory.
  const pack = PRODUCT_PACK_FILTERS.find((f) => f === filters.get("pack"));
  const fullQuery: ProductQuery = { ...query, status, collection, batch, tag, pack };
  const list = useProductList(fullQuery);
  const counts = useStatusCount({ searchString: query.searchString, collection, batch, tag });
  const facets = useProductFacets();
  const options = (values: string[] | undefined) => (values ?? []).map((v) => ({ value: v, label: v }));

  return (
    <ListPage<TProduct>
      title="Products"
      subtitle={
        <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", mt: 1 }} aria-label="Products per status">
          <Chip
            label={`All ${counts.data?.total ?? ""}`}
            color={status ? "default" : "primary"}
            variant={status ? "outlined" : "filled"}
            onClick={() => filters.set("status", null)}
          />
          {PRODUCT_STATUSES.map((s) => (
            <Chip
              key={s}
              label={`${PRODUCT_STATUS_LABELS[s]} ${counts.data?.counts[s] ?? ""}`}
              color={status === s ? "primary" : "default"}
              variant={status === s ? "filled" : "outlined"}
              onClick={() => filters.set("status", s)}
            />
          ))}
          {pack ? (
            <Chip
              label={PRODUCT_PACK_FILTER_LABELS[pack]}
              color="warning"
              onDelete={() => filters.set("pack", null)}
              aria-label={`Filter: ${PRODUCT_PACK_FILTER_LABELS[pack]}`}
            />
          ) : null}
        </Stack>
      }
      create={{ to: "/productDev/products/addNewProduct", label: "Add new product" }}
      list={list}
      listState={{ state, update }}
      label="Products"
      columns={columns}
      getRowId={(row) => row.id}
      onRowClick={(row) =>
        navigate(
          row.latestStpId
            ? techPackPath(row.id, row.latestVersion, row.latestStpId)
            : `/productDev/products/${row.id}/versions`,
        )
      }
      searchPlaceholder="Search code, name, collection…"
      exportCsv={() =>
        downloadListCsv(
          productsApi.exportCsv,
          { sort: fullQuery.sort, searchString: fullQuery.searchString, status, collection, batch, tag },
          "products",
        )
      }
      emptyText={state.searchString || status || collection || batch || tag ? "No products match" : "No products yet"}
      actions={
        <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexShrink: 0 }}>
          <SelectFilter
            label="Collection"
            value={collection}
            options={options(facets.data?.collections)}
            onChange={(v) => filters.set("collection", v)}
          />
          <SelectFilter
            label="Batch"
            value={batch}
            options={options(facets.data?.batches)}
            width={120}
            onChange={(v) => filters.set("batch", v)}
          />
          <SelectFilter
            label="Tag"
            value={tag}
            options={options(facets.data?.tags)}
            width={120}
            onChange={(v) => filters.set("tag", v)}
          />
        </Stack>
      }
    />
  );
}
