import { zodResolver } from "@hookform/resolvers/zod";
import {
  FACTORY_CONFIG_MESSAGES,
  FACTORY_SETTING_FIELDS,
  FACTORY_SETTING_LABELS,
  LABEL_PAPER_LABELS,
  LABEL_SYMBOLOGY_LABELS,
  SHIPPING_LABEL_FORMAT_LABELS,
  type TFactoryConfig,
  type TFactorySettings,
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
  Link,
  Stack,
  Switch,
  TextField,
  Typography,
} from "@mui/material";
import { useEffect } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { Link as RouterLink } from "react-router";
import { toast } from "react-toastify";
import { MoneyInput } from "../../components/money-input";
import { UnsavedChangesGuard } from "../../components/record-workspace/unsaved-changes-guard";
import { useAuth } from "../../lib/auth/auth-context";
import { startingValues, useSubmitErrors } from "../../lib/form-errors";
import { useSaveFactoryConfig } from "./api";
import { dateTime } from "./history";
import { type Form, Section, SettingField, SettingSelect } from "./setting-fields";

const TIME_ZONES: string[] = (() => {
  try {
    return ["UTC", ...Intl.supportedValuesOf("timeZone").filter((z) => z !== "UTC")];
  } catch {
    return ["UTC"];
  }
})();

const CARRIER_OPTIONS = Object.fromEntries(CARRIERS.map((c) => [c.code, c.name]));

export function SettingsForm({
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
            subheader="Due dates of new orders count working days and hours here, in this time zone."
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
            <SettingField
              control={control}
              name="leadWorkingDays"
              type="number"
              step={1}
              disabled={disabled}
              helperText="An order that asks for no ship date is due this many working days after it is placed. New orders only."
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
            subheader="How labels are printed here and on which printer; shipping labels are bought in the format chosen here."
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
            <SettingField control={control} name="labourCycleCapMinutes" type="number" disabled={disabled} />
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              An order's actual labour counts each scan's time at its station up to this long; a longer gap is the
              station standing idle.
            </Typography>
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
export function ManagedLists() {
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
        subheader="The facility's stations and QC reason codes are kept on their own screens; their changes are in the history below too."
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
