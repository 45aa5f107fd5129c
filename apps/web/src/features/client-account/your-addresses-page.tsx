import { zodResolver } from "@hookform/resolvers/zod";
import {
  type TAddress,
  type TAddressRequest,
  type TAddressRequestParsed,
  ZAddressRequestSchema,
} from "@hub/contracts/client-account/client-account";
import { addressLines } from "@hub/contracts/common/address";
import Add from "@mui/icons-material/Add";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import Star from "@mui/icons-material/Star";
import StarBorder from "@mui/icons-material/StarBorder";
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  FormControlLabel,
  IconButton,
  MenuItem,
  Skeleton,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "react-toastify";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { FormDialog } from "../../components/form-dialog";
import { PageHeader } from "../../components/page-header";
import { TextInput } from "../../components/text-input";
import { messageOf } from "../../lib/api-error";
import { applyServerErrors } from "../../lib/form-errors";

import { useAddresses, useDeleteAddress, useSaveAddress, useYourAccount } from "./api";

const FIELDS = [
  "label",
  "name",
  "company",
  "line1",
  "line2",
  "city",
  "region",
  "postalCode",
  "country",
  "phone",
  "isDefault",
  "active",
  "owner",
] as const;

const EMPTY: TAddressRequest = {
  label: "",
  name: "",
  company: "",
  line1: "",
  line2: "",
  city: "",
  region: "",
  postalCode: "",
  country: "",
  phone: "",
  isDefault: false,
  active: true,
  owner: "me",
};

const toRequest = (a: TAddress): TAddressRequest => ({
  label: a.label,
  name: a.name,
  company: a.company ?? "",
  line1: a.line1,
  line2: a.line2 ?? "",
  city: a.city,
  region: a.region ?? "",
  postalCode: a.postalCode,
  country: a.country,
  phone: a.phone ?? "",
  isDefault: a.isDefault,
  active: a.active,
  owner: a.owner,
});

type Editing = { address: TAddress | null; owner: "me" | "client" } | null;

function AddressDialog({
  editing,
  canWriteClient,
  onClose,
}: {
  editing: Editing;
  canWriteClient: boolean;
  onClose: () => void;
}) {
  const save = useSaveAddress();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<TAddressRequest, unknown, TAddressRequestParsed>({
    resolver: zodResolver(ZAddressRequestSchema),
    values: editing ? (editing.address ? toRequest(editing.address) : { ...EMPTY, owner: editing.owner }) : EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const text = (
    name: "label" | "name" | "company" | "line1" | "line2" | "city" | "region" | "postalCode" | "country" | "phone",
    label: string,
    required = false,
  ) => (
    <TextInput
      label={required ? `${label} *` : label}
      error={Boolean(errors[name])}
      helperText={errors[name]?.message}
      {...form.register(name)}
    />
  );
  const close = () => {
    setError(null);
    onClose();
  };
  const submit = async (values: TAddressRequestParsed) => {
    setError(null);
    try {
      await save.mutateAsync({ id: editing?.address?.id ?? null, body: values });
      toast.success(editing?.address ? "Address saved." : "Address added.");
      close();
    } catch (e) {
      setError(applyServerErrors(e, form.setError, FIELDS));
    }
  };
  return (
    <FormDialog
      open={editing !== null}
      title={editing?.address ? "Edit address" : "Add address"}
      onSubmit={form.handleSubmit(submit)}
      onClose={close}
      submitLabel="Save"
      submitting={isSubmitting}
      error={error}
    >
      <Controller
        control={form.control}
        name="owner"
        render={({ field }) => (
          <TextField
            select
            label="Belongs to"
            value={field.value}
            onChange={field.onChange}
            disabled={Boolean(editing?.address) || !canWriteClient}
            error={Boolean(errors.owner)}
            helperText={errors.owner?.message}
          >
            <MenuItem value="me">Me</MenuItem>
            <MenuItem value="client">My client (shared with its users)</MenuItem>
          </TextField>
        )}
      />
      {text("label", "Label", true)}
      {text("name", "Name", true)}
      {text("company", "Company")}
      {text("line1", "Address line 1", true)}
      {text("line2", "Address line 2")}
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        {text("city", "City", true)}
        {text("region", "Region / state")}
      </Stack>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        {text("postalCode", "Postal code", true)}
        {text("country", "Country (2 letters)", true)}
      </Stack>
      {text("phone", "Phone")}
      <Stack direction="row" spacing={3}>
        <Controller
          control={form.control}
          name="isDefault"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(_e, v) => field.onChange(v)} />}
              label="Default address"
            />
          )}
        />
        <Controller
          control={form.control}
          name="active"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(_e, v) => field.onChange(v)} />}
              label="Active"
            />
          )}
        />
      </Stack>
    </FormDialog>
  );
}

function AddressCard({
  address,
  onEdit,
  onDelete,
  onMakeDefault,
}: {
  address: TAddress;
  onEdit: () => void;
  onDelete: () => void;
  onMakeDefault: () => void;
}) {
  const lines = [...addressLines(address), address.phone].filter((l): l is string => Boolean(l));
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={`Address ${address.label}`}
      sx={{ opacity: address.active ? 1 : 0.7 }}
    >
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flexGrow: 1 }}>
            {address.label}
          </Typography>
          {address.isDefault ? <Chip size="small" color="primary" label="Default" /> : null}
          {!address.active ? <Chip size="small" label="Inactive" /> : null}
        </Stack>
        {lines.map((line) => (
          <Typography key={line} variant="body2">
            {line}
          </Typography>
        ))}
      </CardContent>
      {address.editable ? (
        <CardActions>
          <Tooltip title={address.isDefault ? "Default address" : "Make default"}>
            <span>
              <IconButton
                aria-label={address.isDefault ? `${address.label} is the default` : `Make ${address.label} the default`}
                onClick={onMakeDefault}
                disabled={address.isDefault}
              >
                {address.isDefault ? <Star color="warning" /> : <StarBorder />}
              </IconButton>
            </span>
          </Tooltip>
          <IconButton aria-label={`Edit ${address.label}`} onClick={onEdit}>
            <EditOutlined />
          </IconButton>
          <IconButton aria-label={`Delete ${address.label}`} onClick={onDelete}>
            <DeleteOutlined />
          </IconButton>
        </CardActions>
      ) : null}
    </Card>
  );
}

/** /yourAddresses: my address book and my client's, each with a default and an active flag. */
export default function YourAddressesPage() {
  const account = useYourAccount();
  const addresses = useAddresses();
  const save = useSaveAddress();
  const remove = useDeleteAddress();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TAddress | null>(null);
  const client = account.data?.client ?? null;
  const canWriteClient = account.data?.canManage ?? false;

  const makeDefault = async (address: TAddress) => {
    try {
      await save.mutateAsync({ id: address.id, body: { ...toRequest(address), isDefault: true } });
      toast.success(`${address.label} is now the default address.`);
    } catch (e) {
      toast.error(messageOf(e));
    }
  };

  const section = (owner: "me" | "client", title: string, items: TAddress[]) => (
    <Box component="section" aria-label={title} sx={{ mb: 4 }}>
      <Stack direction="row" sx={{ alignItems: "center", mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {owner === "me" || canWriteClient ? (
          <Button startIcon={<Add />} onClick={() => setEditing({ address: null, owner })}>
            {owner === "me" ? "Add address" : "Add client address"}
          </Button>
        ) : null}
      </Stack>
      {items.length === 0 ? (
        <Typography sx={{ color: "text.secondary" }}>No addresses yet.</Typography>
      ) : (
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", lg: "1fr 1fr 1fr" } }}>
          {items.map((a) => (
            <AddressCard
              key={a.id}
              address={a}
              onEdit={() => setEditing({ address: a, owner: a.owner })}
              onDelete={() => setDeleting(a)}
              onMakeDefault={() => void makeDefault(a)}
            />
          ))}
        </Box>
      )}
    </Box>
  );

  const items = addresses.data ?? [];
  return (
    <Box>
      <PageHeader title="Your Addresses" subtitle="Where your orders ship to. Each address book has one default." />
      {addresses.isError ? (
        <Alert severity="error" sx={{ mb: 3 }}>
          {addresses.error.message}
        </Alert>
      ) : null}
      {addresses.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : (
        <>
          {section(
            "me",
            "My addresses",
            items.filter((a) => a.owner === "me"),
          )}
          {client
            ? section(
                "client",
                `${client.name} addresses`,
                items.filter((a) => a.owner === "client"),
              )
            : null}
        </>
      )}
      <AddressDialog editing={editing} canWriteClient={canWriteClient} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete address?"
        message={deleting ? `${deleting.label} (${deleting.line1}, ${deleting.city}) will be deleted.` : ""}
        confirmLabel="Delete"
        danger
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          toast.success(`${deleting.label} deleted.`);
        }}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
