import { FACILITY_WEBHOOK_EVENTS } from "@hub/contracts/integrations/webhooks-api";
import { Alert, FormControl, FormHelperText, InputLabel, MenuItem, Select, Skeleton, Stack } from "@mui/material";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../components/page-header";
import { RecordNotFound } from "../../components/record-not-found";
import { ApiError, messageOf } from "../../lib/api-error";
import { useAuth } from "../../lib/auth/auth-context";
import { parseId } from "../../lib/ids";
import { WebhooksSection } from "../integrations/webhooks-section";
import { useFactoryConfig } from "./api";
import { History } from "./history";
import { ManagedLists, SettingsForm } from "./settings-form";

/**
 * /factoryConfig: a facility's own settings (working time, labels and printers, shipping defaults,
 * auto-release of paid orders, the tote barcode range, the cut planner's defaults, the labour rate),
 * saved together, and who changed what when. An internal admin chooses the facility (`?factoryId=`).
 */
export default function FactoryConfigPage() {
  const [params, setParams] = useSearchParams();
  const chosen = parseId(params.get("factoryId")) ?? undefined;
  const config = useFactoryConfig(chosen);
  const { user } = useAuth();
  const [dirty, setDirty] = useState(false);
  const data = config.data;

  if (config.error instanceof ApiError && config.error.status === 404)
    return (
      <RecordNotFound
        title="Facility not found"
        message="This facility does not exist, or it is not one of yours."
        backTo="/factoryConfig"
        backLabel="Back to Factory Config"
      />
    );

  return (
    <>
      <PageHeader
        title="Factory Config"
        subtitle={
          data
            ? `${data.factoryName}: working time, labels and printers, shipping, release, totes, cutting and labour.`
            : "A facility's own settings."
        }
        actions={
          data && data.facilities.length > 1 ? (
            <FormControl size="small" sx={{ minWidth: 240 }} disabled={dirty}>
              <InputLabel id="factory-config-facility">Facility</InputLabel>
              <Select
                labelId="factory-config-facility"
                label="Facility"
                value={data.factoryId}
                onChange={(e) => setParams({ factoryId: String(e.target.value) })}
              >
                {data.facilities.map((f) => (
                  <MenuItem key={f.factoryId} value={f.factoryId}>
                    {f.name}
                  </MenuItem>
                ))}
              </Select>
              {dirty ? <FormHelperText>Save or discard your changes first.</FormHelperText> : null}
            </FormControl>
          ) : null
        }
      />
      {config.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {messageOf(config.error)}
        </Alert>
      ) : null}
      {!data ? (
        config.isPending ? (
          <Stack spacing={2} aria-label="Loading">
            <Skeleton variant="rounded" height={180} />
            <Skeleton variant="rounded" height={240} />
          </Stack>
        ) : null
      ) : (
        <>
          {/* A save (or another facility) gives the form new starting values: it starts again from them. */}
          <SettingsForm
            key={`${data.factoryId}:${data.savedAt ?? "defaults"}`}
            config={data}
            shownAs={chosen}
            onDirty={setDirty}
          />
          <ManagedLists />
          {/* A facility's own endpoints (an internal admin's webhooks are a client's, on Account Integration). */}
          {user?.userType !== "icreate" && data.canEdit ? <WebhooksSection events={FACILITY_WEBHOOK_EVENTS} /> : null}
          <History key={data.factoryId} factoryId={data.factoryId} canRead={data.canEdit} />
        </>
      )}
    </>
  );
}
