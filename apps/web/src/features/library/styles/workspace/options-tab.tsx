import { optionsApi } from "@hub/contracts/library/resources-api";
import {
  type TStyleOptionsRequest,
  type TStyleOptionsRequestInput,
  type TStyleOptionsTab,
  ZStyleOptionsRequestSchema,
  ZStyleOptionsTabSchema,
} from "@hub/contracts/library/style-composition";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Checkbox,
  CircularProgress,
  Stack,
  Typography,
} from "@mui/material";
import { type Control, Controller, useFieldArray, useWatch } from "react-hook-form";
import { toast } from "react-toastify";
import { TabForm, useWorkspaceTabForm, type WorkspaceTabProps } from "../../../../components/record-workspace";
import { useResourceDetail } from "../../../../components/resource/api";
import { RefSelect } from "../../../../components/resource/fields";
import { ApplyProfileButton, MoneyField, RowButtons } from "./composition-fields";
import { styleTab, useStyleTabSave } from "./style-tab";

type C = Control<TStyleOptionsRequestInput, unknown, TStyleOptionsRequest>;

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
  const detail = useResourceDetail(optionsApi, optionId ?? null);
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
                  <MoneyField
                    control={control}
                    name={`options.${index}.attributes.${at}.upchargeCents`}
                    label={`${a.name} upcharge`}
                    disabled={disabled}
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

const toValues = (data: TStyleOptionsTab): TStyleOptionsRequestInput => ({
  version: data.version,
  options: data.options.map((o) => ({
    optionId: o.optionId,
    attributes: o.attributes.map((a) => ({ attributeId: a.attributeId, upchargeCents: a.upchargeCents })),
  })),
});

function OptionsForm({ data, reload }: WorkspaceTabProps<TStyleOptionsTab>) {
  const { styleId, canEdit, save } = useStyleTabSave("options", ZStyleOptionsTabSchema);
  const { control, disabled, tabForm } = useWorkspaceTabForm({
    schema: ZStyleOptionsRequestSchema,
    values: toValues(data),
    save,
    saved: "Options were saved.",
    fieldNames: ["options"],
    canEdit,
    reload,
  });
  const opts = useFieldArray({ control, name: "options" });
  const chosen = useWatch({ control, name: "options" }) ?? [];

  return (
    <TabForm
      title="Options"
      subheader="What a buyer chooses, and what each choice adds"
      {...tabForm}
      actions={<ApplyProfileButton styleId={styleId} kind="attribute" dirty={tabForm.dirty} />}
    >
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
              resource={optionsApi.lookup}
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
    </TabForm>
  );
}

/** /styles/edit/:id/options: the options offered, their attributes and upcharges. */
export default styleTab("options", ZStyleOptionsTabSchema, OptionsForm);
