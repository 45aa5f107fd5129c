import { zodResolver } from "@hookform/resolvers/zod";
import {
  type TStyleDetailsRequest,
  type TStyleDetailsTab,
  ZStyleDetailsRequestSchema,
  ZStyleDetailsTabSchema,
} from "@hub/contracts/library/style-composition";
import type { TStyleRequest, TStyleRequestInput } from "@hub/contracts/library/styles";
import { Grid } from "@mui/material";
import { type Control, useForm } from "react-hook-form";
import { toast } from "react-toastify";
import { TabForm, useTabSaveState } from "../../../../components/record-workspace";
import { ResourceField } from "../../../../components/resource/fields";
import type { Draft } from "../../../../components/resource/types";
import { applyServerErrors } from "../../../../lib/form-errors";
import { STYLE_FIELDS } from "../../resources/styles";
import { LIBRARY_PREFIX } from "../../shared/api";
import { useSaveStyleTab, useStyleTab } from "../api";
import { useStyleWorkspace } from "./context";
import { TabLoader } from "./tab-loader";

type Values = TStyleRequestInput & { version: number };

const toValues = (d: TStyleDetailsTab): Values => ({
  version: d.version,
  code: d.code,
  name: d.name,
  category: d.category,
  basePriceCents: d.basePriceCents,
  description: d.description ?? "",
  imageUrl: d.imageUrl ?? "",
  offeredToAll: d.offeredToAll,
  clientIds: d.clientIds,
});

function DetailsForm({ data, reload }: { data: TStyleDetailsTab; reload: () => void }) {
  const { styleId, canEdit } = useStyleWorkspace();
  const save = useSaveStyleTab(styleId, "details", ZStyleDetailsTabSchema);
  const state = useTabSaveState();
  const { control, handleSubmit, setError, formState } = useForm<Values, unknown, TStyleDetailsRequest>({
    resolver: zodResolver(ZStyleDetailsRequestSchema),
    defaultValues: toValues(data),
  });

  // ResourceField renders the style resource's own fields (a draft of TStyleRequest); this form
  // adds the tab's version to them, which TypeScript cannot see as the same form.
  const styleForm = control as unknown as Control<Draft<TStyleRequest>, unknown, TStyleRequest>;

  const onSubmit = async (values: TStyleDetailsRequest) => {
    state.clear();
    try {
      const saved = await save.mutateAsync(values);
      toast.success(`${saved.name} was saved.`);
    } catch (error) {
      state.fail(error, (e) =>
        applyServerErrors(
          e,
          setError,
          STYLE_FIELDS.map((f) => f.name),
        ),
      );
    }
  };

  return (
    <TabForm
      title="Details"
      subheader="Code, name, category, base price and who may order it"
      onSubmit={handleSubmit(onSubmit)}
      dirty={formState.isDirty}
      saving={formState.isSubmitting}
      canEdit={canEdit}
      error={state.error}
      stale={state.stale}
      onReload={reload}
    >
      <Grid container spacing={2.5} sx={{ maxWidth: 900 }}>
        {STYLE_FIELDS.map((spec) => (
          <Grid key={spec.name} size={{ xs: 12, md: spec.half ? 6 : 12 }}>
            <ResourceField
              spec={spec}
              prefix={LIBRARY_PREFIX}
              control={styleForm}
              disabled={!canEdit || formState.isSubmitting}
            />
          </Grid>
        ))}
      </Grid>
    </TabForm>
  );
}

/** /styles/edit/:id/details: the style's own fields (the library form's fields). */
export default function DetailsTab() {
  const { styleId } = useStyleWorkspace();
  const query = useStyleTab(styleId, "details", ZStyleDetailsTabSchema);
  return (
    <TabLoader query={query} label="details">
      {(data, reload) => <DetailsForm data={data} reload={reload} />}
    </TabLoader>
  );
}
