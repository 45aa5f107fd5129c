import { Card, CardHeader } from "@mui/material";
import { PageLoader } from "../../../../components/loading-screen";
import { useConfirmSetup } from "../../api";
import { useTechPack } from "../context";
import { Checklist, Failed } from "../view-parts";

export default function ConfirmSetupTab() {
  const { stpId } = useTechPack();
  const q = useConfirmSetup(stpId);
  if (q.error) return <Failed error={q.error} />;
  if (!q.data) return <PageLoader />;
  return (
    <Card variant="outlined">
      <CardHeader
        title="Confirm setup"
        subheader={q.data.complete ? "Everything is in place." : "What is missing before submission"}
      />
      <Checklist checklist={q.data} />
    </Card>
  );
}

/** taskList: tasks on the product with assignee, due date and status. */
