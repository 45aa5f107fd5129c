import type { TPriceListStyle } from "@hub/contracts/library/jas-pricing";
import { jasPricingApi } from "@hub/contracts/library/jas-pricing-api";
import PictureAsPdf from "@mui/icons-material/PictureAsPdf";
import { Alert, Button, MenuItem, Stack, TextField } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { useState } from "react";
import { ListTable } from "../../../components/list-page";
import { PageHeader } from "../../../components/page-header";
import { pathTo } from "../../../lib/api";
import { messageOf } from "../../../lib/api-error";
import { useAuth } from "../../../lib/auth/auth-context";
import { useListFilters, useListState } from "../../../lib/list-state";
import { openPdf } from "../../../lib/open-pdf";
import { downloadListCsv } from "../../../lib/transfer";
import { useLimitedClients } from "../../clients/api";
import { money } from "../resources/format";
import { usePriceList } from "./api";

const breaksOf = (s: TPriceListStyle) =>
  [{ minQuantity: 1, unitPriceCents: s.basePriceCents }, ...s.priceTiers.filter((t) => t.minQuantity > 1)]
    .map((t) => `${t.minQuantity}+ ${money(t.unitPriceCents)}`)
    .join(" · ");

const upchargesOf = (s: TPriceListStyle) =>
  s.options
    .map(
      (o) =>
        `${o.name}: ${o.attributes
          .map((a) => (a.upchargeCents ? `${a.name} +${money(a.upchargeCents)}` : a.name))
          .join(", ")}`,
    )
    .join("; ");

const columns: GridColDef<TPriceListStyle>[] = [
  { field: "styleCode", headerName: "Style", minWidth: 120 },
  { field: "styleName", headerName: "Name", flex: 1, minWidth: 160 },
  {
    field: "basePriceCents",
    headerName: "Unit price",
    minWidth: 110,
    align: "right",
    headerAlign: "right",
    valueFormatter: (v: number) => money(v),
  },
  {
    field: "priceTiers",
    headerName: "Quantity breaks",
    minWidth: 220,
    flex: 1,
    sortable: false,
    valueGetter: (_v, row) => breaksOf(row),
  },
  {
    field: "options",
    headerName: "Options and upcharges (per piece)",
    minWidth: 280,
    flex: 2,
    sortable: false,
    valueGetter: (_v, row) => upchargesOf(row),
  },
];

/**
 * JAS Pricing (/jasPricing, issue 18): a client's price list, every style it is offered with its
 * quantity breaks and upcharges, searched, sorted and paged with the state in the URL; CSV and a
 * PDF price sheet. Client users see their own; facility users and internal admins pick a client.
 */
export default function JasPricingPage() {
  const { user, sessionClient } = useAuth();
  const isClientUser = user?.userType === "client";
  const { state, update, query } = useListState({ sort: "styleCode,asc" });
  const params = useListFilters();
  const chosen = Number.parseInt(params.get("clientId") ?? "", 10) || undefined;
  const clients = useLimitedClients(!isClientUser);
  const clientId = isClientUser ? undefined : (chosen ?? sessionClient?.clientId);
  const ready = isClientUser || clientId !== undefined;
  const filters = { clientId };
  const list = usePriceList({ ...query, ...filters }, ready);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const name = list.data?.clientName ?? "client";

  return (
    <>
      <PageHeader
        title="JAS Pricing"
        subtitle={`The price list of ${isClientUser ? "your brand" : name}: unit prices by the quantity of a style on one order, and upcharges per piece.`}
        actions={
          ready ? (
            <Button
              variant="outlined"
              startIcon={<PictureAsPdf />}
              onClick={() =>
                openPdf(pathTo(jasPricingApi.sheetPdf, { query: filters }), `price-sheet-${name}.pdf`).catch((e) =>
                  setPdfError(messageOf(e)),
                )
              }
            >
              Price sheet (PDF)
            </Button>
          ) : undefined
        }
      />
      {!isClientUser ? (
        <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
          <TextField
            select
            size="small"
            label="Client"
            value={clientId ? String(clientId) : ""}
            onChange={(e) => params.set("clientId", e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            sx={{ minWidth: 240 }}
          >
            <MenuItem value="" disabled>
              Choose a client
            </MenuItem>
            {(clients.data ?? []).map((c) => (
              <MenuItem key={c.clientId} value={String(c.clientId)}>
                {c.clientName}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      ) : null}
      {pdfError ? (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setPdfError(null)}>
          {pdfError}
        </Alert>
      ) : null}
      {!ready ? (
        <Alert severity="info">Choose a client to see its price list.</Alert>
      ) : (
        <>
          {list.isError ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {list.error.message}
            </Alert>
          ) : null}
          <ListTable<TPriceListStyle>
            label="Price list"
            columns={columns}
            list={list}
            listState={{ state, update }}
            getRowId={(row) => row.styleId}
            searchPlaceholder="Search style code or name"
            emptyText="No styles are offered to this client."
            exportCsv={() => downloadListCsv(jasPricingApi.exportCsv, { ...query, ...filters }, "price-list")}
          />
        </>
      )}
    </>
  );
}
