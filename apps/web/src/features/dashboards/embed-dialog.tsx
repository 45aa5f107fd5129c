import { USER_TYPES } from "@hub/contracts/access/user-types";
import { dashboardEmbedApi, type TEmbedDashboard, type TEmbedUrl } from "@hub/contracts/dashboards/embed-api";
import { Share } from "@mui/icons-material";
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { call } from "../../lib/api";
import { useAuth } from "../../lib/auth/auth-context";
import { useLimitedClients } from "../clients/api";

const MINUTES = [15, 60, 240, 600];

/**
 * Share / Embed (spec 7, the dashboard embed URL): an expiring URL that shows this dashboard for one
 * account (a client) outside the Hub, through the configured analytics service. An internal admin
 * picks the client; a client admin shares its own.
 */
function EmbedDialog({ dashboardId, onClose }: { dashboardId: TEmbedDashboard; onClose: () => void }) {
  const { user } = useAuth();
  const internal = Boolean(USER_TYPES.find((t) => t.name === user?.userType)?.isInternal);
  const clients = useLimitedClients(internal);
  const [accountId, setAccountId] = useState<number | "">(internal ? "" : (user?.clientId ?? ""));
  const [minutes, setMinutes] = useState(60);
  const [copied, setCopied] = useState(false);
  const embed = useMutation({
    mutationFn: (q: { accountId: number; minutes: number }): Promise<TEmbedUrl> =>
      call(dashboardEmbedApi.embedUrl, { query: { ...q, dashboardId } }),
  });
  const url = embed.data;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="embed-title">
      <DialogTitle id="embed-title">Share / Embed</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography>
            An expiring link that shows this dashboard for one account outside the Hub, without signing in. Anyone with
            the link can open it until it expires.
          </Typography>
          {internal ? (
            <TextField
              select
              label="Account"
              value={accountId === "" ? "" : String(accountId)}
              onChange={(e) => {
                setAccountId(e.target.value ? Number(e.target.value) : "");
                embed.reset();
              }}
            >
              {(clients.data ?? []).map((c) => (
                <MenuItem key={c.clientId} value={String(c.clientId)}>
                  {c.clientName}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          <TextField
            select
            label="Valid for"
            value={minutes}
            onChange={(e) => {
              setMinutes(Number(e.target.value));
              embed.reset();
            }}
          >
            {MINUTES.map((m) => (
              <MenuItem key={m} value={m}>
                {m < 60 ? `${m} minutes` : `${m / 60} hour${m === 60 ? "" : "s"}`}
              </MenuItem>
            ))}
          </TextField>
          {url ? (
            <>
              <TextField
                label="Embed URL"
                value={url.url}
                fullWidth
                slotProps={{ htmlInput: { readOnly: true, "data-testid": "embed-url" } }}
              />
              <Typography variant="body2" data-testid="embed-expires">
                {`Expires ${new Date(url.expiresAt).toLocaleString()}.`}
              </Typography>
            </>
          ) : null}
          {embed.isError ? <Alert severity="error">{embed.error.message}</Alert> : null}
          {copied ? <Alert severity="success">Copied.</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        {url ? (
          <Button
            onClick={() =>
              void navigator.clipboard?.writeText(url.url).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            Copy
          </Button>
        ) : null}
        <Button
          variant="contained"
          disabled={accountId === "" || embed.isPending}
          onClick={() => {
            setCopied(false);
            if (accountId !== "") embed.mutate({ accountId, minutes });
          }}
        >
          {url ? "Get a new URL" : "Get URL"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The Share / Embed button of a dashboard's header, for whoever the embed URL admits (internal admins, client admins). */
export function EmbedButton({ dashboardId }: { dashboardId: TEmbedDashboard }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const type = USER_TYPES.find((t) => t.name === user?.userType);
  const allowed = Boolean(type?.isInternal) || (user?.userType === "client" && user.isClientAdmin);
  if (!allowed) return null;
  return (
    <>
      <Button variant="outlined" startIcon={<Share />} onClick={() => setOpen(true)}>
        Share / Embed
      </Button>
      {open ? <EmbedDialog dashboardId={dashboardId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
