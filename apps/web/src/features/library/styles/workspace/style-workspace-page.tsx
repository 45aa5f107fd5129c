import { STYLE_TAB_LABELS, STYLE_TABS } from "@hub/contracts/library/style-composition";
import { ZStyleDetailSchema } from "@hub/contracts/library/styles";
import { Alert, Button, Chip, Stack } from "@mui/material";
import { Link as RouterLink, useNavigate, useParams } from "react-router";
import { toast } from "react-toastify";
import { ArchiveDeleteActions } from "../../../../components/archive-delete-actions";
import { PageLoader } from "../../../../components/loading-screen";
import { PageHeader } from "../../../../components/page-header";
import { RecordNotFound } from "../../../../components/record-not-found";
import { RecordWorkspace } from "../../../../components/record-workspace";
import { ApiError, messageOf } from "../../../../lib/api-error";
import { useDeleteLibrary, useLibraryAction, useLibraryDetail } from "../../shared/api";
import { useCanEditLibrary } from "../../shared/library-list-page";
import { parseStyleId } from "../api";
import type { StyleWorkspaceContext } from "./context";

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
  const detail = useLibraryDetail("styles", ZStyleDetailSchema, styleId);
  const action = useLibraryAction("styles", ZStyleDetailSchema);
  const remove = useDeleteLibrary("styles");

  if (styleId === null) return <NotFound />;
  if (detail.error instanceof ApiError && detail.error.status === 404) return <NotFound />;
  if (detail.error)
    return (
      <>
        <PageHeader title="Styles" />
        <Alert severity="error">{messageOf(detail.error)}</Alert>
      </>
    );
  if (!detail.data) return <PageLoader />;
  const style = detail.data;
  const context: StyleWorkspaceContext = { styleId, canEdit };

  const setArchived = async (archived: boolean) => {
    await action.mutateAsync({ id: styleId, action: "archive", body: { archived } });
    toast.success(`${style.name} was ${archived ? "archived" : "restored"}.`);
  };

  return (
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
          <Button component={RouterLink} to={`/styles/productPreview/${styleId}`}>
            Preview
          </Button>
          <Button component={RouterLink} to={`/styles/styleParts/${styleId}`}>
            Parts
          </Button>
          <Button component={RouterLink} to={`/styles/styleInstructions/${styleId}`}>
            Instructions
          </Button>
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
  );
}
