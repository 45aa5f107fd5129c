import { TECH_PACK_MESSAGES } from "@hub/contracts/products/tech-pack/tech-pack";
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { PageLoader } from "../../../../components/loading-screen";
import { messageOf } from "../../../../lib/api-error";
import { useApproval, useApprovalAction } from "../../api";
import { ApprovalChip } from "../../format";
import { useTechPack } from "../context";

const Failed = ({ error }: { error: unknown }) => <Alert severity="error">{messageOf(error)}</Alert>;
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

const ACTION_LABELS = {
  submit: "Submitted",
  approve: "Approved",
  reject: "Rejected",
  send: "Sent to factory",
} as const;

/** approval (and submit): submit for approval, approve or reject with a comment, send to the factory. */
export function ApprovalTab({ focus }: { focus?: "submit" }) {
  const { stpId } = useTechPack();
  const q = useApproval(stpId);
  const act = useApprovalAction(stpId);
  const [comment, setComment] = useState("");
  const [sendOpen, setSendOpen] = useState(false);
  const [facilityId, setFacilityId] = useState<number | "">("");
  if (q.error) return <Failed error={q.error} />;
  if (!q.data) return <PageLoader />;
  const a = q.data;
  const run = async (action: "submit" | "approve" | "reject" | "send", done: string, factoryId?: number) => {
    try {
      await act.mutateAsync({
        action,
        body: { ...(comment.trim() ? { comment: comment.trim() } : {}), ...(factoryId ? { factoryId } : {}) },
      });
      setComment("");
      toast.success(done);
    } catch (error) {
      toast.error(messageOf(error));
    }
  };
  return (
    <Stack spacing={2}>
      <Card variant="outlined">
        <CardHeader
          title={focus === "submit" ? "Submit" : "Approval"}
          subheader={
            focus === "submit"
              ? "Send the approved version to the factory"
              : "Submit for approval; the team admin approves or rejects"
          }
          action={<ApprovalChip state={a.state} />}
        />
        <CardContent>
          <Stack spacing={2}>
            {a.sends.map((s) => (
              <Alert key={s.factoryId} severity="success">
                Sent to {s.factoryName} on {when(s.sentAt)} by {s.sentByName}.{" "}
                {s.firstOpenedAt ? `First opened there on ${when(s.firstOpenedAt)}.` : "Not opened there yet."}
              </Alert>
            ))}
            {a.secondPersonRequired && a.state === "submitted" ? (
              <Alert severity="info">This team needs a team admin other than the submitter to approve.</Alert>
            ) : null}
            {a.canSubmit && !a.checklist.complete ? (
              <Alert severity="warning">
                Some of the setup is missing (see Confirm setup):{" "}
                {a.checklist.items
                  .filter((i) => !i.done)
                  .map((i) => i.label)
                  .join("; ")}
                .
              </Alert>
            ) : null}
            {a.canSubmit || a.canApprove ? (
              <TextField
                label="Comment"
                multiline
                minRows={2}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
              />
            ) : null}
            <Stack direction="row" spacing={1.5}>
              {a.canSubmit ? (
                <Button
                  variant="contained"
                  loading={act.isPending}
                  onClick={() => void run("submit", TECH_PACK_MESSAGES.submitted)}
                >
                  Submit for approval
                </Button>
              ) : null}
              {a.canApprove ? (
                <>
                  <Button
                    variant="contained"
                    color="success"
                    loading={act.isPending}
                    onClick={() => void run("approve", TECH_PACK_MESSAGES.approved)}
                  >
                    Approve
                  </Button>
                  <Button
                    variant="outlined"
                    color="error"
                    loading={act.isPending}
                    onClick={() => void run("reject", TECH_PACK_MESSAGES.rejected)}
                  >
                    Reject
                  </Button>
                </>
              ) : null}
              {a.canSend ? (
                <Button
                  variant="contained"
                  onClick={() => {
                    setFacilityId(a.defaultFacilityId ?? "");
                    setSendOpen(true);
                  }}
                >
                  Send to factory
                </Button>
              ) : null}
            </Stack>
            {!a.canSubmit && !a.canApprove && !a.canSend && a.state === "submitted" ? (
              <Typography color="text.secondary">Waiting for a team admin to approve or reject.</Typography>
            ) : null}
          </Stack>
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardHeader title="Decisions" />
        <Table size="small" aria-label="Approval history">
          <TableBody>
            {a.log.map((l) => (
              <TableRow key={l.id}>
                <TableCell>{when(l.at)}</TableCell>
                <TableCell>{l.userDisplayName}</TableCell>
                <TableCell>
                  <Chip size="small" label={ACTION_LABELS[l.action]} />
                </TableCell>
                <TableCell>{l.comment}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
      <Dialog open={sendOpen} onClose={() => setSendOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>Send to the factory</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography>
              The facility gets this approved version, read-only, to build from; its users get an email. Changes after
              this need a new version.
            </Typography>
            <TextField
              select
              label="Facility"
              value={facilityId}
              onChange={(e) => setFacilityId(Number(e.target.value))}
              helperText={a.facilities.length === 0 ? "Your brand works with no facility yet." : " "}
            >
              {a.facilities.map((f) => (
                <MenuItem key={f.id} value={f.id}>
                  {f.name}
                  {f.id === a.defaultFacilityId ? " (your facility)" : ""}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setSendOpen(false)}>Cancel</Button>
          <Button
            variant="contained"
            disabled={facilityId === ""}
            loading={act.isPending}
            onClick={async () => {
              if (facilityId === "") return;
              await run("send", TECH_PACK_MESSAGES.sent, facilityId);
              setSendOpen(false);
            }}
          >
            Send
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

export default function Approval() {
  return <ApprovalTab />;
}
