import { techPackTabsApi } from "@hub/contracts/products/api";
import type { ZProductOptionsTabSchema } from "@hub/contracts/products/tech-pack/tech-pack";
import { Box, Button, Card, CardContent, Stack } from "@mui/material";
import { useFieldArray, useWatch } from "react-hook-form";
import type { z } from "zod";
import { TabForm, type WorkspaceTabProps } from "../../../../components/record-workspace";
import { MoneyField, RowButtons } from "../../../library/styles/workspace/composition-fields";
import { techPackTab, useTechPackForm } from "../context";
import { AddRowButton, TextF } from "../fields";

function ProductOptionsForm({ data, reload }: WorkspaceTabProps<z.infer<typeof ZProductOptionsTabSchema>>) {
  const { canEdit, control, disabled, tabForm, form } = useTechPackForm(techPackTabsApi.productOptions, data, {
    saved: "The product options were saved.",
    reload,
  });
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
export default techPackTab(techPackTabsApi.productOptions, ProductOptionsForm);
