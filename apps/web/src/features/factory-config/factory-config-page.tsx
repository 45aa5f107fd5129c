import { zodResolver } from "@hookform/resolvers/zod";
import {
  FACTORY_CONFIG_MESSAGES,
  FACTORY_SETTING_FIELDS,
  FACTORY_SETTING_LABELS,
  LABEL_PAPER_LABELS,
  LABEL_SYMBOLOGY_LABELS,
  SHIPPING_LABEL_FORMAT_LABELS,
  type TFactoryConfig,
  type TFactorySettingField,
  type TFactorySettings,
  type TFactorySettingsRequest,
  toteBarcode,
  UNIT_LABEL_FORMAT_LABELS,
  WEEKDAY_LABELS,
  WEEKDAYS,
  ZFactorySettingsRequestSchema,
} from "@hub/contracts/factory-config/factory-config";
import { CARRIERS } from "@hub/contracts/shipping/shipping";
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Grid,
  InputLabel,
  Link,
  MenuItem,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { type ReactNode, useEffect, useState } from "react";
import { type Control, Controller, type FieldPath, useForm, useWatch } from "react-hook-form";
import { Link as RouterLink, useSearchParams } from "react-router";
import { toast } from "react-toastify";
import { MoneyInput } from "../../components/money-input";
import { PageHeader } from "../../components/page-header";
import { RecordNotFound } from "../../components/record-not-found";
import { UnsavedChangesGuard } from "../../components/record-workspace/unsaved-changes-guard";
import { ApiError, messageOf } from "../../lib/api-error";
import { useAuth } from "../../lib/auth/auth-context";
import { startingValues, useSubmitErrors } from "../../lib/form-errors";
import { parseId } from "../../lib/ids";
import { useFactoryConfig, useFactoryConfigHistory, useSaveFactoryConfig } from "./api";

type Form = TFactorySettingsRequest;
type FormControlOf = Control<Form, unknown, TFactorySettings>;

/** Every time zone the browser knows, UTC first. */
const TIME_ZONES: string[] = (() => {
  try {
    return ["UTC", ...Intl.supportedValuesOf("timeZone").filter((z) => z !== "UTC")];
  } catch {
    return ["UTC"];
  }
})();

const dateTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/**
 * /factoryConfig: a facility's own settings (working time, labels and printers, shipping defaults,
 * auto-release of paid orders, the tote barcode range, the cut planner's defaults, the labour rate),
 * saved together, and who changed what when. An internal admin chooses the facility (`?factoryId=`).
 */
export default function FactoryConfigPage() {
  const [params, setParams] = useSearchParams();
  const chosen = parseId(params.get("factoryId")) ?? undefined;
  const config = useFactoryConfig(chosen);
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
          <History key={data.factoryId} factoryId={data.factoryId} canRead={data.canEdit} />
        </>
      )}
    </>
  );
}

function Section({ title, subheader, children }: { title: string; subheader?: ReactNode; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} sx={{ height: "100%" }}>
      <CardHeader title={title} subheader={subheader} slotProps={{ title: { variant: "h6", component: "h2" } }} />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={2}>{children}</Stack>
      </CardContent>
    </Card>
  );
}

/** A text or number field bound to a setting, its label the setting's own. */
function SettingField({
  control,
  name,
  type = "text",
  helperText,
  step,
  disabled,
}: {
  control: FormControlOf;
  name: TFactorySettingField;
  type?: "text" | "number" | "time";
  helperText?: ReactNode;
  step?: number;
  disabled: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name as FieldPath<Form>}
      render={({ field, fieldState }) => (
        <TextField
          label={FACTORY_SETTING_LABELS[name]}
          type={type}
          name={field.name}
          inputRef={field.ref}
          value={
            field.value === undefined || field.value === null || Number.isNaN(field.value) ? "" : String(field.value)
          }
          onChange={(e) =>
            field.onChange(
              type === "number" ? (e.target.value === "" ? Number.NaN : Number(e.target.value)) : e.target.value,
            )
          }
          onBlur={field.onBlur}
          disabled={disabled}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
          slotProps={{
            htmlInput: type === "number" ? { step: step ?? 1 } : undefined,
            inputLabel: { shrink: true },
          }}
          fullWidth
        />
      )}
    />
  );
}

/** A select bound to a setting, from a map of value → label. */
function SettingSelect({
  control,
  name,
  options,
  helperText,
  disabled,
}: {
  control: FormControlOf;
  name: TFactorySettingField;
  options: Record<string, string>;
  helperText?: ReactNode;
  disabled: boolean;
}) {
  const id = `factory-config-${name}`;
  return (
    <Controller
      control={control}
      name={name as FieldPath<Form>}
      render={({ field, fieldState }) => (
        <FormControl fullWidth error={Boolean(fieldState.error)} disabled={disabled}>
          <InputLabel id={id}>{FACTORY_SETTING_LABELS[name]}</InputLabel>
          <Select
            labelId={id}
            label={FACTORY_SETTING_LABELS[name]}
            name={field.name}
            value={String(field.value ?? "")}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
          >
            {Object.entries(options).map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {label}
              </MenuItem>
            ))}
          </Select>
          {fieldState.error || helperText ? (
            <FormHelperText>{fieldState.error?.message ?? helperText}</FormHelperText>
          ) : null}
        </FormControl>
      )}
    />
  );
}

const CARRIER_OPTIONS = Object.fromEntries(CARRIERS.map((c) => [c.code, c.name]));

function SettingsForm({
  config,
  shownAs,
  onDirty,
}: {
  config: TFactoryConfig;
  shownAs: number | undefined;
  onDirty: (dirty: boolean) => void;
}) {
  const save = useSaveFactoryConfig(shownAs);
  const form = useForm<Form, unknown, TFactorySettings>({
    resolver: zodResolver(ZFactorySettingsRequestSchema),
    defaultValues: startingValues(config.settings),
  });
  const { control, handleSubmit, reset, setError, formState } = form;
  const { formError, submit } = useSubmitErrors(setError, FACTORY_SETTING_FIELDS);
  const saving = formState.isSubmitting;
  const disabled = !config.canEdit || saving;
  const dirty = formState.isDirty;
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  useEffect(() => () => onDirty(false), [onDirty]);

  const onSubmit = handleSubmit(
    submit(async (values: TFactorySettings) => {
      await save.mutateAsync({ factoryId: config.factoryId, body: values });
      toast.success(FACTORY_CONFIG_MESSAGES.saved);
    }),
  );

  const [prefix, first, last] = useWatch({
    control,
    name: ["toteBarcodePrefix", "toteBarcodeFirst", "toteBarcodeLast"],
  });
  const range =
    typeof prefix === "string" && Number.isInteger(first) && Number.isInteger(last)
      ? `New totes get ${toteBarcode(prefix.toUpperCase(), first)} to ${toteBarcode(prefix.toUpperCase(), last)}, each the next free number.`
      : "New totes get the next free number of the range.";

  return (
    <Box component="form" noValidate aria-label="Factory Config settings" onSubmit={onSubmit}>
      <UnsavedChangesGuard dirty={dirty && !saving} what="Factory Config" />
      {!config.canEdit ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          You can read these settings; changing them needs the Factory Config card.
        </Alert>
      ) : null}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section
            title="Working time"
            subheader="Kept for due dates and lead times. Due dates today still count 14 calendar days from placing."
          >
            <Controller
              control={control}
              name="workingDays"
              render={({ field, fieldState }) => (
                <FormControl component="fieldset" error={Boolean(fieldState.error)} disabled={disabled}>
                  <FormLabel component="legend">{FACTORY_SETTING_LABELS.workingDays}</FormLabel>
                  <FormGroup row>
                    {WEEKDAYS.map((day) => (
                      <FormControlLabel
                        key={day}
                        label={WEEKDAY_LABELS[day]}
                        control={
                          <Checkbox
                            checked={field.value.includes(day)}
                            onChange={(e) =>
                              field.onChange(
                                e.target.checked
                                  ? WEEKDAYS.filter((d) => d === day || field.value.includes(d))
                                  : field.value.filter((d) => d !== day),
                              )
                            }
                            onBlur={field.onBlur}
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                  {fieldState.error ? (
                    <FormHelperText>{fieldState.error.message ?? fieldState.error.root?.message}</FormHelperText>
                  ) : null}
                </FormControl>
              )}
            />
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <SettingField control={control} name="workdayStart" type="time" disabled={disabled} />
              <SettingField control={control} name="workdayEnd" type="time" disabled={disabled} />
            </Stack>
            <Controller
              control={control}
              name="timeZone"
              render={({ field, fieldState }) => (
                <Autocomplete
                  options={TIME_ZONES}
                  value={field.value}
                  disableClearable
                  disabled={disabled}
                  onChange={(_e, value) => field.onChange(value)}
                  onBlur={field.onBlur}
                  renderInput={(input) => (
                    <TextField
                      {...input}
                      label={FACTORY_SETTING_LABELS.timeZone}
                      name={field.name}
                      inputRef={field.ref}
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message}
                    />
                  )}
                />
              )}
            />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section
            title="Release to production"
            subheader="Whether an order releases itself to the floor the moment it is paid."
          >
            <Controller
              control={control}
              name="autoRelease"
              render={({ field }) => (
                <FormControlLabel
                  label={FACTORY_SETTING_LABELS.autoRelease}
                  disabled={disabled}
                  control={
                    <Switch
                      name={field.name}
                      checked={field.value}
                      onChange={(e) => field.onChange(e.target.checked)}
                      onBlur={field.onBlur}
                    />
                  }
                />
              )}
            />
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              Off: a paid order waits, and the facility releases it with Release to production on the order's Units tab,
              as it does an invoice client's unpaid order.
            </Typography>
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section
            title="Labels and printers"
            subheader="How labels are printed here and on which printer; the Hub's own labels are PDFs."
          >
            <SettingSelect
              control={control}
              name="shippingLabelFormat"
              options={SHIPPING_LABEL_FORMAT_LABELS}
              disabled={disabled}
            />
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <SettingSelect
                control={control}
                name="unitLabelFormat"
                options={UNIT_LABEL_FORMAT_LABELS}
                disabled={disabled}
              />
              <SettingSelect
                control={control}
                name="labelSymbology"
                options={LABEL_SYMBOLOGY_LABELS}
                disabled={disabled}
              />
              <SettingSelect control={control} name="labelPaper" options={LABEL_PAPER_LABELS} disabled={disabled} />
            </Stack>
            <SettingField control={control} name="shippingLabelPrinter" disabled={disabled} helperText="Empty: none" />
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <SettingField control={control} name="unitLabelPrinter" disabled={disabled} />
              <SettingField control={control} name="toteLabelPrinter" disabled={disabled} />
            </Stack>
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title="Shipping" subheader="Pack Out's box form starts from this carrier and box.">
            <SettingSelect control={control} name="defaultCarrier" options={CARRIER_OPTIONS} disabled={disabled} />
            <SettingField control={control} name="defaultBoxName" disabled={disabled} />
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <SettingField control={control} name="defaultBoxLengthIn" type="number" step={0.1} disabled={disabled} />
              <SettingField control={control} name="defaultBoxWidthIn" type="number" step={0.1} disabled={disabled} />
              <SettingField control={control} name="defaultBoxHeightIn" type="number" step={0.1} disabled={disabled} />
            </Stack>
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title="Tote barcodes" subheader="The range All Totes numbers new totes from.">
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <SettingField control={control} name="toteBarcodePrefix" disabled={disabled} />
              <SettingField control={control} name="toteBarcodeFirst" type="number" disabled={disabled} />
              <SettingField control={control} name="toteBarcodeLast" type="number" disabled={disabled} />
            </Stack>
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              {range}
            </Typography>
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title="Cut planner defaults" subheader="The Cut Planner starts from these limits.">
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <SettingField control={control} name="cutMaxPlies" type="number" disabled={disabled} />
              <SettingField control={control} name="cutMaxGarmentsPerPly" type="number" disabled={disabled} />
            </Stack>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <SettingField control={control} name="cutTableLengthInches" type="number" disabled={disabled} />
              <SettingField
                control={control}
                name="cutEndAllowanceInches"
                type="number"
                step={0.5}
                disabled={disabled}
              />
            </Stack>
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section
            title="Labour"
            subheader="What a minute of sewing costs this facility: custom product prices use it."
          >
            <Controller
              control={control}
              name="labourCentsPerMinute"
              render={({ field, fieldState }) => (
                <MoneyInput
                  label={FACTORY_SETTING_LABELS.labourCentsPerMinute}
                  name={field.name}
                  value={field.value}
                  onChange={(cents) => field.onChange(cents ?? Number.NaN)}
                  onBlur={field.onBlur}
                  unit="/ min"
                  disabled={disabled}
                  error={fieldState.error?.message}
                />
              )}
            />
          </Section>
        </Grid>
      </Grid>
      <Card
        sx={{ position: "sticky", bottom: 0, zIndex: 2, mt: 2, mb: 3, borderTop: 1, borderColor: "divider" }}
        elevation={4}
      >
        <CardContent sx={{ "&:last-child": { pb: 2 } }}>
          {formError ? (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="factory-config-error">
              {formError}
            </Alert>
          ) : null}
          <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
            <Button type="submit" variant="contained" disabled={disabled || !dirty}>
              {saving ? "Saving…" : "Save"}
            </Button>
            <Button variant="text" disabled={saving || !dirty} onClick={() => reset(startingValues(config.settings))}>
              Discard changes
            </Button>
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              {dirty
                ? "Unsaved changes."
                : config.savedAt
                  ? `Saved by ${config.savedBy ?? "someone"} on ${dateTime(config.savedAt)}.`
                  : "The defaults: never saved."}
            </Typography>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}

/** Stations and QC reason codes are lists of their own, with their own cards: linked, never copied. */
function ManagedLists() {
  const { cardAccess } = useAuth();
  const links = [
    { card: "floorStations", to: "/floorStations", title: "Stations", what: "cutters, print, sew, QC and pack-out" },
    { card: "qcReasons", to: "/qcReasons", title: "QC Reasons", what: "why a unit fails QC" },
  ].filter((l) => cardAccess.has(l.card));
  if (links.length === 0) return null;
  return (
    <Card component="section" aria-label="Floor lists" sx={{ mb: 3 }}>
      <CardHeader
        title="Floor lists"
        subheader="The facility's stations and QC reason codes are kept on their own screens."
        slotProps={{ title: { variant: "h6", component: "h2" } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={3}>
          {links.map((l) => (
            <Typography key={l.to}>
              <Link component={RouterLink} to={l.to}>
                {l.title}
              </Link>
              {`: ${l.what}`}
            </Typography>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Who changed which setting from what to what, when: newest first, paged (keyed by facility: another starts at page 1). */
function History({ factoryId, canRead }: { factoryId: number; canRead: boolean }) {
  const [q, setQ] = useState({ page: 0, size: 10 });
  if (!canRead) return null;
  return (
    <HistoryTable
      factoryId={factoryId}
      q={q}
      onPage={(page) => setQ((x) => ({ ...x, page }))}
      onSize={(size) => setQ({ page: 0, size })}
    />
  );
}

function HistoryTable({
  factoryId,
  q,
  onPage,
  onSize,
}: {
  factoryId: number;
  q: { page: number; size: number };
  onPage: (page: number) => void;
  onSize: (size: number) => void;
}) {
  const history = useFactoryConfigHistory(factoryId, q);
  const data = history.data;
  return (
    <Card component="section" aria-label="History">
      <CardHeader
        title="History"
        subheader="Every change of a setting: who, when, from what to what."
        slotProps={{ title: { variant: "h6", component: "h2" } }}
      />
      {history.isError ? (
        <Alert severity="error" sx={{ mx: 2 }}>
          {messageOf(history.error)}
        </Alert>
      ) : history.isPending ? (
        <Typography sx={{ p: 2, color: "text.secondary" }}>Loading…</Typography>
      ) : (data?.items.length ?? 0) === 0 ? (
        <Typography sx={{ p: 2, color: "text.secondary" }}>No changes yet: these are the defaults.</Typography>
      ) : (
        <Box sx={{ overflowX: "auto" }}>
          <Table size="small" aria-label="Factory Config history">
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>Who</TableCell>
                <TableCell>Setting</TableCell>
                <TableCell>From</TableCell>
                <TableCell>To</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data?.items.map((x) => (
                <TableRow key={x.id}>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>{dateTime(x.at)}</TableCell>
                  <TableCell>{x.actor}</TableCell>
                  <TableCell>{x.label}</TableCell>
                  <TableCell>{x.from}</TableCell>
                  <TableCell>{x.to}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <TablePagination
        component="div"
        count={data?.total ?? 0}
        page={q.page}
        rowsPerPage={q.size}
        rowsPerPageOptions={[10, 25, 50]}
        onPageChange={(_e, p) => onPage(p)}
        onRowsPerPageChange={(e) => onSize(Number(e.target.value))}
      />
    </Card>
  );
}
