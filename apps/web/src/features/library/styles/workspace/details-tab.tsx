import {
  type TStyleDetailsRequest,
  type TStyleDetailsTab,
  ZStyleDetailsRequestSchema,
  ZStyleDetailsTabSchema,
} from "@hub/contracts/library/style-composition";
import type { TStyleRequest, TStyleRequestInput } from "@hub/contracts/library/styles";
import { Grid } from "@mui/material";
import type { Control } from "react-hook-form";
import { TabForm, useWorkspaceTabForm, type WorkspaceTabProps } from "../../../../components/record-workspace";
import { ResourceField } from "../../../../components/resource/fields";
import type { Draft } from "../../../../components/resource/types";
import { STYLE_FIELDS, styleRequestOf } from "../../resources/styles";
import { styleTab, useStyleTabSave } from "./style-tab";

type Values = TStyleRequestInput & { version: number };

const toValues = (d: TStyleDetailsTab): Values => ({ version: d.version, ...styleRequestOf(d) });

function DetailsForm({ data, reload }: WorkspaceTabProps<TStyleDetailsTab>) {
  const { canEdit, save } = useStyleTabSave("details", ZStyleDetailsTabSchema);
  const { control, disabled, tabForm } = useWorkspaceTabForm<Values, TStyleDetailsRequest, TStyleDetailsTab>({
    schema: ZStyleDetailsRequestSchema,
    values: toValues(data),
    save,
    saved: (saved) => `${saved.name} was saved.`,
    fieldNames: STYLE_FIELDS.map((f) => f.name),
    canEdit,
    reload,
  });

  // ResourceField renders the style resource's own fields (a draft of TStyleRequest); this form
  // adds the tab's version to them, which TypeScript cannot see as the same form.
  const styleForm = control as unknown as Control<Draft<TStyleRequest>, unknown, TStyleRequest>;

  return (
    <TabForm title="Details" subheader="Code, name, category, base price and who may order it" {...tabForm}>
      <Grid container spacing={2.5} sx={{ maxWidth: 900 }}>
        {STYLE_FIELDS.map((spec) => (
          <Grid key={spec.name} size={{ xs: 12, md: spec.half ? 6 : 12 }}>
            <ResourceField spec={spec} control={styleForm} disabled={disabled} />
          </Grid>
        ))}
      </Grid>
    </TabForm>
  );
}

/** /styles/edit/:id/details: the style's own fields (the library form's fields). */
export default styleTab("details", ZStyleDetailsTabSchema, DetailsForm);
