import { zodResolver } from "@hookform/resolvers/zod";
import {
  type TApiKey,
  type TApiKeyCreate,
  type TApiKeyCreated,
  type TApiKeyCreateInput,
  ZApiKeyCreateSchema,
} from "@hub/contracts/integrations/integrations";
import Add from "@mui/icons-material/Add";
import ContentCopy from "@mui/icons-material/ContentCopy";
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "react-toastify";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { PageHeader } from "../../components/page-header";
import { TextInput } from "../../components/text-input";
import { messageOf } from "../../lib/api-error";
import { applyServerErrors } from "../../lib/form-errors";
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from "./api";

const FIELDS = ["mode", "name"] as const;
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "Never");

function CreateKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateApiKey();
  const [created, setCreated] = useState<TApiKeyCreated | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<TApiKeyCreateInput, unknown, TApiKeyCreate>({
    resolver: zodResolver(ZApiKeyCreateSchema),
    defaultValues: { mode: "test", name: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const close = () => {
    setCreated(null);
    setError(null);
    form.reset();
    onClose();
  };
  const submit = async (values: TApiKeyCreate) => {
    setError(null);
    try {
      setCreated(await create.mutateAsync(values));
    } catch (e) {
      setError(applyServerErrors(e, form.setError, FIELDS));
    }
  };
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.key);
      toast.success("Key copied.");
    } catch {
      toast.error("Could not copy; select the key and copy it yourself.");
    }
  };
  return (
    <Dialog
      open={open}
      onClose={isSubmitting ? undefined : close}
      aria-labelledby="create-key-title"
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="create-key-title">{created ? "Your new API key" : "Create API key"}</DialogTitle>
      {created ? (
        <>
          <DialogContent>
            <Stack spacing={2}>
              <Alert severity="warning">
                Copy this key now. It is shown only once: the Hub keeps only a fingerprint of it.
              </Alert>
              <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                <TextField
                  label={`${created.name} (${created.mode})`}
                  value={created.key}
                  fullWidth
                  slotProps={{
                    htmlInput: { readOnly: true, "aria-label": "New API key", style: { fontFamily: "monospace" } },
                  }}
                  onFocus={(e) => e.target.select()}
                />
                <Button variant="outlined" startIcon={<ContentCopy />} onClick={copy}>
                  Copy
                </Button>
              </Stack>
              <Typography variant="body2" sx={{ color: "text.secondary" }}>
                Send it as the <code>x-api-key</code> header (or <code>Authorization: Bearer …</code>) to call the Hub's
                API as your client.
              </Typography>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={close}>
              Done
            </Button>
          </DialogActions>
        </>
      ) : (
        <Box component="form" noValidate onSubmit={form.handleSubmit(submit)}>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextInput
                label="Name *"
                error={Boolean(errors.name)}
                helperText={errors.name?.message}
                {...form.register("name")}
              />
              <Controller
                control={form.control}
                name="mode"
                render={({ field }) => (
                  <TextField
                    select
                    label="Mode"
                    value={field.value}
                    onChange={field.onChange}
                    error={Boolean(errors.mode)}
                    helperText={errors.mode?.message}
                  >
                    <MenuItem value="test">Test</MenuItem>
                    <MenuItem value="live">Live</MenuItem>
                  </TextField>
                )}
              />
              {error ? <Alert severity="error">{error}</Alert> : null}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" loading={isSubmitting}>
              Create key
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}

/** /apiIntegrations: a client's test and live API keys. */
export default function ApiIntegrationsPage() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<TApiKey | null>(null);
  return (
    <>
      <PageHeader
        title="API Integrations"
        subtitle="Test and live keys let your systems call the Hub's API as your client."
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)} disabled={keys.isError}>
            Create key
          </Button>
        }
      />
      {keys.isError ? (
        <Alert severity="error">{messageOf(keys.error)}</Alert>
      ) : keys.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : keys.data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: "center" }}>
          <Typography sx={{ color: "text.secondary" }}>No API keys yet. Create a test key to start.</Typography>
        </Paper>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="API keys">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Mode</TableCell>
                <TableCell>Key</TableCell>
                <TableCell>Created</TableCell>
                <TableCell>Last used</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {keys.data.map((k) => (
                <TableRow key={k.id} aria-label={`API key ${k.name}`}>
                  <TableCell>{k.name}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={k.mode === "live" ? "Live" : "Test"}
                      color={k.mode === "live" ? "success" : "default"}
                    />
                  </TableCell>
                  <TableCell sx={{ fontFamily: "monospace" }}>{k.prefix}…</TableCell>
                  <TableCell>
                    {when(k.createdAt)}
                    {k.createdBy ? ` by ${k.createdBy}` : ""}
                  </TableCell>
                  <TableCell>{when(k.lastUsedAt)}</TableCell>
                  <TableCell>
                    {k.revokedAt ? (
                      <Chip size="small" label="Revoked" />
                    ) : (
                      <Chip size="small" color="primary" label="Active" />
                    )}
                  </TableCell>
                  <TableCell align="right">
                    {k.revokedAt ? null : (
                      <Button color="error" size="small" onClick={() => setRevoking(k)}>
                        Revoke
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <CreateKeyDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke API key?"
        message={`Calls with "${revoking?.name ?? ""}" (${revoking?.prefix ?? ""}…) will fail at once. This cannot be undone.`}
        confirmLabel="Revoke"
        danger
        onConfirm={async () => {
          if (!revoking) return;
          await revoke.mutateAsync(revoking.id);
          toast.success("API key revoked.");
        }}
        onClose={() => setRevoking(null)}
      />
    </>
  );
}
