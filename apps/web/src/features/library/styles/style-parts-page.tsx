import {
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { Link as RouterLink } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { money } from "../resources/format";
import { StyleLinks, type StylePageProps, styleCompositionPage } from "./style-pages";

const lineCost = (quantity: number, costCents: number | null) =>
  costCents === null ? null : Math.round(quantity * costCents);
const qty = (n: number) => n.toLocaleString(undefined, { maximumFractionDigits: 4 });

/** A style's bill of materials, read-only: fabrics and parts per garment with their cost (styles/styleParts/:id). */
function StyleParts({ c, styleId, canEdit }: StylePageProps) {
  const showCost = c.labourCentsPerMinute !== null;
  const everyVariant = [
    ...c.fabrics.filter((f) => f.attributeId === null).map((f) => lineCost(f.consumption, f.costCents) ?? 0),
    ...c.parts.filter((p) => p.attributeId === null).map((p) => lineCost(p.quantity, p.costCents) ?? 0),
  ].reduce((a, b) => a + b, 0);
  const forCell = (name: string | null) =>
    name ? <Chip size="small" variant="outlined" label={`${name} only`} /> : "All variants";
  return (
    <>
      <PageHeader
        title={`${c.styleCode} parts`}
        subtitle={`${c.styleName}: the fabrics and parts one garment needs.`}
        actions={
          <>
            <StyleLinks styleId={styleId} pages={["instructions", "preview"]} />
            {canEdit ? (
              <Button component={RouterLink} to={`/styles/edit/${styleId}/materials`} variant="contained">
                Edit materials
              </Button>
            ) : null}
          </>
        }
      />
      <Card sx={{ mb: 3 }}>
        <CardHeader title="Fabrics" />
        <CardContent>
          {c.fabrics.length === 0 ? (
            <Typography sx={{ color: "text.secondary" }}>No fabrics yet.</Typography>
          ) : (
            <Table size="small" aria-label="Fabrics">
              <TableHead>
                <TableRow>
                  <TableCell>Code</TableCell>
                  <TableCell>Fabric</TableCell>
                  <TableCell>Placement</TableCell>
                  <TableCell>For</TableCell>
                  <TableCell align="right">Consumption</TableCell>
                  {showCost ? <TableCell align="right">Cost / unit</TableCell> : null}
                  {showCost ? <TableCell align="right">Cost / garment</TableCell> : null}
                </TableRow>
              </TableHead>
              <TableBody>
                {c.fabrics.map((f, i) => (
                  <TableRow key={`${f.fabricId}-${i}`}>
                    <TableCell>{f.code}</TableCell>
                    <TableCell>
                      {f.name}{" "}
                      {f.outOfStock ? (
                        <Chip size="small" color="error" variant="outlined" label="Out of stock" />
                      ) : null}
                    </TableCell>
                    <TableCell>{f.placement ?? "—"}</TableCell>
                    <TableCell>{forCell(f.attributeName)}</TableCell>
                    <TableCell align="right">
                      {qty(f.consumption)} {f.unit}
                    </TableCell>
                    {showCost ? <TableCell align="right">{money(f.costCents)}</TableCell> : null}
                    {showCost ? (
                      <TableCell align="right">{money(lineCost(f.consumption, f.costCents))}</TableCell>
                    ) : null}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader title="Parts" />
        <CardContent>
          {c.parts.length === 0 ? (
            <Typography sx={{ color: "text.secondary" }}>No parts yet.</Typography>
          ) : (
            <Table size="small" aria-label="Parts">
              <TableHead>
                <TableRow>
                  <TableCell>Code</TableCell>
                  <TableCell>Part</TableCell>
                  <TableCell>For</TableCell>
                  <TableCell align="right">Quantity</TableCell>
                  {showCost ? <TableCell align="right">Cost / unit</TableCell> : null}
                  {showCost ? <TableCell align="right">Cost / garment</TableCell> : null}
                </TableRow>
              </TableHead>
              <TableBody>
                {c.parts.map((p, i) => (
                  <TableRow key={`${p.partId}-${i}`}>
                    <TableCell>{p.code}</TableCell>
                    <TableCell>
                      {p.name}{" "}
                      {p.outOfStock ? (
                        <Chip size="small" color="error" variant="outlined" label="Out of stock" />
                      ) : null}
                    </TableCell>
                    <TableCell>{forCell(p.attributeName)}</TableCell>
                    <TableCell align="right">
                      {qty(p.quantity)} {p.unit}
                    </TableCell>
                    {showCost ? <TableCell align="right">{money(p.costCents)}</TableCell> : null}
                    {showCost ? <TableCell align="right">{money(lineCost(p.quantity, p.costCents))}</TableCell> : null}
                  </TableRow>
                ))}
              </TableBody>
              {showCost ? (
                <TableFooter>
                  <TableRow>
                    <TableCell colSpan={5}>Materials every variant needs (fabrics and parts)</TableCell>
                    <TableCell align="right" data-testid="materials-total">
                      {money(everyVariant)}
                    </TableCell>
                  </TableRow>
                </TableFooter>
              ) : null}
            </Table>
          )}
        </CardContent>
      </Card>
    </>
  );
}

export default styleCompositionPage(StyleParts);
