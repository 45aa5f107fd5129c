import type { TClientLimited } from "@hub/contracts/clients/clients";
import { Autocomplete, TextField } from "@mui/material";
import { useEffect } from "react";
import { useAuth } from "../../lib/auth/auth-context";
import { QueryProvider } from "../../lib/query-provider";
import { readSessionClientId, writeSessionClientId } from "../../lib/session-client";
import { useLimitedClients } from "./api";

const NO_CLIENT: TClientLimited = { clientId: 0, clientName: "No client", siteName: "" };

const labelOf = (c: TClientLimited) => (c.clientId === 0 ? c.clientName : `${c.clientName} (${c.siteName})`);

function Picker() {
  const { sessionClient } = useAuth();
  const stored = readSessionClientId();
  const clients = useLimitedClients(true);
  // The server names the session client it accepted; a stored id it ignored (deleted client) is dropped.
  const current = stored !== null && sessionClient?.clientId === stored ? sessionClient : null;
  useEffect(() => {
    if (stored !== null && !current) writeSessionClientId(null);
  }, [stored, current]);

  const value: TClientLimited = current
    ? { clientId: current.clientId, clientName: current.clientName, siteName: current.siteName }
    : NO_CLIENT;
  const options = [NO_CLIENT, ...(clients.data ?? [])];
  if (current && !options.some((o) => o.clientId === current.clientId)) options.push(value);

  return (
    <Autocomplete<TClientLimited, false, true>
      size="small"
      disableClearable
      options={options}
      value={value}
      loading={clients.isLoading}
      getOptionLabel={labelOf}
      isOptionEqualToValue={(a, b) => a.clientId === b.clientId}
      onChange={(_event, next) => {
        const id = next.clientId === 0 ? null : next.clientId;
        if (id === (current?.clientId ?? null)) return;
        writeSessionClientId(id);
        // Everything on screen (the session, cached lists) belongs to the old client: start afresh.
        window.location.reload();
      }}
      renderInput={(params) => <TextField {...params} label="Session client" />}
      sx={{ width: { xs: 180, sm: 260 } }}
      data-testid="session-client-switcher"
    />
  );
}

/** The header's session-client picker; the header sits outside the page's query provider. */
export default function SessionClientPicker() {
  return (
    <QueryProvider>
      <Picker />
    </QueryProvider>
  );
}
