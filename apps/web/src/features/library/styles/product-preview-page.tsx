import type { TProductDetails } from "@hub/contracts/library/style-composition";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Grid,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useEffect, useState } from "react";
import { Link as RouterLink, useParams } from "react-router";
import { PageLoader } from "../../../components/loading-screen";
import { OptionChoices, useOptionChoices } from "../../../components/option-chips";
import { PageHeader } from "../../../components/page-header";
import { messageOf } from "../../../lib/api-error";
import { money } from "../resources/format";
import { useCanEditLibrary } from "../shared/library-list-page";
import { parseStyleId, useProductDetails, useProductPrice } from "./api";
import { StyleLinks } from "./style-pages";

const useDebounced = <T,>(value: T, ms = 250): T => {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
};

/** The first attribute in stock of each option, so a price shows at once. */
const firstChoices = (d: TProductDetails): Record<number, number> => {
  const out: Record<number, number> = {};
  for (const o of d.options) {
    const pick = o.attributes.find((a) => !a.outOfStock) ?? o.attributes[0];
    if (pick) out[o.optionId] = pick.attributeId;
  }
  return out;
};

function Preview({ details, styleId }: { details: TProductDetails; styleId: number }) {
  const canEdit = useCanEditLibrary();
  const { choices, setChoices, complete } = useOptionChoices(details, () => firstChoices(details));
  const [quantityText, setQuantityText] = useState("1");
  const quantity = Number(quantityText);
  const quantityOk = Number.isInteger(quantity) && quantity >= 1 && quantity <= 1_000_000;
  const req = useDebounced({
    styleId,
    quantity: quantityOk ? quantity : 1,
    attributeIds: details.options.map((o) => choices[o.optionId]).filter((x): x is number => x !== undefined),
  });
  const price = useProductPrice(req, complete && quantityOk);
  const p = price.data;
  return (
    <>
      <PageHeader
        title={details.name}
        subtitle={`${details.code} · ${details.category}`}
        actions={
          canEdit ? (
            <>
              <StyleLinks styleId={styleId} pages={["parts", "instructions"]} />
              <Button component={RouterLink} to={`/styles/edit/${styleId}`} variant="contained">
                Edit style
              </Button>
            </>
          ) : null
        }
      />
      {details.outOfStock ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          A material this style needs is out of stock: orders may wait.
        </Alert>
      ) : null}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card>
            {details.imageUrl ? (
              <Box
                component="img"
                src={details.imageUrl}
                alt={details.name}
                sx={{ width: "100%", display: "block", maxHeight: 420, objectFit: "contain", bgcolor: "grey.100" }}
              />
            ) : (
              <Box
                sx={{
                  height: 240,
                  display: "grid",
                  placeItems: "center",
                  bgcolor: "grey.100",
                  color: "text.secondary",
                }}
              >
                No picture yet
              </Box>
            )}
            <CardContent>
              <Typography sx={{ whiteSpace: "pre-line" }}>{details.description ?? "No description yet."}</Typography>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card>
            <CardContent>
              <Stack spacing={3}>
                <OptionChoices options={details.options} choices={choices} setChoices={setChoices} disableOutOfStock />
                <TextField
                  label="Quantity"
                  type="number"
                  value={quantityText}
                  onChange={(e) => setQuantityText(e.target.value)}
                  error={!quantityOk}
                  helperText={quantityOk ? "Pieces in this order" : "Enter a whole number from 1"}
                  slotProps={{ htmlInput: { min: 1, step: 1 } }}
                  sx={{ maxWidth: 200 }}
                />
                <Box aria-live="polite">
                  {price.isError ? <Alert severity="error">{messageOf(price.error)}</Alert> : null}
                  {p ? (
                    <Stack spacing={0.5} sx={{ opacity: price.isPlaceholderData ? 0.6 : 1 }}>
                      <Typography variant="h4" data-testid="unit-price">
                        {money(p.unitPriceCents)}{" "}
                        <Typography component="span" sx={{ color: "text.secondary" }}>
                          each
                        </Typography>
                      </Typography>
                      <Typography sx={{ color: "text.secondary" }} data-testid="price-breakdown">
                        {money(p.baseUnitPriceCents)}{" "}
                        {p.tierMinQuantity > 1 ? `(from ${p.tierMinQuantity} pcs)` : "(base)"}
                        {p.upchargeCents > 0 ? ` + ${money(p.upchargeCents)} options` : ""}
                      </Typography>
                      <Typography variant="h6" data-testid="total-price">
                        Total {money(p.totalCents)} for {p.quantity} {p.quantity === 1 ? "piece" : "pieces"}
                      </Typography>
                    </Stack>
                  ) : null}
                </Box>
                <Table size="small" aria-label="Price table">
                  <TableHead>
                    <TableRow>
                      <TableCell>Quantity</TableCell>
                      <TableCell align="right">Unit price</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {details.priceTiers.map((t, i) => {
                      const next = details.priceTiers[i + 1];
                      const current = p?.tierMinQuantity === t.minQuantity;
                      return (
                        <TableRow key={t.minQuantity} selected={current} aria-current={current ? "true" : undefined}>
                          <TableCell>
                            {next ? `${t.minQuantity}–${next.minQuantity - 1}` : `${t.minQuantity}+`}
                          </TableCell>
                          <TableCell align="right">{money(t.unitPriceCents)}</TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </>
  );
}

/** A style as a buyer sees it, with a live price (styles/productPreview/:id). */
export default function ProductPreviewPage() {
  const styleId = parseStyleId(useParams().id);
  const query = useProductDetails(styleId ?? 0);
  if (styleId === null) return <Alert severity="error">That style does not exist.</Alert>;
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <Alert severity="error">{messageOf(query.error)}</Alert>;
  return <Preview key={styleId} details={query.data} styleId={styleId} />;
}
