import {
  Button,
  Card,
  CardContent,
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

const minutes = (n: number) => n.toLocaleString(undefined, { maximumFractionDigits: 2 });

/** A style's construction steps in order, with machine and standard minutes (styles/styleInstructions/:id). */
function StyleInstructions({ c, styleId, canEdit }: StylePageProps) {
  const total = c.instructions.reduce((sum, s) => sum + Math.round((s.standardMinutes ?? 0) * 10_000), 0) / 10_000;
  return (
    <>
      <PageHeader
        title={`${c.styleCode} instructions`}
        subtitle={`${c.styleName}: how it is sewn, step by step.`}
        actions={
          <>
            <StyleLinks styleId={styleId} pages={["parts", "preview"]} />
            {canEdit ? (
              <Button component={RouterLink} to={`/styles/edit/${styleId}/steps`} variant="contained">
                Edit steps
              </Button>
            ) : null}
          </>
        }
      />
      <Card>
        <CardContent>
          {c.instructions.length === 0 ? (
            <Typography sx={{ color: "text.secondary" }}>No construction steps yet.</Typography>
          ) : (
            <Table size="small" aria-label="Construction steps">
              <TableHead>
                <TableRow>
                  <TableCell>Step</TableCell>
                  <TableCell>Code</TableCell>
                  <TableCell>Instruction</TableCell>
                  <TableCell>Machine</TableCell>
                  <TableCell align="right">Minutes</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {c.instructions.map((s) => (
                  <TableRow key={s.step}>
                    <TableCell>{s.step}</TableCell>
                    <TableCell>{s.code}</TableCell>
                    <TableCell>{s.name}</TableCell>
                    <TableCell>
                      {s.machineName ?? "—"}
                      {s.machineId !== null ? (
                        <Typography component="span" variant="caption" sx={{ color: "text.secondary", ml: 1 }}>
                          (for this style)
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell align="right">{s.standardMinutes === null ? "—" : minutes(s.standardMinutes)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
              <TableFooter>
                <TableRow>
                  <TableCell colSpan={4}>
                    Total minutes
                    {c.labourCentsPerMinute !== null
                      ? ` (labour at ${money(c.labourCentsPerMinute)} a minute: ${money(Math.round(total * c.labourCentsPerMinute))})`
                      : ""}
                  </TableCell>
                  <TableCell align="right" data-testid="total-minutes">
                    {minutes(total)}
                  </TableCell>
                </TableRow>
              </TableFooter>
            </Table>
          )}
        </CardContent>
      </Card>
    </>
  );
}

export default styleCompositionPage(StyleInstructions);
