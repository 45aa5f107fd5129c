import {
  TASK_STATUS_LABELS,
  TASK_STATUSES,
  TECH_PACK_MESSAGES,
  type TTaskRequest,
} from "@hub/contracts/products/tech-pack/tech-pack";
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { ConfirmDialog } from "../../../../components/confirm-dialog";
import { PageLoader } from "../../../../components/loading-screen";
import { messageOf } from "../../../../lib/api-error";
import { useDeleteTask, useSaveTask, useTasks } from "../../api";
import { useTechPack } from "../context";
import { Failed } from "../view-parts";

export default function TaskListTab() {
  const { stpId } = useTechPack();
  const q = useTasks(stpId);
  const saveTask = useSaveTask(stpId);
  const remove = useDeleteTask(stpId);
  const [draft, setDraft] = useState<TTaskRequest>({ title: "", assigneeUserId: null, dueDate: null, status: "open" });
  const [deleting, setDeleting] = useState<number | null>(null);
  if (q.error) return <Failed error={q.error} />;
  if (!q.data) return <PageLoader />;
  const { tasks, members, canEdit } = q.data;
  const save = async (id: number | null, body: TTaskRequest) => {
    try {
      await saveTask.mutateAsync({ id, body });
      if (id === null) setDraft({ title: "", assigneeUserId: null, dueDate: null, status: "open" });
      toast.success(TECH_PACK_MESSAGES.taskSaved);
    } catch (error) {
      toast.error(messageOf(error));
    }
  };
  return (
    <Card variant="outlined">
      <CardHeader title="Tasks" subheader="On this product, across its versions" />
      <CardContent>
        <Table size="small" aria-label="Tasks">
          <TableHead>
            <TableRow>
              <TableCell>Task</TableCell>
              <TableCell>Assignee</TableCell>
              <TableCell>Due</TableCell>
              <TableCell>Status</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {tasks.map((t) => (
              <TableRow key={t.id}>
                <TableCell>{t.title}</TableCell>
                <TableCell>{t.assigneeName ?? "–"}</TableCell>
                <TableCell>{t.dueDate ?? "–"}</TableCell>
                <TableCell>
                  <TextField
                    select
                    size="small"
                    value={t.status}
                    disabled={!canEdit}
                    onChange={(e) =>
                      void save(t.id, {
                        title: t.title,
                        assigneeUserId: t.assigneeUserId,
                        dueDate: t.dueDate,
                        status: e.target.value as TTaskRequest["status"],
                      })
                    }
                    slotProps={{ htmlInput: { "aria-label": `Status of ${t.title}` } }}
                  >
                    {TASK_STATUSES.map((s) => (
                      <MenuItem key={s} value={s}>
                        {TASK_STATUS_LABELS[s]}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
                <TableCell align="right">
                  {canEdit ? (
                    <Button color="error" size="small" onClick={() => setDeleting(t.id)}>
                      Delete
                    </Button>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
            {tasks.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5}>No tasks yet.</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
        {canEdit ? (
          <Stack
            direction="row"
            spacing={1.5}
            sx={{ mt: 2 }}
            component="form"
            aria-label="New task"
            onSubmit={(e) => {
              e.preventDefault();
              void save(null, draft);
            }}
          >
            <TextField
              size="small"
              label="New task"
              value={draft.title}
              onChange={(e) => setDraft({ ...draft, title: e.target.value })}
            />
            <TextField
              select
              size="small"
              label="Assignee"
              value={draft.assigneeUserId ?? ""}
              sx={{ width: 200 }}
              onChange={(e) =>
                setDraft({ ...draft, assigneeUserId: e.target.value === "" ? null : Number(e.target.value) })
              }
            >
              <MenuItem value="">Unassigned</MenuItem>
              {members.map((m) => (
                <MenuItem key={m.userId} value={m.userId}>
                  {m.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              type="date"
              label="Due"
              value={draft.dueDate ?? ""}
              onChange={(e) => setDraft({ ...draft, dueDate: e.target.value || null })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Button type="submit" variant="contained" disabled={!draft.title.trim()} loading={saveTask.isPending}>
              Add task
            </Button>
          </Stack>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this task?"
        message="The task is removed from the product."
        confirmLabel="Delete"
        danger
        onConfirm={async () => {
          if (deleting !== null) await remove.mutateAsync(deleting);
          toast.success(TECH_PACK_MESSAGES.taskDeleted);
        }}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}

/** history: every change to the tech pack (who, when, what field, old and new value). */
