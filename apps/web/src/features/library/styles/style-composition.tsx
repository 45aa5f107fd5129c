import { zodResolver } from "@hookform/resolvers/zod";
import type { TLookupItem } from "@hub/contracts/library/common";
import { ZOptionDetailSchema } from "@hub/contracts/library/options";
import {
  compositionToRequest,
  type TApplyProfileRequest,
  type TStyleComposition,
  type TStyleCompositionRequest,
  type TStyleCompositionRequestInput,
  ZStyleCompositionRequestSchema,
} from "@hub/contracts/library/style-composition";
import Add from "@mui/icons-material/Add";
import ArrowDownward from "@mui/icons-material/ArrowDownward";
import ArrowUpward from "@mui/icons-material/ArrowUpward";
import Delete from "@mui/icons-material/Delete";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  IconButton,
  InputAdornment,
  InputLabel,
  Menu,
  MenuItem,
  Select,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { useEffect, useMemo, useState } from "react";
import {
  type Control,
  Controller,
  type FieldErrors,
  type FieldPath,
  useFieldArray,
  useForm,
  useWatch,
} from "react-hook-form";
import { toast } from "react-toastify";
import { ApiError, messageOf } from "../../../lib/api-error";
import { money } from "../resources/format";
import { useLibraryDetail, useLookup } from "../shared/api";
import { RefSelect } from "../shared/fields";
import { useApplyProfile, useComposition, useSaveComposition } from "./api";

/**
 * A style's composition editor (issue 4), shown under the style form on /styles/edit/:id: price
 * tiers, options with their offered attributes and upcharges, fabrics, parts and ordered steps,
 * saved together with one PUT; profiles can be applied from a menu.
 */

type Values = TStyleCompositionRequestInput;
type C = Control<Values, unknown, TStyleCompositionRequest>;
type Name = FieldPath<Values>;

const TABS = [
  { key: "priceTiers", label: "Pricing" },
  { key: "options", label: "Options" },
  { key: "fabrics", label: "Fabrics" },
  { key: "parts", label: "Parts" },
  { key: "instructions", label: "Instructions" },
] as const;

const showNumber = (v: number | null | undefined, dollars: boolean) =>
  v === null || v === undefined || Number.isNaN(v) ? "" : dollars ? (v / 100).toFixed(2) : String(v);
const parseNumber = (text: string, dollars: boolean): number | null => {
  const raw = text.trim();
  if (raw === "") return null;
  return dollars ? Math.round(Number(raw) * 100) : Number(raw);
};

/** A number typed as text (so "1." and "" can be typed), handed to the form as a number or null. */
function NumberInput(props: {
  value: number | null | undefined;
  onChange: (v: number | null) => void;
  onBlur?: () => void;
  label: string;
  error?: string;
  disabled?: boolean;
  dollars?: boolean;
  step?: string;
  unit?: string;
  width?: number;
}) {
  const { dollars = false, value } = props;
  const [text, setText] = useState(showNumber(value, dollars));
  useEffect(() => {
    setText((current) => (parseNumber(current, dollars) === value ? current : showNumber(value, dollars)));
  }, [value, dollars]);
  return (
    <TextField
      size="small"
      type="number"
      label={props.label}
      value={text}
      disabled={props.disabled}
      error={Boolean(props.error)}
      helperText={props.error}
      onBlur={props.onBlur}
      sx={{ width: props.width ?? 150 }}
      onChange={(e) => {
        setText(e.target.value);
        props.onChange(parseNumber(e.target.value, dollars));
      }}
      slotProps={{
        htmlInput: { step: props.step ?? (props.dollars ? "0.01" : "any"), min: 0 },
        input: {
          startAdornment: props.dollars ? <InputAdornment position="start">$</InputAdornment> : undefined,
          endAdornment: props.unit ? <InputAdornment position="end">{props.unit}</InputAdornment> : undefined,
        },
      }}
    />
  );
}

function NumberField({
  control,
  name,
  ...rest
}: {
  control: C;
  name: Name;
  label: string;
  disabled: boolean;
  dollars?: boolean;
  step?: string;
  unit?: string;
  width?: number;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          {...rest}
          value={field.value as number | null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

function RefField({
  control,
  name,
  resource,
  label,
  disabled,
}: {
  control: C;
  name: Name;
  resource: string;
  label: string;
  disabled: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Box sx={{ minWidth: 240, flexGrow: 1 }}>
          <RefSelect
            resource={resource}
            label={label}
            size="small"
            value={(field.value as number | null) ?? null}
            onChange={field.onChange}
            error={fieldState.error?.message}
            disabled={disabled}
          />
        </Box>
      )}
    />
  );
}

/** "All variants" or one of the attributes the style offers (from the Options tab). */
function AttributeChoice({
  control,
  name,
  label,
  choices,
  disabled,
}: {
  control: C;
  name: Name;
  label: string;
  choices: TLookupItem[];
  disabled: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormControl size="small" sx={{ minWidth: 170 }} error={Boolean(fieldState.error)} disabled={disabled}>
          <InputLabel id={`${name}-label`}>{label}</InputLabel>
          <Select
            labelId={`${name}-label`}
            label={label}
            value={field.value === null || field.value === undefined ? "" : String(field.value)}
            onChange={(e) => field.onChange(e.target.value === "" ? null : Number(e.target.value))}
            displayEmpty
            renderValue={(v) =>
              v === "" ? "All variants" : (choices.find((c) => c.id === Number(v))?.label ?? `#${v}`)
            }
          >
            <MenuItem value="">All variants</MenuItem>
            {choices.map((c) => (
              <MenuItem key={c.id} value={String(c.id)}>
                {c.label}
              </MenuItem>
            ))}
          </Select>
          {fieldState.error ? (
            <Typography variant="caption" color="error">
              {fieldState.error.message}
            </Typography>
          ) : null}
        </FormControl>
      )}
    />
  );
}

function RowButtons({
  n,
  count,
  disabled,
  what,
  onMove,
  onRemove,
}: {
  n: number;
  count: number;
  disabled: boolean;
  what: string;
  onMove?: (from: number, to: number) => void;
  onRemove: () => void;
}) {
  return (
    <Stack direction="row" sx={{ alignItems: "center" }}>
      {onMove ? (
        <>
          <IconButton
            size="small"
            aria-label={`Move ${what} ${n + 1} up`}
            disabled={disabled || n === 0}
            onClick={() => onMove(n, n - 1)}
          >
            <ArrowUpward fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={`Move ${what} ${n + 1} down`}
            disabled={disabled || n === count - 1}
            onClick={() => onMove(n, n + 1)}
          >
            <ArrowDownward fontSize="small" />
          </IconButton>
        </>
      ) : null}
      <IconButton size="small" aria-label={`Remove ${what} ${n + 1}`} disabled={disabled} onClick={onRemove}>
        <Delete fontSize="small" />
      </IconButton>
    </Stack>
  );
}

function PricingTab({ control, disabled, basePriceCents }: { control: C; disabled: boolean; basePriceCents: number }) {
  const tiers = useFieldArray({ control, name: "priceTiers" });
  const values = useWatch({ control, name: "priceTiers" });
  return (
    <Stack spacing={2}>
      <Typography sx={{ color: "text.secondary" }}>
        From 1 piece the base price applies ({money(basePriceCents)}, set above). Each tier sets the unit price from its
        quantity on.
      </Typography>
      <Table size="small" aria-label="Price tiers">
        <TableHead>
          <TableRow>
            <TableCell>From quantity</TableCell>
            <TableCell>Unit price</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell>1</TableCell>
            <TableCell>{money(basePriceCents)} (base)</TableCell>
            <TableCell />
          </TableRow>
          {tiers.fields.map((f, i) => (
            <TableRow key={f.id}>
              <TableCell>
                <NumberField
                  control={control}
                  name={`priceTiers.${i}.minQuantity`}
                  label={`Tier ${i + 1} from`}
                  disabled={disabled}
                  step="1"
                  unit="pcs"
                />
              </TableCell>
              <TableCell>
                <NumberField
                  control={control}
                  name={`priceTiers.${i}.unitPriceCents`}
                  label={`Tier ${i + 1} price`}
                  disabled={disabled}
                  dollars
                />
              </TableCell>
              <TableCell align="right">
                <RowButtons
                  n={i}
                  count={tiers.fields.length}
                  disabled={disabled}
                  what="tier"
                  onRemove={() => tiers.remove(i)}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Box>
        <Button
          startIcon={<Add />}
          disabled={disabled}
          onClick={() => {
            const last = values?.at(-1);
            tiers.append({
              minQuantity: last ? Math.max(2, Number(last.minQuantity) * 2) : 12,
              unitPriceCents: last ? Number(last.unitPriceCents) : basePriceCents,
            });
          }}
        >
          Add tier
        </Button>
      </Box>
    </Stack>
  );
}

/** One option of the style: the option's own attributes, each offered or not, with its upcharge. */
function OptionCard({
  control,
  index,
  count,
  disabled,
  onMove,
  onRemove,
}: {
  control: C;
  index: number;
  count: number;
  disabled: boolean;
  onMove: (a: number, b: number) => void;
  onRemove: () => void;
}) {
  const optionId = useWatch({ control, name: `options.${index}.optionId` });
  const detail = useLibraryDetail("options", ZOptionDetailSchema, optionId ?? null);
  const attrs = useFieldArray({ control, name: `options.${index}.attributes` });
  const chosen = useWatch({ control, name: `options.${index}.attributes` }) ?? [];
  const all = detail.data?.attributes ?? [];
  const offered = new Map(chosen.map((a, i) => [a.attributeId, i]));
  const toggle = (attributeId: number) => {
    const at = offered.get(attributeId);
    if (at !== undefined) return attrs.remove(at);
    // Keep the option's own order.
    const order = all.map((a) => a.id);
    const pos = order.indexOf(attributeId);
    const before = chosen.filter(
      (a) => order.indexOf(a.attributeId) !== -1 && order.indexOf(a.attributeId) < pos,
    ).length;
    attrs.insert(before, { attributeId, upchargeCents: 0 });
  };
  const title = detail.data ? `${detail.data.name} (${detail.data.code})` : "Option";
  const unknown = chosen.filter((a) => !all.some((x) => x.id === a.attributeId));
  return (
    <Card variant="outlined" data-testid={`option-${index}`}>
      <CardHeader
        title={title}
        slotProps={{ title: { variant: "subtitle1" } }}
        action={
          <RowButtons n={index} count={count} disabled={disabled} what="option" onMove={onMove} onRemove={onRemove} />
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {detail.isPending ? <CircularProgress size={20} /> : null}
        {detail.data && all.length === 0 ? (
          <Typography sx={{ color: "text.secondary" }}>
            This option has no attributes yet: add them on the option's page.
          </Typography>
        ) : null}
        {all.length > 0 ? (
          <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
            <Button
              size="small"
              disabled={disabled}
              onClick={() =>
                attrs.replace([
                  ...all.map((a) => ({
                    attributeId: a.id,
                    upchargeCents: chosen.find((c) => c.attributeId === a.id)?.upchargeCents ?? 0,
                  })),
                  ...chosen.filter((c) => !all.some((a) => a.id === c.attributeId)),
                ])
              }
            >
              Offer all
            </Button>
          </Stack>
        ) : null}
        <Stack spacing={1}>
          {all.map((a) => {
            const at = offered.get(a.id);
            return (
              <Stack key={a.id} direction="row" spacing={2} sx={{ alignItems: "center" }}>
                <Box sx={{ width: 220 }}>
                  <Checkbox
                    checked={at !== undefined}
                    disabled={disabled}
                    onChange={() => toggle(a.id)}
                    slotProps={{ input: { "aria-label": `Offer ${a.name}` } }}
                  />
                  {a.name}{" "}
                  <Typography component="span" sx={{ color: "text.secondary" }}>
                    ({a.code})
                  </Typography>
                </Box>
                {at !== undefined ? (
                  <NumberField
                    control={control}
                    name={`options.${index}.attributes.${at}.upchargeCents`}
                    label={`${a.name} upcharge`}
                    disabled={disabled}
                    dollars
                  />
                ) : null}
              </Stack>
            );
          })}
          {unknown.map((a) => {
            const at = offered.get(a.attributeId) ?? 0;
            return (
              <Controller
                key={a.attributeId}
                control={control}
                name={`options.${index}.attributes.${at}.attributeId`}
                render={({ fieldState }) => (
                  <Alert severity="warning" action={<Button onClick={() => attrs.remove(at)}>Remove</Button>}>
                    Attribute #{a.attributeId} is no longer a value of this option. {fieldState.error?.message}
                  </Alert>
                )}
              />
            );
          })}
        </Stack>
        <Controller
          control={control}
          name={`options.${index}.optionId`}
          render={({ fieldState }) => (
            <Box>{fieldState.error ? <Alert severity="error">{fieldState.error.message}</Alert> : null}</Box>
          )}
        />
      </CardContent>
    </Card>
  );
}

function OptionsTab({ control, disabled }: { control: C; disabled: boolean }) {
  const opts = useFieldArray({ control, name: "options" });
  const chosen = useWatch({ control, name: "options" }) ?? [];
  return (
    <Stack spacing={2}>
      <Typography sx={{ color: "text.secondary" }}>
        The options a buyer chooses, in order; under each, the attributes this style offers and what each adds per
        piece.
      </Typography>
      {opts.fields.map((f, i) => (
        <OptionCard
          key={f.id}
          control={control}
          index={i}
          count={opts.fields.length}
          disabled={disabled}
          onMove={opts.move}
          onRemove={() => opts.remove(i)}
        />
      ))}
      {disabled ? null : (
        <Box sx={{ maxWidth: 360 }}>
          <RefSelect
            resource="options"
            label="Add an option"
            size="small"
            value={null}
            onChange={(id) => {
              if (id === null) return;
              if (chosen.some((o) => o.optionId === id)) return toast.info("The style already offers that option.");
              opts.append({ optionId: id, attributes: [] });
            }}
          />
        </Box>
      )}
    </Stack>
  );
}

function MaterialsTab({
  control,
  disabled,
  kind,
  choices,
}: {
  control: C;
  disabled: boolean;
  kind: "fabrics" | "parts";
  choices: TLookupItem[];
}) {
  const rows = useFieldArray({ control, name: kind });
  const noun = kind === "fabrics" ? "fabric" : "part";
  const Noun = kind === "fabrics" ? "Fabric" : "Part";
  return (
    <Stack spacing={2}>
      <Typography sx={{ color: "text.secondary" }}>
        {kind === "fabrics" ? "The fabrics one garment consumes" : "The trims and components one garment needs"}; tie a
        row to an attribute when only that variant needs it.
      </Typography>
      {rows.fields.map((f, i) => (
        <Stack
          key={f.id}
          direction={{ xs: "column", md: "row" }}
          spacing={1}
          sx={{ alignItems: { md: "flex-start" } }}
          data-testid={`${noun}-row-${i}`}
        >
          <RefField
            control={control}
            name={kind === "fabrics" ? `fabrics.${i}.fabricId` : `parts.${i}.partId`}
            resource={kind}
            label={`${Noun} ${i + 1}`}
            disabled={disabled}
          />
          <AttributeChoice
            control={control}
            name={`${kind}.${i}.attributeId`}
            label="For"
            choices={choices}
            disabled={disabled}
          />
          {kind === "fabrics" ? (
            <Controller
              control={control}
              name={`fabrics.${i}.placement`}
              render={({ field, fieldState }) => (
                <TextField
                  size="small"
                  label="Placement"
                  value={field.value ?? ""}
                  onChange={(e) => field.onChange(e.target.value)}
                  onBlur={field.onBlur}
                  disabled={disabled}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                  sx={{ width: 150 }}
                />
              )}
            />
          ) : null}
          <NumberField
            control={control}
            name={kind === "fabrics" ? `fabrics.${i}.consumption` : `parts.${i}.quantity`}
            label={kind === "fabrics" ? "Consumption" : "Quantity"}
            disabled={disabled}
          />
          <RowButtons
            n={i}
            count={rows.fields.length}
            disabled={disabled}
            what={noun}
            onRemove={() => rows.remove(i)}
          />
        </Stack>
      ))}
      <Box>
        <Button
          startIcon={<Add />}
          disabled={disabled}
          onClick={() =>
            kind === "fabrics"
              ? rows.append({
                  fabricId: null as unknown as number,
                  attributeId: null,
                  placement: null,
                  consumption: 1,
                } as never)
              : rows.append({ partId: null as unknown as number, attributeId: null, quantity: 1 } as never)
          }
        >
          Add {noun}
        </Button>
      </Box>
    </Stack>
  );
}

function InstructionsTab({ control, disabled }: { control: C; disabled: boolean }) {
  const steps = useFieldArray({ control, name: "instructions" });
  return (
    <Stack spacing={2}>
      <Typography sx={{ color: "text.secondary" }}>
        The construction steps in order. Leave the machine empty to use the instruction's own.
      </Typography>
      {steps.fields.map((f, i) => (
        <Stack
          key={f.id}
          direction={{ xs: "column", md: "row" }}
          spacing={1}
          sx={{ alignItems: { md: "flex-start" } }}
          data-testid={`step-row-${i}`}
        >
          <Typography sx={{ width: 56, pt: 1 }}>Step {i + 1}</Typography>
          <RefField
            control={control}
            name={`instructions.${i}.instructionId`}
            resource="instructions"
            label={`Instruction ${i + 1}`}
            disabled={disabled}
          />
          <RefField
            control={control}
            name={`instructions.${i}.machineId`}
            resource="machines"
            label={`Machine ${i + 1} (instruction's own if empty)`}
            disabled={disabled}
          />
          <RowButtons
            n={i}
            count={steps.fields.length}
            disabled={disabled}
            what="step"
            onMove={steps.move}
            onRemove={() => steps.remove(i)}
          />
        </Stack>
      ))}
      <Box>
        <Button
          startIcon={<Add />}
          disabled={disabled}
          onClick={() => steps.append({ instructionId: null as unknown as number, machineId: null })}
        >
          Add step
        </Button>
      </Box>
    </Stack>
  );
}

const PROFILE_RESOURCES: Record<TApplyProfileRequest["kind"], { resource: string; label: string }> = {
  attribute: { resource: "attributeProfiles", label: "Attribute profile" },
  part: { resource: "partProfiles", label: "Part profile" },
  instruction: { resource: "instructionProfiles", label: "Instruction profile" },
};

function ApplyProfileDialog({
  kind,
  dirty,
  busy,
  onApply,
  onClose,
}: {
  kind: TApplyProfileRequest["kind"] | null;
  dirty: boolean;
  busy: boolean;
  onApply: (id: number) => void;
  onClose: () => void;
}) {
  const [profileId, setProfileId] = useState<number | null>(null);
  const spec = kind ? PROFILE_RESOURCES[kind] : null;
  return (
    <Dialog open={kind !== null} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Apply {spec?.label.toLowerCase()}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          {kind === "attribute"
            ? "Its attributes are offered under the options they belong to, and the profile is linked to this style."
            : kind === "part"
              ? "Its parts are added to the style's parts."
              : "Its steps are added after the style's steps."}
        </Typography>
        {dirty ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            The profile is applied to the saved composition: unsaved changes below will be lost.
          </Alert>
        ) : null}
        {spec ? (
          <RefSelect resource={spec.resource} label={spec.label} value={profileId} onChange={setProfileId} />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={profileId === null || busy}
          onClick={() => profileId !== null && onApply(profileId)}
        >
          Apply
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const tabErrors = (errors: FieldErrors<Values>, key: (typeof TABS)[number]["key"]) => Boolean(errors[key]);

function CompositionEditor({
  styleId,
  composition,
  canEdit,
}: {
  styleId: number;
  composition: TStyleComposition;
  canEdit: boolean;
}) {
  const save = useSaveComposition(styleId);
  const apply = useApplyProfile(styleId);
  const [tab, setTab] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [profileKind, setProfileKind] = useState<TApplyProfileRequest["kind"] | null>(null);
  const form = useForm<Values, unknown, TStyleCompositionRequest>({
    resolver: zodResolver(ZStyleCompositionRequestSchema),
    defaultValues: compositionToRequest(composition),
  });
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const disabled = !canEdit || isSubmitting;

  // The attributes a fabric or part row may be tied to: those offered on the Options tab.
  const options = useWatch({ control, name: "options" }) ?? [];
  const offeredIds = useMemo(() => options.flatMap((o) => (o.attributes ?? []).map((a) => a.attributeId)), [options]);
  const { byId } = useLookup("attributes", "", offeredIds);
  const choices = offeredIds.map((id) => byId.get(id) ?? { id, label: `#${id}`, archived: false });

  const onSubmit = async (values: TStyleCompositionRequest) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync(values);
      reset(compositionToRequest(saved));
      toast.success("The composition was saved.");
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        for (const [name, message] of Object.entries(error.fields)) setError(name as Name, { type: "server", message });
      }
      setFormError(messageOf(error));
    }
  };

  const onApply = async (profileId: number) => {
    if (!profileKind) return;
    try {
      const next = await apply.mutateAsync({ kind: profileKind, profileId });
      reset(compositionToRequest(next));
      toast.success("The profile was applied.");
      setProfileKind(null);
    } catch (error) {
      toast.error(messageOf(error));
    }
  };

  return (
    <Card
      component="form"
      noValidate
      onSubmit={handleSubmit(onSubmit, () => setFormError("Check the marked fields."))}
      aria-label="Composition"
    >
      <CardHeader
        title="Composition"
        subheader="Price tiers, options, materials and construction"
        action={
          canEdit ? (
            <Stack direction="row" spacing={1}>
              <Button onClick={(e) => setMenu(e.currentTarget)} aria-haspopup="menu">
                Apply profile
              </Button>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                Save composition
              </Button>
            </Stack>
          ) : null
        }
      />
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        {(Object.keys(PROFILE_RESOURCES) as TApplyProfileRequest["kind"][]).map((k) => (
          <MenuItem
            key={k}
            onClick={() => {
              setMenu(null);
              setProfileKind(k);
            }}
          >
            {PROFILE_RESOURCES[k].label}…
          </MenuItem>
        ))}
      </Menu>
      <ApplyProfileDialog
        key={profileKind ?? "closed"}
        kind={profileKind}
        dirty={isDirty}
        busy={apply.isPending}
        onApply={onApply}
        onClose={() => setProfileKind(null)}
      />
      <CardContent>
        {formError ? (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {formError}
          </Alert>
        ) : null}
        <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} variant="scrollable" sx={{ mb: 2 }}>
          {TABS.map((t) => (
            <Tab
              key={t.key}
              label={
                tabErrors(errors, t.key) ? (
                  <Tooltip title="This tab has errors">
                    <Box component="span" sx={{ color: "error.main" }}>
                      {t.label} !
                    </Box>
                  </Tooltip>
                ) : (
                  t.label
                )
              }
            />
          ))}
        </Tabs>
        <Box hidden={tab !== 0}>
          <PricingTab control={control} disabled={disabled} basePriceCents={composition.basePriceCents} />
        </Box>
        <Box hidden={tab !== 1}>
          <OptionsTab control={control} disabled={disabled} />
        </Box>
        <Box hidden={tab !== 2}>
          <MaterialsTab control={control} disabled={disabled} kind="fabrics" choices={choices} />
        </Box>
        <Box hidden={tab !== 3}>
          <MaterialsTab control={control} disabled={disabled} kind="parts" choices={choices} />
        </Box>
        <Box hidden={tab !== 4}>
          <InstructionsTab control={control} disabled={disabled} />
        </Box>
      </CardContent>
    </Card>
  );
}

/** The composition of one style; editors change it, others read it. */
export function StyleComposition({ styleId, canEdit }: { styleId: number; canEdit: boolean }) {
  const query = useComposition(styleId);
  if (query.isPending) return <CircularProgress aria-label="Loading the composition" />;
  if (query.isError) return <Alert severity="error">{messageOf(query.error)}</Alert>;
  return <CompositionEditor styleId={styleId} composition={query.data} canEdit={canEdit} />;
}
