import { MenuItem, TextField } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { messageOf } from "../../lib/api-error";
import { useAuth } from "../../lib/auth/auth-context";
import { setCurrentTeam } from "./api";

/**
 * The header's current-team switcher (spec 4): the user's active teams (pending invitations stay
 * hidden until accepted); choosing one makes it the default team, remembered for the user, and
 * loads the session again so every screen works in it.
 */
export default function TeamPicker() {
  const { productDevData } = useAuth();
  const [busy, setBusy] = useState(false);
  const teams = productDevData?.teams ?? [];
  const current = productDevData?.currentTeam ?? null;
  if (teams.length === 0 || current === null) return null;
  return (
    <TextField
      select
      size="small"
      label="Team"
      value={current.id}
      disabled={busy}
      sx={{ width: { xs: 150, sm: 220 } }}
      slotProps={{ htmlInput: { "data-testid": "team-switcher-input" } }}
      data-testid="team-switcher"
      onChange={(e) => {
        const id = Number(e.target.value);
        if (id === current.id) return;
        setBusy(true);
        setCurrentTeam(id)
          .then(() => window.location.reload())
          .catch((error: unknown) => {
            setBusy(false);
            toast.error(messageOf(error));
          });
      }}
    >
      {teams.map((t) => (
        <MenuItem key={t.id} value={t.id}>
          {t.displayName}
        </MenuItem>
      ))}
    </TextField>
  );
}
