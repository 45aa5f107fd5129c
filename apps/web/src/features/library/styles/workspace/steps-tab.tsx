import { zodResolver } from "@hookform/resolvers/zod";
import {
  type TStyleStepsRequest,
  type TStyleStepsRequestInput,
  type TStyleStepsTab,
  ZStyleStepsRequestSchema,
  ZStyleStepsTabSchema,
} from "@hub/contracts/library/style-composition";
import Add from "@mui/icons-material/Add";
import { Box, Button, Stack, Typography } from "@mui/material";
import { useFieldArray, useForm } from "react-hook-form";
import { toast } from "react-toastify";
import { TabForm, useTabSaveState } from "../../../../components/record-workspace";
import { applyServerErrors } from "../../../../lib/form-errors";
import { useSaveStyleTab, useStyleTab } from "../api";
import { ApplyProfileButton, RefField, RowButtons } from "./composition-fields";
import { useStyleWorkspace } from "./context";
import { TabLoader } from "./tab-loader";

const toValues = (data: TStyleStepsTab): TStyleStepsRequestInput => ({
  version: data.version,
  instructions: data.instructions.map((s) => ({ instructionId: s.instructionId, machineId: s.machineId })),
});

function StepsForm({ data, reload }: { data: TStyleStepsTab; reload: () => void }) {
  const { styleId, canEdit } = useStyleWorkspace();
  const save = useSaveStyleTab(styleId, "steps", ZStyleStepsTabSchema);
  const state = useTabSaveState();
  const { control, handleSubmit, setError, formState } = useForm<TStyleStepsRequestInput, unknown, TStyleStepsRequest>({
    resolver: zodResolver(ZStyleStepsRequestSchema),
    defaultValues: toValues(data),
  });
  const steps = useFieldArray({ control, name: "instructions" });
  const disabled = !canEdit || formState.isSubmitting;

  const onSubmit = async (values: TStyleStepsRequest) => {
    state.clear();
    try {
      await save.mutateAsync(values);
      toast.success("Steps were saved.");
    } catch (error) {
      state.fail(error, (e) => applyServerErrors(e, setError, ["instructions"]));
    }
  };

  return (
    <TabForm
      title="Steps"
      subheader="Construction steps in order"
      onSubmit={handleSubmit(onSubmit)}
      dirty={formState.isDirty}
      saving={formState.isSubmitting}
      canEdit={canEdit}
      error={state.error}
      stale={state.stale}
      onReload={reload}
      actions={<ApplyProfileButton styleId={styleId} kind="instruction" dirty={formState.isDirty} />}
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
export default function StepsTab() {
  const { styleId } = useStyleWorkspace();
  const query = useStyleTab(styleId, "steps", ZStyleStepsTabSchema);
  return (
    <TabLoader query={query} label="steps">
      {(data, reload) => <StepsForm data={data} reload={reload} />}
    </TabLoader>
  );
}
