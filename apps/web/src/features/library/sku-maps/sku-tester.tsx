import type { BodyOf } from "@hub/contracts/common/operation";
import { libraryApi } from "@hub/contracts/library/api";
import type { TSkuDecodeResult } from "@hub/contracts/library/sku-maps";
import { segmentText } from "@hub/contracts/library/sku-maps";
import { Alert, Box, Card, CardContent, Chip, Stack, TextField, Tooltip, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { call } from "../../../lib/api";
import { ApiError } from "../../../lib/api-error";

type Segment = { optionId: number | null; startPosition: number | null; length: number | null };
const PALETTE = ["#1976d2", "#2e7d32", "#ed6c02", "#9c27b0", "#0288d1", "#d32f2f"];

/** Which character of the SKU belongs to the token or to which segment (for the ruler). */
const ownerOf = (sku: string, token: string, start: number, segments: Segment[]): (number | null)[] => {
  const owners: (number | null)[] = Array.from({ length: sku.length }, () => null);
  for (let i = start - 1; i < start - 1 + token.length && i < sku.length; i++) if (i >= 0) owners[i] = -1;
  segments.forEach((s, n) => {
    if (!s.startPosition) return;
    const text = segmentText(sku, s.startPosition, s.length);
    for (let i = s.startPosition - 1; i < s.startPosition - 1 + text.length; i++) owners[i] = n;
  });
  return owners;
};

/** Types a SKU and decodes it with the form's current (unsaved) map, as the person edits. */
export function SkuTester({ values }: { values: Record<string, unknown> }) {
  const [sku, setSku] = useState("");
  const [result, setResult] = useState<TSkuDecodeResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const segments = (values.segments as Segment[] | undefined) ?? [];
  const token = String(values.styleToken ?? "");
  const start = Number(values.styleStart ?? 1) || 1;
  const mapKey = JSON.stringify(values);

  useEffect(() => {
    const text = sku.trim();
    if (!text) {
      setResult(null);
      setProblem(null);
      return;
    }
    let live = true;
    const timer = setTimeout(async () => {
      try {
        // The map as the form holds it: the server checks it as it decodes (a 400 names what to finish).
        const map = JSON.parse(mapKey) as BodyOf<typeof libraryApi.skuDecodeWith>["map"];
        const out = await call(libraryApi.skuDecodeWith, { body: { sku: text, map } });
        if (live) {
          setResult(out);
          setProblem(null);
        }
      } catch (error) {
        if (live) {
          setResult(null);
          setProblem(error instanceof ApiError ? `Finish the map first: ${error.message}` : "Something went wrong");
        }
      }
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [sku, mapKey]);

  const owners = ownerOf(sku, token, start, segments);
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" sx={{ mb: 1 }}>
          Test a SKU
        </Typography>
        <TextField
          fullWidth
          label="SKU to decode"
          value={sku}
          onChange={(e) => setSku(e.target.value)}
          placeholder={token ? `${token}-BLK-M` : "e.g. TEE100-BLK-M"}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: "monospace" } } }}
        />
        {sku ? (
          <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.25, my: 2 }} aria-label="SKU ruler">
            {[...sku].map((ch, i) => {
              const owner = owners[i];
              const colour =
                owner === -1
                  ? "#616161"
                  : owner === null || owner === undefined
                    ? "transparent"
                    : (PALETTE[owner % PALETTE.length] ?? "#616161");
              return (
                <Tooltip key={i} title={`Position ${i + 1}`}>
                  <Box
                    sx={{
                      width: 26,
                      textAlign: "center",
                      fontFamily: "monospace",
                      border: 1,
                      borderColor: "divider",
                      borderRadius: 0.5,
                      bgcolor: colour,
                      color: colour === "transparent" ? "text.primary" : "#fff",
                    }}
                  >
                    <Box component="span" sx={{ display: "block", fontSize: 10, opacity: 0.8 }}>
                      {i + 1}
                    </Box>
                    {ch}
                  </Box>
                </Tooltip>
              );
            })}
          </Stack>
        ) : null}
        {problem ? <Alert severity="info">{problem}</Alert> : null}
        {result?.matched ? (
          <Alert severity="success" data-testid="sku-decoded">
            <Typography sx={{ mb: 1 }}>
              {result.style.code} · {result.style.name}
            </Typography>
            <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
              {result.choices.map((c) => (
                <Chip key={c.optionId} label={`${c.optionName}: ${c.attributeName} (${c.attributeCode})`} />
              ))}
            </Stack>
          </Alert>
        ) : null}
        {result && !result.matched ? (
          <Alert severity="warning" data-testid="sku-not-decoded">
            {result.reasons.map((r) => (
              <div key={r}>{r}</div>
            ))}
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}
