import { stylesApi } from "@hub/contracts/library/resources-api";
import { STYLE_TAB_LABELS, STYLE_TABS } from "@hub/contracts/library/style-composition";
import type { TStyleDetail } from "@hub/contracts/library/styles";
import { Chip, Stack } from "@mui/material";
import { useNavigate, useParams } from "react-router";
import { toast } from "react-toastify";
import { ArchiveDeleteActions } from "../../../../components/archive-delete-actions";
import { RecordNotFound } from "../../../../components/record-not-found";
import { recordPageState } from "../../../../components/record-page-state";
import { RecordWorkspace } from "../../../../components/record-workspace";
import { useDeleteResource, useResourceAction, useResourceDetail } from "../../../../components/resource/api";
import { call } from "../../../../lib/api";
import { messageOf } from "../../../../lib/api-error";
import { useCanEditLibrary } from "../../shared/library-list-page";
import { parseStyleId } from "../api";
import { StyleLinks } from "../style-pages";
import type { StyleWorkspaceContext } from "./context";
import { StyleSourcePanel } from "./style-source-panel";

const TABS = STYLE_TABS.map((path) => ({ path, label: STYLE_TAB_LABELS[path] }));

const NotFound = () => (
  <RecordNotFound
    title="Style not found"
    message="This style does not exist, or it was deleted."
    backTo="/styles"
    backLabel="Back to styles"
  />
);

/**
 * /styles/edit/:id/{details|pricing|options|materials|steps}: a style in the record workspace.
 * The header shows the style and its actions; each tab loads and saves on its own.
 */
export default function StyleWorkspacePage() {
  const styleId = parseStyleId(useParams().id);
  const navigate = useNavigate();
  const canEdit = useCanEditLibrary();
  const detail = useResourceDetail(stylesApi, styleId);
  const action = useResourceAction<TStyleDetail>(stylesApi);
  const remove = useDeleteResource(stylesApi);

  const waiting = recordPageState({
    missing: styleId === null,
    error: detail.error,
    loading: !detail.data,
    notFound: <NotFound />,
    errorTitle: "Styles",
  });
  if (waiting || !detail.data || styleId === null) return waiting;
  const style = detail.data;
  const context: StyleWorkspaceContext = { styleId, canEdit };

  const setArchived = async (archived: boolean) => {
    await action.mutateAsync(() => call(stylesApi.archive, { params: { id: styleId }, body: { archived } }));
    toast.success(`${style.name} was ${archived ? "archived" : "restored"}.`);
  };

  return (
    <>
      <StyleSourcePanel styleId={styleId} canEdit={canEdit} />
      <RecordWorkspace
        label="Style"
        title={style.name}
        tabs={TABS}
        context={context}
        subtitle={
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <span>Style {style.code}</span>
            <Chip size="small" variant="outlined" label={style.category} />
            {style.archived ? <Chip size="small" color="warning" label="Archived" /> : null}
          </Stack>
        }
        actions={
          <>
            <StyleLinks styleId={styleId} pages={["preview", "parts", "instructions"]} />
            {canEdit ? (
              <ArchiveDeleteActions
                noun="style"
                name={style.name}
                archived={style.archived}
                restoring={action.isPending}
                onRestore={() => setArchived(false).catch((e: unknown) => toast.error(messageOf(e)))}
                onArchive={() => setArchived(true)}
                onDelete={async () => {
                  await remove.mutateAsync(styleId);
                  toast.success(`${style.name} was deleted.`);
                  navigate("/styles");
                }}
              />
            ) : null}
          </>
        }
      />
    </>
  );
}
