import { zodResolver } from "@hookform/resolvers/zod";
import {
  type TWebhookDelivery,
  type TWebhookEndpoint,
  type TWebhookRequest,
  WEBHOOK_EVENTS,
  webhooksApi,
  ZWebhookRequestSchema,
} from "@hub/contracts/integrations/webhooks-api";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "react-toastify";
import type { z } from "zod";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { call } from "../../lib/api";
import { messageOf } from "../../lib/api-error";
import { applyServerErrors } from "../../lib/form-errors";

const keys = {
  list: ["webhooks", "list"] as const,
  deliveries: (id: number) => ["webhooks", "deliveries", id] as const,
};
type Out = z.output<typeof ZWebhookRequestSchema>;

/** A secret, shown once (after adding an endpoint and after a rotation), with Copy. */
function SecretDialog({
  title,
  secret,
  note,
  onClose,
}: {
  title: string;
  secret: string;
  note: string;
  onClose: () => void;
}) {
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="secret-title">
      <DialogTitle id="secret-title">{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          Copy it now: the Hub shows it only this once. {note}
        </Alert>
        <TextField fullWidth value={secret} label="Secret" slotProps={{ input: { readOnly: true } }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void navigator.clipboard?.writeText(secret).then(() => toast.success("Copied."))}>
          Copy
        </Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Add or edit an endpoint: the contract's schema here too; the secret is shown once after adding. */
type EventChoice = { type: string; label: string };

function EndpointDialog({
  endpoint,
  events,
  onClose,
}: {
  endpoint: TWebhookEndpoint | null;
  events: readonly EventChoice[];
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<TWebhookRequest, unknown, Out>({
    resolver: zodResolver(ZWebhookRequestSchema),
    defaultValues: endpoint
      ? { url: endpoint.url, description: endpoint.description, events: endpoint.events, enabled: endpoint.enabled }
      : { url: "https://", description: null, events: ["order.shipped"], enabled: true },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = async (values: Out) => {
    setError(null);
    try {
      if (endpoint) {
        await call(webhooksApi.update, { params: { id: endpoint.id }, body: values });
        toast.success("Endpoint saved.");
        onClose();
      } else {
        const made = await call(webhooksApi.create, { body: values });
        setSecret(made.secret);
      }
      await qc.invalidateQueries({ queryKey: ["webhooks"] });
    } catch (e) {
      setError(applyServerErrors(e, form.setError, ["url", "description", "events"]));
    }
  };
  if (secret)
    return (
      <SecretDialog
        title="Signing secret"
        secret={secret}
        note="Your receiver verifies each delivery's webhook-signature with it (Standard Webhooks)."
        onClose={onClose}
      />
    );
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="endpoint-title">
      <form onSubmit={form.handleSubmit(submit)} noValidate>
        <DialogTitle id="endpoint-title">{endpoint ? "Edit endpoint" : "Add endpoint"}</DialogTitle>
        <DialogContent>
          {error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          ) : null}
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField
              label="Endpoint URL"
              {...form.register("url")}
              error={Boolean(errors.url)}
              helperText={errors.url?.message ?? "An https:// address of your store or ERP that receives the events."}
              required
            />
            <TextField
              label="Description"
              {...form.register("description", { setValueAs: (v) => (v === "" ? null : v) })}
              error={Boolean(errors.description)}
              helperText={errors.description?.message}
            />
            <Controller
              control={form.control}
              name="events"
              render={({ field }) => (
                <Box role="group" aria-label="Events">
                  <Typography variant="subtitle2">Events</Typography>
                  <FormGroup>
                    {events.map((e) => (
                      <FormControlLabel
                        key={e.type}
                        label={e.label}
                        control={
                          <Checkbox
                            checked={(field.value ?? []).includes(e.type)}
                            onChange={(_, on) =>
                              field.onChange(
                                on ? [...(field.value ?? []), e.type] : (field.value ?? []).filter((x) => x !== e.type),
                              )
                            }
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                  {errors.events ? <FormHelperText error>{errors.events.message}</FormHelperText> : null}
                </Box>
              )}
            />
            {endpoint ? (
              <Controller
                control={form.control}
                name="enabled"
                render={({ field }) => (
                  <FormControlLabel
                    label="Enabled"
                    control={<Checkbox checked={field.value ?? true} onChange={(_, on) => field.onChange(on)} />}
                  />
                )}
              />
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {endpoint ? "Save" : "Add endpoint"}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

const STATUS_COLOR = {
  succeeded: "success",
  failed: "warning",
  gave_up: "error",
  pending: "default",
  skipped: "default",
} as const;

/** The endpoint's delivery log: each delivery with its attempts, Resend, and Send test event. */
function DeliveryLog({ endpoint, onClose }: { endpoint: TWebhookEndpoint; onClose: () => void }) {
  const qc = useQueryClient();
  const log = useQuery({
    queryKey: keys.deliveries(endpoint.id),
    queryFn: () => call(webhooksApi.deliveries, { params: { id: endpoint.id }, query: { page: 0, size: 50 } }),
    staleTime: 0,
    refetchInterval: 3000,
  });
  const act = useMutation({
    mutationFn: (d: TWebhookDelivery | null) =>
      d
        ? call(webhooksApi.resend, { params: { id: endpoint.id, deliveryId: d.id } })
        : call(webhooksApi.sendTest, { params: { id: endpoint.id } }),
    onSuccess: (_, d) => {
      toast.success(d ? "Sent again." : "Test event sent.");
      void qc.invalidateQueries({ queryKey: keys.deliveries(endpoint.id) });
    },
    onError: (e) => toast.error(messageOf(e)),
  });
  const items = log.data?.items ?? [];
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="log-title">
      <DialogTitle id="log-title">Deliveries to {endpoint.url}</DialogTitle>
      <DialogContent>
        <Button variant="outlined" sx={{ mb: 2 }} loading={act.isPending} onClick={() => act.mutate(null)}>
          Send test event
        </Button>
        {items.length === 0 ? (
          <Typography color="text.secondary">No deliveries yet.</Typography>
        ) : (
          <Table size="small" aria-label="Deliveries">
            <TableHead>
              <TableRow>
                <TableCell>Event</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Attempts (time · answer)</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((d) => (
                <TableRow key={d.id}>
                  <TableCell>
                    {d.eventType}
                    <Typography variant="caption" sx={{ display: "block" }} color="text.secondary">
                      evt_{d.eventId} · {new Date(d.createdAt).toLocaleString()}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Chip size="small" color={STATUS_COLOR[d.status]} label={d.status.replace("_", " ")} />
                    {d.nextAttemptAt && d.status === "failed" ? (
                      <Typography variant="caption" sx={{ display: "block" }}>
                        next try {new Date(d.nextAttemptAt).toLocaleTimeString()}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell>
                    {d.attempts.map((x) => (
                      <Typography key={x.attempt} variant="body2">
                        #{x.attempt} {new Date(x.at).toLocaleTimeString()} ·{" "}
                        {x.responseStatus !== null ? `HTTP ${x.responseStatus}` : x.error}
                        {x.responseExcerpt ? ` · ${x.responseExcerpt.slice(0, 120)}` : ""}
                      </Typography>
                    ))}
                  </TableCell>
                  <TableCell align="right">
                    <Button size="small" onClick={() => act.mutate(d)}>
                      Resend
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The Webhooks card (issue 20): the endpoints, their secrets and delivery logs. On Account
 * Integration a client's (every event); on Factory Config a facility's (`FACILITY_WEBHOOK_EVENTS`).
 */
export function WebhooksSection({ events = WEBHOOK_EVENTS }: { events?: readonly EventChoice[] }) {
  const qc = useQueryClient();
  const list = useQuery({ queryKey: keys.list, queryFn: () => call(webhooksApi.list) });
  const [editing, setEditing] = useState<TWebhookEndpoint | "new" | null>(null);
  const [logOf, setLogOf] = useState<TWebhookEndpoint | null>(null);
  const [removing, setRemoving] = useState<TWebhookEndpoint | null>(null);
  const [rotated, setRotated] = useState<string | null>(null);
  return (
    <Card variant="outlined" sx={{ mt: 3 }}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: "center", mb: 1 }} spacing={2}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            Webhooks
          </Typography>
          <Button variant="contained" onClick={() => setEditing("new")}>
            Add endpoint
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Your store or ERP hears orders ship, returns and tech packs as they happen, signed per Standard Webhooks and
          retried for a day and a half. Missed some? Read them from GET /api/events?after=.
        </Typography>
        {list.isError ? <Alert severity="error">{messageOf(list.error)}</Alert> : null}
        {list.data && list.data.items.length === 0 ? (
          <Typography color="text.secondary">No endpoints yet.</Typography>
        ) : null}
        {list.data && list.data.items.length > 0 ? (
          <Table size="small" aria-label="Webhook endpoints">
            <TableHead>
              <TableRow>
                <TableCell>Endpoint</TableCell>
                <TableCell>Events</TableCell>
                <TableCell>State</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.items.map((x) => (
                <TableRow key={x.id}>
                  <TableCell>
                    {x.url}
                    {x.description ? (
                      <Typography variant="caption" sx={{ display: "block" }} color="text.secondary">
                        {x.description}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell>{x.events.join(", ")}</TableCell>
                  <TableCell>
                    {x.enabled ? (
                      <Chip
                        size="small"
                        color={x.failingSince ? "warning" : "success"}
                        label={x.failingSince ? "Failing" : "Enabled"}
                      />
                    ) : (
                      <Chip size="small" color="error" label="Disabled" title={x.disabledReason ?? undefined} />
                    )}
                    {!x.enabled && x.disabledReason ? (
                      <Typography variant="caption" sx={{ display: "block" }}>
                        {x.disabledReason}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                    <Button size="small" onClick={() => setLogOf(x)}>
                      Deliveries
                    </Button>
                    <Button size="small" onClick={() => setEditing(x)}>
                      Edit
                    </Button>
                    <Button
                      size="small"
                      onClick={async () => {
                        try {
                          const r = await call(webhooksApi.rotateSecret, { params: { id: x.id } });
                          setRotated(r.secret);
                          await qc.invalidateQueries({ queryKey: keys.list });
                        } catch (e) {
                          toast.error(messageOf(e));
                        }
                      }}
                    >
                      Rotate secret
                    </Button>
                    <Button size="small" color="error" onClick={() => setRemoving(x)}>
                      Remove
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
      </CardContent>
      {editing ? (
        <EndpointDialog
          endpoint={editing === "new" ? null : editing}
          events={events}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {logOf ? <DeliveryLog endpoint={logOf} onClose={() => setLogOf(null)} /> : null}
      {rotated ? (
        <SecretDialog
          title="New signing secret"
          secret={rotated}
          note="The old secret also signs for the next 24 hours."
          onClose={() => setRotated(null)}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title="Remove endpoint"
        message={`Remove ${removing?.url ?? ""}? It stops receiving events at once.`}
        confirmLabel="Remove"
        danger
        onConfirm={async () => {
          if (removing) await call(webhooksApi.remove, { params: { id: removing.id } });
          await qc.invalidateQueries({ queryKey: keys.list });
        }}
        onClose={() => setRemoving(null)}
      />
    </Card>
  );
}
