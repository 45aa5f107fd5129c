import type { TQcPoints } from "@hub/contracts/products/tech-pack/style-source";
import { ZQcMeasurementSchema } from "@hub/contracts/products/tech-pack/style-source";
import { Stack, TextField, Typography } from "@mui/material";

export type MeasureValues = Record<string, string>;

/** The typed values as the contract's measurements, or the first problem to show. */
export const measurementsOf = (
  points: TQcPoints,
  values: MeasureValues,
): { ok: true; measurements: { code: string; value: number }[] } | { ok: false; message: string } => {
  const out: { code: string; value: number }[] = [];
  for (const pt of points.points) {
    const text = (values[pt.code] ?? "").trim();
    if (!text) return { ok: false, message: `Measure ${pt.code} (${pt.description}) first.` };
    const parsed = ZQcMeasurementSchema.safeParse({ code: pt.code, value: Number(text) });
    if (!parsed.success || Number.isNaN(Number(text)))
      return { ok: false, message: `${pt.code}: ${parsed.error?.issues[0]?.message ?? "Enter a number"}` };
    out.push(parsed.data);
  }
  return { ok: true, measurements: out };
};

/**
 * QC of a unit made from a tech pack (issue 19): each critical point of measure of its size with the
 * target and tolerance, and a field for what the inspector measured; one outside fails the unit.
 */
export function QcMeasurements({
  points,
  values,
  onChange,
}: {
  points: TQcPoints;
  values: MeasureValues;
  onChange: (values: MeasureValues) => void;
}) {
  if (points.points.length === 0) return null;
  return (
    <Stack spacing={1} data-testid="qc-measurements">
      <Typography sx={{ fontSize: 20, fontWeight: 700 }}>
        {`Measure the critical points (size ${points.size ?? "?"}, ${points.unit})`}
      </Typography>
      {points.source ? (
        <Typography variant="body2" color="text.secondary">
          {`From tech pack ${points.source.productCode} ${points.source.productName}, version ${points.source.version}`}
        </Typography>
      ) : null}
      {points.points.map((pt) => (
        <Stack key={pt.code} direction="row" spacing={2} sx={{ alignItems: "center" }}>
          <TextField
            label={`${pt.code} ${pt.description}`}
            value={values[pt.code] ?? ""}
            onChange={(e) => onChange({ ...values, [pt.code]: e.target.value })}
            slotProps={{ htmlInput: { inputMode: "decimal", "data-testid": `measure-${pt.code}` } }}
            sx={{ minWidth: 320 }}
          />
          <Typography>{`Target ${pt.target} ${points.unit} (+${pt.tolPlus} / −${pt.tolMinus})`}</Typography>
        </Stack>
      ))}
    </Stack>
  );
}
