import { zodResolver } from "@hookform/resolvers/zod";
import {
  INTEGRATION_PLATFORM_LABELS,
  type TIntegration,
  type TIntegrationPlatform,
  type TShippingCredentials,
  type TShippingCredentialsInput,
  type TStoreCredentials,
  type TStoreCredentialsInput,
  ZShippingCredentialsSchema,
  ZStoreCredentialsSchema,
} from "@hub/contracts/integrations/integrations";
import { Alert, Box, Button, Card, CardActions, CardContent, Chip, Skeleton, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from "react-hook-form";
import { toast } from "react-toastify";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { PageHeader } from "../../components/page-header";
import { TextInput } from "../../components/text-input";
import { messageOf } from "../../lib/api-error";
import { applyServerErrors } from "../../lib/form-errors";
import { useDeleteIntegration, useIntegrations, useSaveShipping, useSaveStore, useTestIntegration } from "./api";
import { S3ImportSection } from "./s3-import-section";
import { WebhooksSection } from "./webhooks-section";

type FieldSpec<T> = { name: Path<T> & string; label: string; secret: boolean };

const STORE_FIELDS: FieldSpec<TStoreCredentialsInput>[] = [
  { name: "storeName", label: "Store name", secret: false },
  { name: "apiKey", label: "API key", secret: true },
  { name: "apiPassword", label: "API password", secret: true },
];
const SHIPPING_FIELDS: FieldSpec<TShippingCredentialsInput>[] = [
  { name: "apiKey", label: "API key", secret: true },
  { name: "apiPassword", label: "API secret (password)", secret: true },
  { name: "token", label: "Token", secret: true },
];
const HINT_LABELS: Record<string, string> = { apiKey: "API key", apiPassword: "API password", token: "Token" };

/** A credentials form: the contract's schema on this side too; secrets are typed in, never shown back. */
function CredentialsForm<TIn extends FieldValues, TOut extends FieldValues>({
  fields,
  resolver,
  defaults,
  save,
  onDone,
  onCancel,
}: {
  fields: FieldSpec<TIn>[];
  resolver: Resolver<TIn, unknown, TOut>;
  defaults: DefaultValues<TIn>;
  save: (values: TOut) => Promise<unknown>;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const form = useForm<TIn, unknown, TOut>({ resolver, defaultValues: defaults });
  const [error, setError] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const submit = async (values: TOut) => {
    setError(null);
    try {
      await save(values);
      toast.success("Credentials saved.");
      form.reset(defaults);
      onDone();
    } catch (e) {
      setError(
        applyServerErrors(
          e,
          form.setError,
          fields.map((f) => f.name),
        ),
      );
    }
  };
  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit(submit)}>
      <Stack spacing={2}>
        {fields.map((f) => {
          const message = errors[f.name]?.message;
          return (
            <TextInput
              key={f.name}
              label={`${f.label} *`}
              type={f.secret ? "password" : "text"}
              autoComplete={f.secret ? "new-password" : "off"}
              error={Boolean(message)}
              helperText={typeof message === "string" ? message : undefined}
              {...form.register(f.name)}
            />
          );
        })}
        {error ? <Alert severity="error">{error}</Alert> : null}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            Save credentials
          </Button>
          {onCancel ? (
            <Button onClick={onCancel} disabled={isSubmitting}>
              Cancel
            </Button>
          ) : null}
        </Stack>
      </Stack>
    </Box>
  );
}

function PlatformCard({ platform, saved }: { platform: TIntegrationPlatform; saved: TIntegration | undefined }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const saveStore = useSaveStore();
  const saveShipping = useSaveShipping();
  const test = useTestIntegration();
  const remove = useDeleteIntegration();
  const title = INTEGRATION_PLATFORM_LABELS[platform];
  const runTest = async () => {
    try {
      const result = await test.mutateAsync(platform);
      if (result.ok) toast.success(result.message);
      else toast.error(result.message);
    } catch (e) {
      toast.error(messageOf(e));
    }
  };
  const form =
    platform === "store" ? (
      <CredentialsForm<TStoreCredentialsInput, TStoreCredentials>
        fields={STORE_FIELDS}
        resolver={zodResolver(ZStoreCredentialsSchema)}
        defaults={{ storeName: "", apiKey: "", apiPassword: "" }}
        save={(v) => saveStore.mutateAsync(v)}
        onDone={() => setEditing(false)}
        onCancel={saved ? () => setEditing(false) : undefined}
      />
    ) : (
      <CredentialsForm<TShippingCredentialsInput, TShippingCredentials>
        fields={SHIPPING_FIELDS}
        resolver={zodResolver(ZShippingCredentialsSchema)}
        defaults={{ apiKey: "", apiPassword: "", token: "" }}
        save={(v) => saveShipping.mutateAsync(v)}
        onDone={() => setEditing(false)}
        onCancel={saved ? () => setEditing(false) : undefined}
      />
    );
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 2 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          {saved ? <Chip size="small" color="primary" label="Connected" /> : <Chip size="small" label="Not set up" />}
        </Stack>
        <Typography variant="body2" sx={{ color: "text.secondary", mb: 2 }}>
          {platform === "store"
            ? "Your online store (Shopify-style Admin API): the store name is the part before .myshopify.com."
            : "Your shipping account (ShipStation-style API): API key, secret and token."}
        </Typography>
        {saved && !editing ? (
          <Stack spacing={1} aria-label={`${title} saved credentials`}>
            {saved.label ? (
              <Typography variant="body2">
                Store name: <strong>{saved.label}</strong>
              </Typography>
            ) : null}
            {Object.entries(saved.hints).map(([field, hint]) => (
              <Typography key={field} variant="body2">
                {HINT_LABELS[field] ?? field}:{" "}
                <Box component="span" sx={{ fontFamily: "monospace" }}>
                  {hint}
                </Box>
              </Typography>
            ))}
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              Saved {new Date(saved.updatedAt).toLocaleString()}. Credentials are stored encrypted and never shown
              again.
            </Typography>
            {saved.lastTestedAt ? (
              <Alert severity={saved.lastTestOk ? "success" : "error"}>
                Last test ({new Date(saved.lastTestedAt).toLocaleString()}): {saved.lastTestResult}
              </Alert>
            ) : null}
          </Stack>
        ) : (
          form
        )}
      </CardContent>
      {saved && !editing ? (
        <CardActions>
          <Button onClick={runTest} loading={test.isPending}>
            Test connection
          </Button>
          <Button onClick={() => setEditing(true)}>Replace credentials</Button>
          <Button color="error" onClick={() => setDeleting(true)}>
            Delete
          </Button>
        </CardActions>
      ) : null}
      <ConfirmDialog
        open={deleting}
        title={`Delete the ${title.toLowerCase()} credentials?`}
        message="The Hub forgets these credentials and stops using this integration."
        confirmLabel="Delete"
        danger
        onConfirm={async () => {
          await remove.mutateAsync(platform);
          toast.success("Credentials deleted.");
        }}
        onClose={() => setDeleting(false)}
      />
    </Card>
  );
}

/** /accountIntegration: store- and shipping-platform credentials of the client. */
export default function AccountIntegrationPage() {
  const integrations = useIntegrations();
  return (
    <>
      <PageHeader title="Account Integration" subtitle="Connect your store and shipping platforms to the Hub." />
      {integrations.isError ? (
        <Alert severity="error">{messageOf(integrations.error)}</Alert>
      ) : integrations.isPending ? (
        <Skeleton variant="rounded" height={240} />
      ) : (
        <Stack
          direction={{ xs: "column", md: "row" }}
          spacing={3}
          sx={{ alignItems: "flex-start", "& > *": { flex: 1, width: "100%" } }}
        >
          {(["store", "shipping"] as const).map((p) => (
            <PlatformCard key={p} platform={p} saved={integrations.data.find((i) => i.platform === p)} />
          ))}
        </Stack>
      )}
      <S3ImportSection />
      <WebhooksSection />
    </>
  );
}
