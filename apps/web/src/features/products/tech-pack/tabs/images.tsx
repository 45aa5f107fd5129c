import { techPackTabsApi } from "@hub/contracts/products/api";
import { IMAGE_CATEGORIES, type ZImagesTabSchema } from "@hub/contracts/products/tech-pack/tech-pack";
import { Card, CardContent, Stack, Typography } from "@mui/material";
import { useFieldArray, useWatch } from "react-hook-form";
import type { z } from "zod";
import { TabForm, type WorkspaceTabProps } from "../../../../components/record-workspace";
import { RowButtons } from "../../../library/styles/workspace/composition-fields";
import { techPackTab, useTechPackForm } from "../context";
import { SelectF, TextF } from "../fields";
import { Picture, UploadButton } from "../uploads";

function ImagesForm({ data, reload }: WorkspaceTabProps<z.infer<typeof ZImagesTabSchema>>) {
  const { stpId, canEdit, control, disabled, tabForm } = useTechPackForm(techPackTabsApi.images, data, {
    saved: "The images were saved.",
    reload,
  });
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
export default techPackTab(techPackTabsApi.images, ImagesForm);
