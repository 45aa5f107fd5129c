import { zodResolver } from "@hookform/resolvers/zod";
import { MATERIAL_KINDS, type TMaterialKind } from "@hub/contracts/inventory/common";
import {
  type TStockItem,
  type TStockItemDetail,
  type TStockSettingsRequest,
  ZStockSettingsRequestSchema,
} from "@hub/contracts/inventory/stock";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  Grid,
  Link,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link as RouterLink, useParams } from "react-router";
import { toast } from "react-toastify";
import { PageHeader } from "../../components/page-header";
import { RecordNotFound } from "../../components/record-not-found";
import { recordPageState } from "../../components/record-page-state";
import { TextInput } from "../../components/text-input";
import { applyServerErrors } from "../../lib/form-errors";
import { parseId } from "../../lib/ids";
import { useListState } from "../../lib/list-state";
import { useSaveStockSettings, useStockItem } from "./api";
import { BelowThresholdChip, dash, dateTime, LEDGER_KIND_LABELS, money, qty, qtyUnit } from "./format";
import { AdjustmentDialog, ReturnDialog } from "./stock-dialogs";

const Figure = ({ label, value }: { label: string; value: string }) => (
  <Box>
    <Typography variant="body2" sx={{ color: "text.secondary" }}>
      {label}
    </Typography>
    <Typography variant="h6" component="p" data-testid={`stock-${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`}>
      {value}
    </Typography>
  </Box>
);

/** Threshold settings of one item, saved on their own. */
function SettingsCard({ item }: { item: TStockItem }) {
  const save = useSaveStockSettings(item.materialKind, item.materialId);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<TStockSettingsRequest>({
    resolver: zodResolver(ZStockSettingsRequestSchema),
    defaultValues: { threshold: qty(item.threshold), thresholdByCnt: item.thresholdByCnt },
  });
  const byCount = watch("thresholdByCnt");
  const onSubmit = async (body: TStockSettingsRequest) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync(body);
      reset({ threshold: qty(saved.threshold), thresholdByCnt: saved.thresholdByCnt });
      toast.success(`Threshold of ${saved.code} was saved.`);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ["threshold", "thresholdByCnt"]));
    }
  };
  return (
    <Card component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Threshold settings">
      <CardContent>
        <Typography variant="h6" sx={{ mb: 2 }}>
          Threshold
        </Typography>
        <Stack spacing={2}>
          <TextInput
            label={`Threshold (${byCount ? "pcs" : item.unit})`}
            inputMode="decimal"
            {...register("threshold")}
            error={Boolean(errors.threshold)}
            helperText={errors.threshold?.message ?? "Below this the item is marked “Below threshold”."}
          />
          <Controller
            control={control}
            name="thresholdByCnt"
            render={({ field }) => (
              <FormControlLabel
                control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                label="Threshold by count (pieces)"
              />
            )}
          />
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          <Box>
            <Button type="submit" variant="contained" loading={isSubmitting} disabled={!isDirty}>
              Save threshold
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

function Ledger({
  detail,
  page,
  size,
  onPage,
}: {
  detail: TStockItemDetail;
  page: number;
  size: number;
  onPage: (p: { page?: number; size?: number }) => void;
}) {
  const { item, ledger } = detail;
  return (
    <Card>
      <CardContent>
        <Typography variant="h6">Ledger</Typography>
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          Every movement, newest first. The quantity on hand is their sum.
        </Typography>
      </CardContent>
      <TableContainer>
        <Table size="small" aria-label="Ledger">
          <TableHead>
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell>Kind</TableCell>
              <TableCell align="right">Quantity</TableCell>
              <TableCell align="right">Unit cost</TableCell>
              <TableCell>Reason</TableCell>
              <TableCell>Reference</TableCell>
              <TableCell>Who</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {ledger.items.length === 0 ? (
              <TableRow>
                <TableCell colSpan={7}>No movements yet</TableCell>
              </TableRow>
            ) : (
              ledger.items.map((e) => (
                <TableRow key={e.id}>
                  <TableCell>{dateTime(e.at)}</TableCell>
                  <TableCell>{LEDGER_KIND_LABELS[e.kind]}</TableCell>
                  <TableCell align="right">{qtyUnit(e.quantity, item.unit)}</TableCell>
                  <TableCell align="right">{e.unitCostCents === null ? "—" : money(e.unitCostCents)}</TableCell>
                  <TableCell>{dash(e.reason)}</TableCell>
                  <TableCell>
                    {e.poId !== null ? (
                      <Link component={RouterLink} to={`/inventoryOnOrder/${e.poId}`}>
                        {e.poNumber ?? `PO ${e.poId}`}
                      </Link>
                    ) : (
                      dash(e.reference)
                    )}
                  </TableCell>
                  <TableCell>{e.actorName}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={ledger.total}
        page={page}
        rowsPerPage={size}
        rowsPerPageOptions={[10, 25, 50, 100]}
        onPageChange={(_e, p) => onPage({ page: p })}
        onRowsPerPageChange={(e) => onPage({ size: Number(e.target.value) })}
      />
    </Card>
  );
}

function CostHistory({ detail }: { detail: TStockItemDetail }) {
  const { item, costHistory } = detail;
  return (
    <Card>
      <CardContent>
        <Typography variant="h6">Average cost history</Typography>
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          The weighted average, recomputed on each receipt.
        </Typography>
      </CardContent>
      <TableContainer>
        <Table size="small" aria-label="Average cost history">
          <TableHead>
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell align="right">Quantity before</TableCell>
              <TableCell align="right">Cost before</TableCell>
              <TableCell align="right">Quantity after</TableCell>
              <TableCell align="right">Cost after</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {costHistory.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5}>Nothing received yet</TableCell>
              </TableRow>
            ) : (
              costHistory.map((h) => (
                <TableRow key={h.id}>
                  <TableCell>{dateTime(h.at)}</TableCell>
                  <TableCell align="right">{qtyUnit(h.quantityBefore, item.unit)}</TableCell>
                  <TableCell align="right">{money(h.costBeforeCents)}</TableCell>
                  <TableCell align="right">{qtyUnit(h.quantityAfter, item.unit)}</TableCell>
                  <TableCell align="right">{money(h.costAfterCents)}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  );
}

const isKind = (v: string | undefined): v is TMaterialKind =>
  v !== undefined && (MATERIAL_KINDS as readonly string[]).includes(v);

const NotFound = () => (
  <RecordNotFound
    title="Stock item not found"
    message="This fabric or part does not exist, or it is not your facility's."
    backTo="/inventory"
    backLabel="Back to inventory"
  />
);

/** /inventory/:kind/:id: one fabric or part as stock: figures, ledger, cost history, threshold, adjust and return. */
export default function StockItemPage() {
  const params = useParams();
  const kind = isKind(params.kind) ? params.kind : null;
  const id = kind ? parseId(params.id) : null;
  const { state, update } = useListState({ size: 25 });
  const detail = useStockItem(kind ?? "fabric", id, state.page, state.size);
  const [dialog, setDialog] = useState<"adjust" | "return" | null>(null);

  const waiting = recordPageState({
    missing: kind === null || id === null,
    error: detail.error,
    loading: !detail.data,
    notFound: <NotFound />,
    errorTitle: "Inventory",
  });
  if (waiting || !detail.data) return waiting;
  const { item } = detail.data;
  return (
    <>
      <PageHeader
        title={`${item.code} · ${item.name}`}
        subtitle={
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <Link component={RouterLink} to="/inventory">
              Inventory
            </Link>
            <span>· {item.materialKind === "fabric" ? "Fabric" : "Part"}</span>
            {item.lowStock ? <BelowThresholdChip /> : null}
          </Stack>
        }
        actions={
          <>
            <Button variant="contained" onClick={() => setDialog("adjust")}>
              Adjust
            </Button>
            <Button variant="outlined" onClick={() => setDialog("return")}>
              Return to supplier
            </Button>
          </>
        }
      />
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={4}>
            <Figure label="On hand" value={qtyUnit(item.quantity, item.unit)} />
            {item.materialKind === "fabric" ? (
              <>
                <Figure label="Reserved" value={qtyUnit(item.reserved, item.unit)} />
                <Figure label="Available" value={qtyUnit(item.available, item.unit)} />
              </>
            ) : null}
            <Figure label="Threshold" value={`${qty(item.threshold)} ${item.thresholdByCnt ? "pcs" : item.unit}`} />
            <Figure label="Average cost" value={`${money(item.avgCostCents)}/${item.unit}`} />
            <Figure label="Usage (30 days)" value={qtyUnit(item.usage30d, item.unit)} />
            <Figure label="Value" value={money(item.valueCents)} />
          </Stack>
        </CardContent>
      </Card>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Stack spacing={3}>
            <Ledger detail={detail.data} page={state.page} size={state.size} onPage={update} />
            <CostHistory detail={detail.data} />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <SettingsCard key={`${item.threshold}-${item.thresholdByCnt}`} item={item} />
        </Grid>
      </Grid>
      {dialog === "adjust" ? <AdjustmentDialog item={item} open onClose={() => setDialog(null)} /> : null}
      {dialog === "return" ? <ReturnDialog item={item} open onClose={() => setDialog(null)} /> : null}
    </>
  );
}
