import { techPackTabsApi } from "@hub/contracts/products/api";
import type { ZConstructionTabSchema } from "@hub/contracts/products/tech-pack/tech-pack";
import { Box, Card, CardContent, Stack, Typography } from "@mui/material";
import { useFieldArray, useWatch } from "react-hook-form";
import type { z } from "zod";
import { TabForm, type WorkspaceTabProps } from "../../../../components/record-workspace";
import { RowButtons } from "../../../library/styles/workspace/composition-fields";
import { techPackTab, useTechPackForm } from "../context";
import { AddRowButton, TextF } from "../fields";
import { Picture, UploadButton } from "../uploads";

function ConstructionForm({ data, reload }: WorkspaceTabProps<z.infer<typeof ZConstructionTabSchema>>) {
  const { stpId, canEdit, control, disabled, tabForm, form } = useTechPackForm(
    techPackTabsApi.constructionDetails,
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
export default techPackTab(techPackTabsApi.constructionDetails, ConstructionForm);
