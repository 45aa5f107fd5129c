import { dashboardsApi } from "@hub/contracts/dashboards/api";
import type { TWallLink } from "@hub/contracts/dashboards/production";
import { Tv } from "@mui/icons-material";
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { PageHeader } from "../../components/page-header";
import { useAuth } from "../../lib/auth/auth-context";
import { useFloorLive } from "../orders/open-orders/api";
import { dashboardKeys, useCreateWallLink, useProductionDashboard } from "./api";
import { EmbedButton } from "./embed-dialog";
import { ProductionBoard } from "./production-board";
import { RangeBar, useDashboardQuery } from "./range-bar";

const HOURS = [1, 8, 12, 24, 24 * 7, 24 * 30];

/** Makes a wall-display link for the caller's scope: it opens on a floor TV without signing in, until it expires. */
function WallLinkDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [hours, setHours] = useState(12);
  const create = useCreateWallLink();
  const [link, setLink] = useState<TWallLink | null>(null);
  const url = link ? `${window.location.origin}${link.path}` : "";
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Wall display link</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          Anyone with this link sees Production Overview for the scope you see now, without signing in, until it
          expires. It carries no password or sign-in.
        </Typography>
        {link ? (
          <Stack spacing={1}>
            <TextField
              label="Link"
              value={url}
              fullWidth
              slotProps={{ htmlInput: { readOnly: true, "data-testid": "wall-link" } }}
            />
            <Typography variant="body2">{`Shows ${link.scope}; expires ${new Date(link.expiresAt).toLocaleString()}.`}</Typography>
          </Stack>
        ) : (
          <TextField select label="Expires after" value={hours} onChange={(e) => setHours(Number(e.target.value))}>
            {HOURS.map((h) => (
              <MenuItem key={h} value={h}>
                {h < 24 ? `${h} hour${h === 1 ? "" : "s"}` : `${h / 24} day${h === 24 ? "" : "s"}`}
              </MenuItem>
            ))}
          </TextField>
        )}
        {create.isError ? <Alert severity="error">{create.error.message}</Alert> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        {link ? (
          <>
            <Button onClick={() => void navigator.clipboard?.writeText(url)}>Copy</Button>
            <Button variant="contained" href={link.path} target="_blank" rel="noopener">
              Open
            </Button>
          </>
        ) : (
          <Button
            variant="contained"
            disabled={create.isPending}
            onClick={() => create.mutate({ dashboard: "productionOverview", hours }, { onSuccess: setLink })}
          >
            Create link
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** Production Overview (/qs-dashboards/productionOverview): the floor now and over the range, kept live by the floor's notices. */
export default function ProductionOverviewPage() {
  const state = useDashboardQuery("30d");
  const production = useProductionDashboard(state.query);
  const live = useFloorLive(1000, dashboardsApi.productionEvents, dashboardKeys.productionAll);
  const { cardAccess } = useAuth();
  const [wallOpen, setWallOpen] = useState(false);
  const seesFloor = cardAccess.has("openOrders");
  const links = {
    wip: (status: string) => (seesFloor ? `/openOrders?state=${status}` : "/orders?status=in_production"),
    late: seesFloor ? "/openOrders?flag=late" : undefined,
    order: (id: number) => `/orders/${id}`,
  };
  return (
    <>
      <PageHeader
        title="Production Overview"
        subtitle="Work in progress now; throughput, lead time, quality and scans over the range."
        actions={
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <Chip
              size="small"
              color={live === "live" ? "success" : "default"}
              label={live === "live" ? "Live" : live === "connecting" ? "Connecting" : "Reconnecting"}
            />
            <Button variant="outlined" startIcon={<Tv />} onClick={() => setWallOpen(true)}>
              Wall display
            </Button>
            <EmbedButton dashboardId="productionOverview" />
          </Stack>
        }
      />
      <RangeBar state={state} resolved={production.data?.range} />
      {production.isError ? <Alert severity="error">{production.error.message}</Alert> : null}
      {production.isFetching ? <LinearProgress sx={{ mb: 1 }} aria-label="Loading" /> : null}
      {production.data ? <ProductionBoard d={production.data} links={links} /> : null}
      {wallOpen ? <WallLinkDialog open onClose={() => setWallOpen(false)} /> : null}
    </>
  );
}
