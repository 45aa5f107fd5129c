import { ZStoredFileSchema } from "@hub/contracts/files/files";
import {
  IMAGE_CATEGORIES,
  type TEstimatesTab,
  ZConstructionDataSchema,
  ZConstructionTabSchema,
  ZCuttersMustDataSchema,
  ZCuttersMustTabSchema,
  ZEstimatesDataSchema,
  ZEstimatesTabSchema,
  ZFilesDataSchema,
  ZFilesTabSchema,
  ZImagesDataSchema,
  ZImagesTabSchema,
  ZProductOptionsDataSchema,
  ZProductOptionsTabSchema,
} from "@hub/contracts/tech-pack/tech-pack";
import UploadFile from "@mui/icons-material/UploadFile";
import {
  Box,
  Button,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useEffect, useState } from "react";
import { Controller, useFieldArray, useWatch } from "react-hook-form";
import { toast } from "react-toastify";
import type { z } from "zod";
import { TabForm, type WorkspaceTabProps } from "../../../components/record-workspace";
import { messageOf } from "../../../lib/api-error";
import { uploadWithProgress } from "../../../lib/transfer";
import { MoneyField, NumberField, RowButtons } from "../../library/styles/workspace/composition-fields";
import { money } from "../format";
import { techPackTab, useTechPackForm } from "./context";
import { AddRowButton, SelectF, TextF } from "./fields";
import { uploadObjectUrl } from "./pdf";

// ---- shared: uploads and pictures ------------------------------------------------------------

/** Uploads one file to the tech pack (through the files adapter) and hands back its id and name. */
function UploadButton({
  stpId,
  purpose,
  disabled,
  label,
  onUploaded,
}: {
  stpId: number;
  purpose: "image" | "file";
  disabled: boolean;
  label: string;
  onUploaded: (file: { id: number; fileName: string }) => void;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  return (
    <Button component="label" startIcon={<UploadFile />} disabled={disabled || progress !== null}>
      {progress === null ? label : `Uploading ${Math.round(progress * 100)}%`}
      <input
        hidden
        type="file"
        accept={purpose === "image" ? "image/png,image/jpeg" : undefined}
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (!file) return;
          const body = new FormData();
          body.append("file", file);
          setProgress(0);
          try {
            const stored = await uploadWithProgress(
              `/productDev/stps/${stpId}/uploads?purpose=${purpose}`,
              body,
              ZStoredFileSchema,
              {
                expectStatus: 201,
                onProgress: setProgress,
              },
            );
            onUploaded({ id: stored.id, fileName: stored.fileName });
          } catch (error) {
            toast.error(messageOf(error));
          } finally {
            setProgress(null);
          }
        }}
      />
    </Button>
  );
}

/** An uploaded image of the tech pack (fetched with the ID token). */
export function Picture({
  stpId,
  fileId,
  alt,
  height = 160,
}: {
  stpId: number;
  fileId: number;
  alt: string;
  height?: number;
}) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    let made: string | null = null;
    uploadObjectUrl(stpId, fileId)
      .then((u) => {
        made = u;
        if (alive) setUrl(u);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [stpId, fileId]);
  return url ? (
    <Box
      component="img"
      src={url}
      alt={alt}
      sx={{ height, maxWidth: "100%", objectFit: "contain", display: "block" }}
    />
  ) : (
    <Box sx={{ height, bgcolor: "action.hover" }} />
  );
}

// ---- images and files ------------------------------------------------------------------------------

function ImagesForm({ data, reload }: WorkspaceTabProps<z.infer<typeof ZImagesTabSchema>>) {
  const { stpId, canEdit, control, disabled, tabForm } = useTechPackForm(
    "images",
    ZImagesTabSchema,
    ZImagesDataSchema,
    data,
    {
      saved: "The images were saved.",
      reload,
    },
  );
  const rows = useFieldArray({ control, name: "images" });
  const live = useWatch({ control, name: "images" }) ?? [];
  return (
    <TabForm
      title="Images"
      subheader="Front, back, detail and sketch images (PNG or JPEG)"
      {...tabForm}
      actions={
        canEdit ? (
          <UploadButton
            stpId={stpId}
            purpose="image"
            disabled={disabled}
            label="Upload image"
            onUploaded={(f) => rows.append({ fileId: f.id, category: "front", caption: f.fileName })}
          />
        ) : undefined
      }
    >
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
        {rows.fields.map((f, i) => (
          <Card key={f.id} variant="outlined" sx={{ width: 240 }}>
            <Picture stpId={stpId} fileId={live[i]?.fileId ?? 0} alt={live[i]?.caption ?? "image"} />
            <CardContent>
              <Stack spacing={1}>
                <SelectF
                  control={control}
                  name={`images.${i}.category`}
                  label="Category"
                  disabled={disabled}
                  width={200}
                  options={IMAGE_CATEGORIES.map((c) => ({ value: c, label: c }))}
                />
                <TextF control={control} name={`images.${i}.caption`} label="Caption" disabled={disabled} />
                <RowButtons
                  n={i}
                  count={rows.fields.length}
                  disabled={disabled}
                  what="image"
                  onRemove={() => rows.remove(i)}
                />
              </Stack>
            </CardContent>
          </Card>
        ))}
        {rows.fields.length === 0 ? <Typography color="text.secondary">No images yet.</Typography> : null}
      </Stack>
    </TabForm>
  );
}
export const ImagesTab = techPackTab("images", "Images", ZImagesTabSchema, ImagesForm);

function FilesForm({ data, reload }: WorkspaceTabProps<z.infer<typeof ZFilesTabSchema>>) {
  const { stpId, canEdit, control, disabled, tabForm } = useTechPackForm(
    "files",
    ZFilesTabSchema,
    ZFilesDataSchema,
    data,
    {
      saved: "The files were saved.",
      reload,
    },
  );
  const rows = useFieldArray({ control, name: "files" });
  const live = useWatch({ control, name: "files" }) ?? [];
  const [names, setNames] = useState<Record<number, string>>(
    Object.fromEntries(data.uploads.map((u) => [u.id, u.fileName])),
  );
  return (
    <TabForm
      title="Files"
      subheader="Any upload the factory needs: patterns, artwork, lab reports"
      {...tabForm}
      actions={
        canEdit ? (
          <UploadButton
            stpId={stpId}
            purpose="file"
            disabled={disabled}
            label="Upload file"
            onUploaded={(f) => {
              setNames((n) => ({ ...n, [f.id]: f.fileName }));
              rows.append({ fileId: f.id, note: "" });
            }}
          />
        ) : undefined
      }
    >
      <Table size="small" aria-label="Files">
        <TableBody>
          {rows.fields.map((f, i) => (
            <TableRow key={f.id}>
              <TableCell>{names[live[i]?.fileId ?? 0] ?? `File ${live[i]?.fileId}`}</TableCell>
              <TableCell>
                <TextF control={control} name={`files.${i}.note`} label="Note" disabled={disabled} width={300} />
              </TableCell>
              <TableCell align="right">
                <RowButtons
                  n={i}
                  count={rows.fields.length}
                  disabled={disabled}
                  what="file"
                  onRemove={() => rows.remove(i)}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {rows.fields.length === 0 ? <Typography color="text.secondary">No files yet.</Typography> : null}
    </TabForm>
  );
}
export const FilesTab = techPackTab("files", "Files", ZFilesTabSchema, FilesForm);

// ---- estimates --------------------------------------------------------------------------------------

function EstimatesForm({ data, reload }: WorkspaceTabProps<TEstimatesTab>) {
  const { costing, targetCostCents, targetPriceCents } = data;
  const { control, disabled, tabForm } = useTechPackForm("estimates", ZEstimatesTabSchema, ZEstimatesDataSchema, data, {
    saved: "The estimate was saved.",
    reload,
  });
  const quantities = data.quantities;
  return (
    <TabForm
      title="Estimates"
      subheader={`Costing from the BOM (consumption × cost), labour and overheads; target cost ${money(targetCostCents)}, target price ${money(targetPriceCents)}`}
      {...tabForm}
    >
      <Stack spacing={3}>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
          <MoneyField control={control} name="labourCents" label="Labour" disabled={disabled} />
          <MoneyField control={control} name="overheadCents" label="Overheads" disabled={disabled} />
          <MoneyField control={control} name="freightCents" label="Freight" disabled={disabled} />
          <MoneyField control={control} name="setupCents" label="Setup (per order)" disabled={disabled} />
          <NumberField control={control} name="dutyBps" label="Duty (bps)" disabled={disabled} step="1" />
          <NumberField control={control} name="marginBps" label="Margin (bps)" disabled={disabled} step="1" />
          <Controller
            control={control}
            name="quantities"
            render={({ field, fieldState }) => (
              <TextField
                size="small"
                label="Quantities"
                disabled={disabled}
                defaultValue={(field.value ?? []).join(", ")}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? "Order quantities to price"}
                onBlur={(e) =>
                  field.onChange(
                    e.target.value
                      .split(",")
                      .map((x) => Number(x.trim()))
                      .filter((n) => Number.isFinite(n) && n > 0),
                  )
                }
              />
            )}
          />
        </Stack>
        <Box sx={{ overflowX: "auto" }}>
          <Table size="small" aria-label="Costing per colourway">
            <TableHead>
              <TableRow>
                <TableCell>Colourway</TableCell>
                <TableCell align="right">Materials</TableCell>
                <TableCell align="right">Labour</TableCell>
                <TableCell align="right">Overheads</TableCell>
                <TableCell align="right">Duty</TableCell>
                <TableCell align="right">Freight</TableCell>
                <TableCell align="right">Landed</TableCell>
                <TableCell align="right">Price</TableCell>
                <TableCell align="right">Margin</TableCell>
                {quantities.map((q) => (
                  <TableCell key={q} align="right">
                    {q} pcs
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {costing.map((c) => (
                <TableRow key={c.key}>
                  <TableCell>{c.name}</TableCell>
                  <TableCell align="right">{money(c.materialsCents)}</TableCell>
                  <TableCell align="right">{money(c.labourCents)}</TableCell>
                  <TableCell align="right">{money(c.overheadCents)}</TableCell>
                  <TableCell align="right">{money(c.dutyCents)}</TableCell>
                  <TableCell align="right">{money(c.freightCents)}</TableCell>
                  <TableCell align="right" data-testid={`landed-${c.key}`}>
                    {money(c.landedCents)}
                  </TableCell>
                  <TableCell align="right">{money(c.priceCents)}</TableCell>
                  <TableCell align="right">{money(c.marginCents)}</TableCell>
                  {c.byQuantity.map((b) => (
                    <TableCell key={b.quantity} align="right">
                      {money(b.unitPriceCents)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        <Typography variant="caption" color="text.secondary">
          Worked out on the server from the saved BOM; save the BOM tabs to see their changes here.
        </Typography>
      </Stack>
    </TabForm>
  );
}
export const EstimatesTab = techPackTab("estimates", "Estimates", ZEstimatesTabSchema, EstimatesForm);

// ---- cutter's must ----------------------------------------------------------------------------------

function CuttersMustForm({ data, reload }: WorkspaceTabProps<z.infer<typeof ZCuttersMustTabSchema>>) {
  const { canEdit, control, disabled, tabForm } = useTechPackForm(
    "cuttersMust",
    ZCuttersMustTabSchema,
    ZCuttersMustDataSchema,
    data,
    {
      saved: "The cutter's must was saved.",
      reload,
    },
  );
  const pieces = useFieldArray({ control, name: "pieces" });
  const trims = useFieldArray({ control, name: "trims" });
  const fabrics = data.fabrics.map((f) => ({ value: f.id, label: `${f.code} ${f.name}` }));
  return (
    <TabForm
      title="Cutter's must"
      subheader="Pattern groups and pieces with fabric and count, trims and cutting notes"
      {...tabForm}
    >
      <Stack spacing={2}>
        {pieces.fields.map((f, i) => (
          <Stack key={f.id} direction="row" spacing={1.5} sx={{ alignItems: "flex-start" }}>
            <TextF control={control} name={`pieces.${i}.group`} label="Group" disabled={disabled} width={130} />
            <TextF control={control} name={`pieces.${i}.name`} label="Piece" disabled={disabled} />
            <SelectF
              control={control}
              name={`pieces.${i}.fabricItemId`}
              label="Fabric"
              disabled={disabled}
              options={fabrics}
              empty="–"
              width={240}
            />
            <NumberField
              control={control}
              name={`pieces.${i}.count`}
              label="Count"
              disabled={disabled}
              step="1"
              width={90}
            />
            <RowButtons
              n={i}
              count={pieces.fields.length}
              disabled={disabled}
              what="piece"
              onRemove={() => pieces.remove(i)}
            />
          </Stack>
        ))}
        <AddRowButton
          show={canEdit}
          disabled={disabled}
          onClick={() => pieces.append({ group: "", name: "", fabricItemId: null, count: 1 })}
        >
          Add pattern piece
        </AddRowButton>
        <Typography variant="subtitle2">Trims</Typography>
        {trims.fields.map((f, i) => (
          <Stack key={f.id} direction="row" spacing={1.5}>
            <TextF control={control} name={`trims.${i}.name`} label="Trim" disabled={disabled} />
            <TextF control={control} name={`trims.${i}.quantity`} label="Quantity" disabled={disabled} width={110} />
            <RowButtons
              n={i}
              count={trims.fields.length}
              disabled={disabled}
              what="trim"
              onRemove={() => trims.remove(i)}
            />
          </Stack>
        ))}
        <AddRowButton show={canEdit} disabled={disabled} onClick={() => trims.append({ name: "", quantity: "1" })}>
          Add trim
        </AddRowButton>
        <TextF control={control} name="notes" label="Cutting notes" disabled={disabled} multiline width="100%" />
      </Stack>
    </TabForm>
  );
}
export const CuttersMustTab = techPackTab("cuttersMust", "Cutter's must", ZCuttersMustTabSchema, CuttersMustForm);

// ---- construction details ----------------------------------------------------------------------------

function ConstructionForm({ data, reload }: WorkspaceTabProps<z.infer<typeof ZConstructionTabSchema>>) {
  const { stpId, canEdit, control, disabled, tabForm, form } = useTechPackForm(
    "constructionDetails",
    ZConstructionTabSchema,
    ZConstructionDataSchema,
    data,
    { saved: "The construction details were saved.", reload },
  );
  const steps = useFieldArray({ control, name: "steps" });
  const live = useWatch({ control, name: "steps" }) ?? [];
  return (
    <TabForm
      title="Construction details"
      subheader="Ordered steps; click a step's image to place a numbered callout"
      {...tabForm}
    >
      <Stack spacing={3}>
        {steps.fields.map((f, i) => {
          const step = live[i];
          const callouts = step?.callouts ?? [];
          return (
            <Card key={f.id} variant="outlined">
              <CardContent>
                <Stack spacing={1.5}>
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: "flex-start" }}>
                    <Typography sx={{ pt: 1 }}>{i + 1}.</Typography>
                    <TextF control={control} name={`steps.${i}.title`} label="Step" disabled={disabled} width={300} />
                    <TextF
                      control={control}
                      name={`steps.${i}.description`}
                      label="How"
                      disabled={disabled}
                      multiline
                      width={380}
                    />
                    <RowButtons
                      n={i}
                      count={steps.fields.length}
                      disabled={disabled}
                      what="step"
                      onMove={(a, b) => steps.move(a, b)}
                      onRemove={() => steps.remove(i)}
                    />
                  </Stack>
                  <Stack direction="row" spacing={2} sx={{ alignItems: "flex-start" }}>
                    {step?.imageFileId ? (
                      <Box
                        sx={{ position: "relative", width: 280, cursor: disabled ? "default" : "crosshair" }}
                        onClick={(e) => {
                          if (disabled) return;
                          const box = e.currentTarget.getBoundingClientRect();
                          const x = Math.min(1, Math.max(0, (e.clientX - box.left) / box.width));
                          const y = Math.min(1, Math.max(0, (e.clientY - box.top) / box.height));
                          form.setValue(
                            `steps.${i}.callouts`,
                            [...callouts, { x, y, text: `Callout ${callouts.length + 1}` }],
                            {
                              shouldDirty: true,
                            },
                          );
                        }}
                        role="img"
                        aria-label={`Step ${i + 1} image: click to add a callout`}
                      >
                        <Picture stpId={stpId} fileId={step.imageFileId} alt={step.title} height={280} />
                        {callouts.map((c, n) => (
                          <Box
                            key={`${c.x}-${c.y}-${n}`}
                            sx={{
                              position: "absolute",
                              left: `calc(${c.x * 100}% - 11px)`,
                              top: `calc(${c.y * 100}% - 11px)`,
                              width: 22,
                              height: 22,
                              borderRadius: "50%",
                              bgcolor: "error.main",
                              color: "#fff",
                              fontSize: 12,
                              display: "grid",
                              placeItems: "center",
                              fontWeight: 700,
                            }}
                          >
                            {n + 1}
                          </Box>
                        ))}
                      </Box>
                    ) : canEdit ? (
                      <UploadButton
                        stpId={stpId}
                        purpose="image"
                        disabled={disabled}
                        label="Add image"
                        onUploaded={(up) => form.setValue(`steps.${i}.imageFileId`, up.id, { shouldDirty: true })}
                      />
                    ) : null}
                    <Stack spacing={1}>
                      {callouts.map((_c, n) => (
                        <Stack key={`${f.id}-c${n}`} direction="row" spacing={1} sx={{ alignItems: "center" }}>
                          <Typography sx={{ width: 24 }}>({n + 1})</Typography>
                          <TextF
                            control={control}
                            name={`steps.${i}.callouts.${n}.text`}
                            label={`Callout ${n + 1}`}
                            disabled={disabled}
                            width={260}
                          />
                          <RowButtons
                            n={n}
                            count={callouts.length}
                            disabled={disabled}
                            what="callout"
                            onRemove={() =>
                              form.setValue(
                                `steps.${i}.callouts`,
                                callouts.filter((_x, k) => k !== n),
                                { shouldDirty: true },
                              )
                            }
                          />
                        </Stack>
                      ))}
                    </Stack>
                  </Stack>
                </Stack>
              </CardContent>
            </Card>
          );
        })}
        <AddRowButton
          show={canEdit}
          disabled={disabled}
          onClick={() => steps.append({ title: "", description: "", imageFileId: null, callouts: [] })}
        >
          Add step
        </AddRowButton>
      </Stack>
    </TabForm>
  );
}
export const ConstructionTab = techPackTab(
  "constructionDetails",
  "Construction details",
  ZConstructionTabSchema,
  ConstructionForm,
);

// ---- product options -------------------------------------------------------------------------------

function ProductOptionsForm({ data, reload }: WorkspaceTabProps<z.infer<typeof ZProductOptionsTabSchema>>) {
  const { canEdit, control, disabled, tabForm, form } = useTechPackForm(
    "productOptions",
    ZProductOptionsTabSchema,
    ZProductOptionsDataSchema,
    data,
    {
      saved: "The product options were saved.",
      reload,
    },
  );
  const options = useFieldArray({ control, name: "options" });
  const live = useWatch({ control, name: "options" }) ?? [];
  return (
    <TabForm
      title="Product options"
      subheader="Options with the choices a buyer can pick, and their upcharges"
      {...tabForm}
    >
      <Stack spacing={2}>
        {options.fields.map((f, i) => (
          <Card key={f.id} variant="outlined">
            <CardContent>
              <Stack spacing={1}>
                <Stack direction="row" spacing={1.5}>
                  <TextF control={control} name={`options.${i}.name`} label="Option" disabled={disabled} />
                  <RowButtons
                    n={i}
                    count={options.fields.length}
                    disabled={disabled}
                    what="option"
                    onRemove={() => options.remove(i)}
                  />
                </Stack>
                {(live[i]?.choices ?? []).map((_c, n) => (
                  <Stack key={`${f.id}-${n}`} direction="row" spacing={1.5} sx={{ pl: 3 }}>
                    <TextF
                      control={control}
                      name={`options.${i}.choices.${n}.name`}
                      label="Choice"
                      disabled={disabled}
                    />
                    <MoneyField
                      control={control}
                      name={`options.${i}.choices.${n}.upchargeCents`}
                      label="Upcharge"
                      disabled={disabled}
                    />
                  </Stack>
                ))}
                {canEdit ? (
                  <Box sx={{ pl: 3 }}>
                    <Button
                      size="small"
                      disabled={disabled}
                      onClick={() =>
                        form.setValue(
                          `options.${i}.choices`,
                          [...(live[i]?.choices ?? []), { name: "", upchargeCents: 0 }],
                          {
                            shouldDirty: true,
                          },
                        )
                      }
                    >
                      Add choice
                    </Button>
                  </Box>
                ) : null}
              </Stack>
            </CardContent>
          </Card>
        ))}
        <AddRowButton
          show={canEdit}
          disabled={disabled}
          onClick={() => options.append({ name: "", choices: [{ name: "", upchargeCents: 0 }] })}
        >
          Add option
        </AddRowButton>
      </Stack>
    </TabForm>
  );
}
export const ProductOptionsTab = techPackTab(
  "productOptions",
  "Product options",
  ZProductOptionsTabSchema,
  ProductOptionsForm,
);
