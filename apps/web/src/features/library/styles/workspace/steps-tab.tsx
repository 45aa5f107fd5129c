import { instructionsApi, machinesApi } from "@hub/contracts/library/resources-api";
import {
  type TStyleStepsRequestInput,
  type TStyleStepsTab,
  ZStyleStepsRequestSchema,
  ZStyleStepsTabSchema,
} from "@hub/contracts/library/style-composition";
import Add from "@mui/icons-material/Add";
import { Box, Button, Stack, Typography } from "@mui/material";
import { useFieldArray } from "react-hook-form";
import { TabForm, useWorkspaceTabForm, type WorkspaceTabProps } from "../../../../components/record-workspace";
import { ApplyProfileButton, RefField, RowButtons } from "./composition-fields";
import { styleTab, useStyleTabSave } from "./style-tab";

const toValues = (data: TStyleStepsTab): TStyleStepsRequestInput => ({
  version: data.version,
  instructions: data.instructions.map((s) => ({ instructionId: s.instructionId, machineId: s.machineId })),
});

function StepsForm({ data, reload }: WorkspaceTabProps<TStyleStepsTab>) {
  const { styleId, canEdit, save } = useStyleTabSave("steps", ZStyleStepsTabSchema);
  const { control, disabled, tabForm } = useWorkspaceTabForm({
    schema: ZStyleStepsRequestSchema,
    values: toValues(data),
    save,
    saved: "Steps were saved.",
    fieldNames: ["instructions"],
    canEdit,
    reload,
  });
  const steps = useFieldArray({ control, name: "instructions" });

  return (
    <TabForm
      title="Steps"
      subheader="Construction steps in order"
      {...tabForm}
      actions={<ApplyProfileButton styleId={styleId} kind="instruction" dirty={tabForm.dirty} />}
    >
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
              resource={instructionsApi.lookup}
              label={`Instruction ${i + 1}`}
              disabled={disabled}
            />
            <RefField
              control={control}
              name={`instructions.${i}.machineId`}
              resource={machinesApi.lookup}
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
        {canEdit ? (
          <Box>
            <Button
              startIcon={<Add />}
              disabled={disabled}
              onClick={() => steps.append({ instructionId: null, machineId: null })}
            >
              Add step
            </Button>
          </Box>
        ) : null}
      </Stack>
    </TabForm>
  );
}

/** /styles/edit/:id/steps: the construction steps in order. */
export default styleTab("steps", ZStyleStepsTabSchema, StepsForm);
