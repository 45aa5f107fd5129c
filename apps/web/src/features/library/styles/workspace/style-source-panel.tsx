import { styleSourceApi } from "@hub/contracts/products/style-source-api";
import type { TStyleSource } from "@hub/contracts/products/tech-pack/style-source";
import { Alert, AlertTitle, Box, Button, Typography } from "@mui/material";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "react-toastify";
import { call } from "../../../../lib/api";
import { messageOf } from "../../../../lib/api-error";

const keyOf = (styleId: number) => ["library", "styles", styleId, "source"] as const;

/** The changes of the newer approved version, tab by tab: each row's change and its fields. */
function Changes({ source }: { source: TStyleSource }) {
  if (source.changes.length === 0) return <Typography variant="body2">No changes to its tabs.</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }} data-testid="style-source-changes">
      {source.changes.map((tab) => (
        <li key={tab.tab}>
          <strong>{tab.label}</strong>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {tab.fields.map((f) => (
              <li key={`f-${f.field}`}>{`${f.field}: ${f.old ?? "—"} → ${f.new ?? "—"}`}</li>
            ))}
            {tab.rows.map((r) => (
              <li key={`r-${r.list}-${r.key}`}>
                {`${r.label} ${r.change}`}
                {r.change === "changed"
                  ? `: ${r.fields.map((f) => `${f.field} ${f.old ?? "—"} → ${f.new ?? "—"}`).join("; ")}`
                  : ""}
              </li>
            ))}
          </Box>
        </li>
      ))}
    </Box>
  );
}

/**
 * A style made from a tech pack (issue 19): its brand, product and version; when a newer version was
 * approved, "Out of date: version N approved" with the changes and "Mark up to date" once reviewed.
 */
export function StyleSourcePanel({ styleId, canEdit }: { styleId: number; canEdit: boolean }) {
  const qc = useQueryClient();
  const source = useQuery({
    queryKey: keyOf(styleId),
    queryFn: () => call(styleSourceApi.styleSource, { params: { id: styleId } }),
  });
  const review = useMutation({
    mutationFn: () => call(styleSourceApi.markUpToDate, { params: { id: styleId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keyOf(styleId) }),
  });
  const s = source.data?.source;
  if (!s) return null;
  const from = `${s.brand}'s ${s.productCode} ${s.productName}, version ${s.from.version}`;
  if (!s.outOfDate)
    return (
      <Alert severity="info" sx={{ mb: 2 }} data-testid="style-source">
        Made from the approved tech pack {from}.
      </Alert>
    );
  const newer = s.outOfDate.version;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      data-testid="style-source"
      action={
        canEdit ? (
          <Button
            color="inherit"
            size="small"
            loading={review.isPending}
            onClick={async () => {
              try {
                await review.mutateAsync();
                toast.success(`The style follows version ${newer} now.`);
              } catch (e) {
                toast.error(messageOf(e));
              }
            }}
          >
            {`Mark up to date with version ${newer}`}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{`Out of date: version ${newer} approved`}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        This style was made from {from}. What changed in version {newer} (change the style's tabs as needed, then mark
        it up to date):
      </Typography>
      <Changes source={s} />
    </Alert>
  );
}
