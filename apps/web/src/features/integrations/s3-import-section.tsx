import { zodResolver } from "@hookform/resolvers/zod";
import {
  S3_IMPORT_FOLDERS,
  S3_IMPORT_MAX_BYTES,
  type TS3ImportRun,
  type TS3ImportSettings,
  type TS3ImportSettingsRequest,
  type TS3ImportSettingsRequestInput,
  ZS3ImportSettingsRequestSchema,
} from "@hub/contracts/integrations/s3-import";
import { s3ImportApi } from "@hub/contracts/integrations/s3-import-api";
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  FormControlLabel,
  Skeleton,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "react-toastify";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { TextInput } from "../../components/text-input";
import { call, pathTo } from "../../lib/api";
import { messageOf } from "../../lib/api-error";
import { applyServerErrors } from "../../lib/form-errors";
import { readSessionClientId } from "../../lib/session-client";
import { downloadFile } from "../../lib/transfer";

/**
 * Account Integration's "S3 order import" card (issue 20): the client's bucket and prefix, watched
 * every minute; each CSV there is imported as the upload imports it and moved to processed/ or
 * failed/ with a report beside it. The access key pair is typed in, never shown back.
 */
const keys = {
  all: ["integrations", "s3Import"] as const,
  settings: () => [...keys.all, "settings", readSessionClientId()] as const,
  runs: () => [...keys.all, "runs", readSessionClientId()] as const,
};

const TEXT_FIELDS = [
  { name: "bucket", label: "Bucket *", help: "The bucket's name, e.g. brand-orders" },
  { name: "prefix", label: "Prefix", help: "The folder to watch, e.g. orders/incoming/ (empty: the bucket's top)" },
  { name: "region", label: "Region *", help: "e.g. us-east-1" },
  { name: "endpoint", label: "Endpoint", help: "Only for an S3-compatible store (MinIO, R2…): https://…" },
] as const;

const defaultsOf = (s: TS3ImportSettings | null): TS3ImportSettingsRequestInput => ({
  enabled: s?.enabled ?? true,
  bucket: s?.bucket ?? "",
  prefix: s?.prefix ?? "orders/incoming/",
  region: s?.region ?? "us-east-1",
  endpoint: s?.endpoint ?? "",
  forcePathStyle: s?.forcePathStyle ?? false,
  accessKeyId: "",
  secretAccessKey: "",
});

function SettingsForm({
  saved,
  onDone,
  onCancel,
}: {
  saved: TS3ImportSettings | null;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const qc = useQueryClient();
  const form = useForm<TS3ImportSettingsRequestInput, unknown, TS3ImportSettingsRequest>({
    resolver: zodResolver(ZS3ImportSettingsRequestSchema),
    defaultValues: defaultsOf(saved),
  });
  const [error, setError] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const submit = async (values: TS3ImportSettingsRequest) => {
    setError(null);
    try {
      await call(s3ImportApi.save, { body: values });
      toast.success("S3 order import saved.");
      await qc.invalidateQueries({ queryKey: keys.all });
      onDone();
    } catch (e) {
      setError(
        applyServerErrors(e, form.setError, [
          ...TEXT_FIELDS.map((f) => f.name),
          "accessKeyId",
          "secretAccessKey",
          "forcePathStyle",
          "enabled",
        ]),
      );
    }
  };
  const keep = saved?.secretAccessKeySaved ? " (leave blank to keep the saved one)" : " *";
  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit(submit)} aria-label="S3 order import settings">
      <Stack spacing={2}>
        {TEXT_FIELDS.map((f) => {
          const message = errors[f.name]?.message;
          return (
            <TextInput
              key={f.name}
              label={f.label}
              autoComplete="off"
              error={Boolean(message)}
              helperText={typeof message === "string" ? message : f.help}
              {...form.register(f.name)}
            />
          );
        })}
        <TextInput
          label={`Access key id${keep}`}
          autoComplete="off"
          error={Boolean(errors.accessKeyId)}
          helperText={errors.accessKeyId?.message ?? (saved ? `Saved: ${saved.accessKeyIdHint}` : undefined)}
          {...form.register("accessKeyId")}
        />
        <TextInput
          label={`Secret access key${keep}`}
          type="password"
          autoComplete="new-password"
          error={Boolean(errors.secretAccessKey)}
          helperText={errors.secretAccessKey?.message ?? "Stored encrypted; never shown again."}
          {...form.register("secretAccessKey")}
        />
        <Controller
          control={form.control}
          name="forcePathStyle"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={Boolean(field.value)} onChange={(_, v) => field.onChange(v)} />}
              label="Path-style addresses (most S3-compatible stores need this)"
            />
          )}
        />
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={Boolean(field.value)} onChange={(_, v) => field.onChange(v)} />}
              label="Import new files every minute"
            />
          )}
        />
        {error ? <Alert severity="error">{error}</Alert> : null}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            Save
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

const STATUS: Record<TS3ImportRun["status"], { label: string; color: "success" | "error" | "default" }> = {
  processed: { label: "Processed", color: "success" },
  failed: { label: "Failed", color: "error" },
  importing: { label: "Importing", color: "default" },
};

/** The files the job found, newest first, with a link to each report. */
function RecentImports() {
  const runs = useQuery({
    queryKey: keys.runs(),
    queryFn: () => call(s3ImportApi.runs, { query: { page: 0, size: 20 } }),
    staleTime: 0,
    refetchInterval: 30_000,
  });
  const download = (run: TS3ImportRun) =>
    downloadFile(pathTo(s3ImportApi.report, { params: { id: run.id } }), `${run.fileName}.report.csv`).catch((e) =>
      toast.error(messageOf(e)),
    );
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        Recent S3 imports
      </Typography>
      {runs.isError ? (
        <Alert severity="error">{messageOf(runs.error)}</Alert>
      ) : runs.isPending ? (
        <Skeleton variant="rounded" height={80} />
      ) : runs.data.items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No files imported yet.
        </Typography>
      ) : (
        <Table size="small" aria-label="Recent S3 imports">
          <TableHead>
            <TableRow>
              <TableCell>File</TableCell>
              <TableCell>When</TableCell>
              <TableCell>Outcome</TableCell>
              <TableCell align="right">Orders placed</TableCell>
              <TableCell align="right">Rows refused</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {runs.data.items.map((r) => (
              <TableRow key={r.id}>
                <TableCell>
                  {r.fileName}
                  {r.message ? (
                    <Typography variant="caption" sx={{ display: "block" }} color="text.secondary">
                      {r.message}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>{new Date(r.finishedAt ?? r.claimedAt).toLocaleString()}</TableCell>
                <TableCell>
                  <Chip size="small" color={STATUS[r.status].color} label={STATUS[r.status].label} />
                </TableCell>
                <TableCell align="right">
                  {r.ordersPlaced}
                  {r.alreadyPlaced > 0 ? ` (+${r.alreadyPlaced} already placed)` : ""}
                </TableCell>
                <TableCell align="right">{r.rowsRefused}</TableCell>
                <TableCell align="right">
                  {r.hasReport ? (
                    <Button size="small" onClick={() => download(r)}>
                      Report
                    </Button>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

/** Account Integration's S3 order import card. */
export function S3ImportSection() {
  const qc = useQueryClient();
  const settings = useQuery({
    queryKey: keys.settings(),
    queryFn: async () => (await call(s3ImportApi.settings)).settings,
    staleTime: 0,
  });
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: keys.all });
  const test = useMutation({
    mutationFn: () => call(s3ImportApi.test),
    onSuccess: (r) => (r.ok ? toast.success(r.message) : toast.error(r.message)),
    onError: (e) => toast.error(messageOf(e)),
    onSettled: refresh,
  });
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => call(s3ImportApi.setEnabled, { body: { enabled } }),
    onSuccess: (s) => toast.success(s.enabled ? "S3 order import is on." : "S3 order import is off."),
    onError: (e) => toast.error(messageOf(e)),
    onSettled: refresh,
  });
  const saved = settings.data ?? null;
  return (
    <Card variant="outlined" component="section" aria-label="S3 order import" sx={{ mt: 3 }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            S3 order import
          </Typography>
          {saved ? (
            <Chip size="small" color={saved.enabled ? "primary" : "default"} label={saved.enabled ? "On" : "Off"} />
          ) : settings.isSuccess ? (
            <Chip size="small" label="Not set up" />
          ) : null}
        </Stack>
        <Typography variant="body2" sx={{ color: "text.secondary", mb: 2 }}>
          Drop order CSV files (the order import's template, at most {S3_IMPORT_MAX_BYTES / 1024 / 1024} MB) into your
          bucket's folder: every minute the Hub imports each file once, then moves it to {S3_IMPORT_FOLDERS.processed}{" "}
          or {S3_IMPORT_FOLDERS.failed} below it with a report beside it.
        </Typography>
        {settings.isError ? (
          <Alert severity="error">{messageOf(settings.error)}</Alert>
        ) : settings.isPending ? (
          <Skeleton variant="rounded" height={160} />
        ) : saved && !editing ? (
          <Stack spacing={1} aria-label="S3 order import saved settings">
            <Typography variant="body2">
              Watching{" "}
              <Box component="span" sx={{ fontFamily: "monospace" }}>
                s3://{saved.bucket}/{saved.prefix}
              </Box>{" "}
              in {saved.region}
              {saved.endpoint ? ` at ${saved.endpoint}` : ""}
              {saved.forcePathStyle ? " (path-style)" : ""}.
            </Typography>
            <Typography variant="body2">
              Access key id:{" "}
              <Box component="span" sx={{ fontFamily: "monospace" }}>
                {saved.accessKeyIdHint}
              </Box>
              ; secret access key {saved.secretAccessKeySaved ? "saved" : "missing"}.
            </Typography>
            <FormControlLabel
              control={
                <Switch
                  checked={saved.enabled}
                  disabled={toggle.isPending}
                  onChange={(_, v) => toggle.mutate(v)}
                  slotProps={{ input: { "aria-label": "Import new files every minute" } }}
                />
              }
              label="Import new files every minute"
            />
            {saved.lastTestedAt ? (
              <Alert severity={saved.lastTestOk ? "success" : "error"}>
                Last test ({new Date(saved.lastTestedAt).toLocaleString()}): {saved.lastTestResult}
              </Alert>
            ) : null}
          </Stack>
        ) : (
          <SettingsForm
            saved={saved}
            onDone={() => setEditing(false)}
            onCancel={saved ? () => setEditing(false) : undefined}
          />
        )}
        {settings.isSuccess ? <RecentImports /> : null}
      </CardContent>
      {saved && !editing ? (
        <CardActions>
          <Button onClick={() => test.mutate()} loading={test.isPending}>
            Test connection
          </Button>
          <Button onClick={() => setEditing(true)}>Edit settings</Button>
          <Button color="error" onClick={() => setRemoving(true)}>
            Delete
          </Button>
        </CardActions>
      ) : null}
      <ConfirmDialog
        open={removing}
        title="Delete the S3 order import settings?"
        message="The Hub forgets the bucket and its access key and stops watching it. Recent imports stay listed."
        confirmLabel="Delete"
        danger
        onConfirm={async () => {
          await call(s3ImportApi.remove);
          await refresh();
          toast.success("S3 order import settings deleted.");
        }}
        onClose={() => setRemoving(false)}
      />
    </Card>
  );
}
