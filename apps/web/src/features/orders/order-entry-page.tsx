import { USER_TYPES } from "@hub/contracts/access/user-types";
import type { TClientLimited } from "@hub/contracts/clients/clients";
import { Alert, Autocomplete, Card, CardContent, TextField } from "@mui/material";
import { useState } from "react";
import { PageLoader } from "../../components/loading-screen";
import { PageHeader } from "../../components/page-header";
import { messageOf } from "../../lib/api-error";
import { useAuth } from "../../lib/auth/auth-context";
import { useLimitedClients } from "../clients/api";
import { useEntryOptions } from "./api";
import { EntryForm } from "./entry-form";

/** Who picks the client: internal admins any (the session client first), facility users the ones they serve. */
function useWho() {
  const { user, sessionClient } = useAuth();
  const type = USER_TYPES.find((t) => t.name === user?.userType);
  return {
    picksClient: Boolean(type?.isInternal || type?.isFacility),
    sessionClientId: type?.isInternal ? (sessionClient?.clientId ?? null) : null,
  };
}

/** Order Entry (/orderEntry): choose the client (when one may order for several), then enter the order. */
export default function OrderEntryPage() {
  const { picksClient, sessionClientId } = useWho();
  const clients = useLimitedClients(picksClient);
  const [chosen, setChosen] = useState<number | null>(sessionClientId);
  // A facility serving one client has nothing to choose.
  const only =
    !picksClient || chosen !== null || clients.data?.length !== 1 ? null : (clients.data[0]?.clientId ?? null);
  const clientId = picksClient ? (chosen ?? only) : null;
  const options = clients.data ?? [];
  const value = options.find((c) => c.clientId === clientId) ?? null;

  return (
    <>
      <PageHeader
        title="Order Entry"
        subtitle="Enter an order for garments made to order: ship-to, lines and a live price, then place it."
      />
      {picksClient ? (
        <Card sx={{ mb: 3 }}>
          <CardContent>
            <Autocomplete<TClientLimited>
              options={options}
              value={value}
              loading={clients.isLoading}
              getOptionLabel={(c) => `${c.clientName} (${c.siteName})`}
              isOptionEqualToValue={(a, b) => a.clientId === b.clientId}
              onChange={(_e, next) => setChosen(next?.clientId ?? null)}
              renderInput={(params) => (
                <TextField {...params} label="Client" helperText="The brand this order is for" />
              )}
              sx={{ maxWidth: 480 }}
            />
          </CardContent>
        </Card>
      ) : null}
      {picksClient && clientId === null ? (
        <Alert severity="info">Choose the client this order is for.</Alert>
      ) : (
        <EntryLoader key={clientId ?? "own"} clientId={clientId} />
      )}
    </>
  );
}

function EntryLoader({ clientId }: { clientId: number | null }) {
  const options = useEntryOptions(clientId, true);
  if (options.isPending) return <PageLoader />;
  if (options.isError) return <Alert severity="error">{messageOf(options.error)}</Alert>;
  return <EntryForm clientId={clientId} options={options.data} />;
}
