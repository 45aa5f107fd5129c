import { PRODUCT_STATUS_LABELS } from "@hub/contracts/products/products";
import { TASK_STATUS_LABELS } from "@hub/contracts/products/tech-pack/tech-pack";
import { Box, Card, CardContent, CardHeader, Stack, Typography } from "@mui/material";
import { PageLoader } from "../../../../components/loading-screen";
import { useSummary } from "../../api";
import { ApprovalChip, money } from "../../format";
import { useTechPack } from "../context";
import { Picture } from "../uploads";
import { Checklist, Failed } from "../view-parts";

export default function SummaryTab() {
  const { stpId } = useTechPack();
  const q = useSummary(stpId);
  if (q.error) return <Failed error={q.error} />;
  if (!q.data) return <PageLoader />;
  const s = q.data;
  const p = s.header.product;
  const facts: [string, string][] = [
    ["Status", PRODUCT_STATUS_LABELS[p.status]],
    ["Season", p.season ?? "–"],
    ["Category", p.category ?? "–"],
    ["Collection", p.collection ?? "–"],
    ["Batch", p.batch ?? "–"],
    ["Fit", p.fit ?? "–"],
    ["Sizes", `${s.sizes.join(", ")} (base ${s.baseSize})`],
    ["Colourways", s.colorways.map((c) => c.name).join(", ") || "–"],
    ["BOM rows", String(s.bomRows)],
    ["Points of measure", `${s.pomCount} (${s.criticalPoms} critical)`],
    ["Landed cost", money(s.landedCents)],
    ["Price", money(s.priceCents)],
    ["Target cost / price", `${money(p.targetCostCents)} / ${money(p.targetPriceCents)}`],
  ];
  return (
    <Stack spacing={2}>
      <Card variant="outlined">
        <CardHeader title="Summary" action={<ApprovalChip state={s.header.version.approvalState} />} />
        <CardContent>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap", mb: 2 }}>
            {s.images.map((img) => (
              <Box key={img.fileId} sx={{ width: 180 }}>
                <Picture stpId={stpId} fileId={img.fileId} alt={img.caption} />
                <Typography variant="caption">{img.category}</Typography>
              </Box>
            ))}
          </Stack>
          <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "repeat(3, 1fr)" }, gap: 1.5 }}>
            {facts.map(([k, v]) => (
              <Box key={k}>
                <Typography variant="caption" color="text.secondary">
                  {k}
                </Typography>
                <Typography>{v}</Typography>
              </Box>
            ))}
          </Box>
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardHeader title="Open tasks" />
        <CardContent>
          {s.openTasks.length === 0 ? <Typography color="text.secondary">No open tasks.</Typography> : null}
          {s.openTasks.map((t) => (
            <Typography key={t.id}>
              {t.title} · {t.assigneeName ?? "unassigned"} · {t.dueDate ?? "no date"} · {TASK_STATUS_LABELS[t.status]}
            </Typography>
          ))}
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardHeader title="Setup" />
        <Checklist checklist={s.checklist} />
      </Card>
    </Stack>
  );
}

/** confirmSetup: the checklist of what is missing before submission. */
