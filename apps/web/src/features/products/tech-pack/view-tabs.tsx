import { PRODUCT_STATUS_LABELS } from "@hub/contracts/products/products";
import {
  TASK_STATUS_LABELS,
  TASK_STATUSES,
  type TConfirmSetup,
  TECH_PACK_MESSAGES,
  TECH_PACK_TAB_LABELS,
  type TTaskRequest,
  type TTechPackTab,
} from "@hub/contracts/tech-pack/tech-pack";
import CheckCircle from "@mui/icons-material/CheckCircle";
import RadioButtonUnchecked from "@mui/icons-material/RadioButtonUnchecked";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { toast } from "react-toastify";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { PageLoader } from "../../../components/loading-screen";
import { messageOf } from "../../../lib/api-error";
import { useConfirmSetup, useDeleteTask, useHistory, useSaveTask, useSummary, useTasks } from "../api";
import { ApprovalChip, money } from "../format";
import { useTechPack } from "./context";
import { Picture } from "./more-tabs";
import { openTechPackPdf } from "./pdf";

const Failed = ({ error }: { error: unknown }) => <Alert severity="error">{messageOf(error)}</Alert>;

function Checklist({ checklist }: { checklist: TConfirmSetup }) {
  return (
    <List dense aria-label="Setup checklist">
      {checklist.items.map((i) => (
        <ListItem
          key={i.key}
          secondaryAction={
            i.done ? null : (
              <Button component={RouterLink} to={`../${i.tab}`} size="small">
                Open {TECH_PACK_TAB_LABELS[i.tab as TTechPackTab] ?? i.tab}
              </Button>
            )
          }
        >
          <ListItemIcon>
            {i.done ? <CheckCircle color="success" /> : <RadioButtonUnchecked color="warning" />}
          </ListItemIcon>
          <ListItemText primary={i.label} secondary={i.done ? "Done" : "Missing"} />
        </ListItem>
      ))}
    </List>
  );
}

/** summary: what a factory reads first. */
export function SummaryTab() {
  const { stpId } = useTechPack();
  const q = useSummary(stpId);
  if (q.error) return <Failed error={q.error} />;
  if (!q.data) return <PageLoader />;
  const s = q.data;
  const p = s.header.product;
  const facts: [string, string][] = [
    ["Status", PRODUCT_STATUS_LABELS[p.status]],
    ["Season", p.season ?? "–"],
    ["Category", p.category ?? "–"],
    ["Collection", p.collection ?? "–"],
    ["Batch", p.batch ?? "–"],
    ["Fit", p.fit ?? "–"],
    ["Sizes", `${s.sizes.join(", ")} (base ${s.baseSize})`],
    ["Colourways", s.colorways.map((c) => c.name).join(", ") || "–"],
    ["BOM rows", String(s.bomRows)],
    ["Points of measure", `${s.pomCount} (${s.criticalPoms} critical)`],
    ["Landed cost", money(s.landedCents)],
    ["Price", money(s.priceCents)],
    ["Target cost / price", `${money(p.targetCostCents)} / ${money(p.targetPriceCents)}`],
  ];
  return (
    <Stack spacing={2}>
      <Card variant="outlined">
        <CardHeader title="Summary" action={<ApprovalChip state={s.header.version.approvalState} />} />
        <CardContent>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap", mb: 2 }}>
            {s.images.map((img) => (
              <Box key={img.fileId} sx={{ width: 180 }}>
                <Picture stpId={stpId} fileId={img.fileId} alt={img.caption} />
                <Typography variant="caption">{img.category}</Typography>
              </Box>
            ))}
          </Stack>
          <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "repeat(3, 1fr)" }, gap: 1.5 }}>
            {facts.map(([k, v]) => (
              <Box key={k}>
                <Typography variant="caption" color="text.secondary">
                  {k}
                </Typography>
                <Typography>{v}</Typography>
              </Box>
            ))}
          </Box>
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardHeader title="Open tasks" />
        <CardContent>
          {s.openTasks.length === 0 ? <Typography color="text.secondary">No open tasks.</Typography> : null}
          {s.openTasks.map((t) => (
            <Typography key={t.id}>
              {t.title} · {t.assigneeName ?? "unassigned"} · {t.dueDate ?? "no date"} · {TASK_STATUS_LABELS[t.status]}
            </Typography>
          ))}
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardHeader title="Setup" />
        <Checklist checklist={s.checklist} />
      </Card>
    </Stack>
  );
}

/** confirmSetup: the checklist of what is missing before submission. */
export function ConfirmSetupTab() {
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
export function TaskListTab() {
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
export function HistoryTab() {
  const { stpId } = useTechPack();
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(25);
  const [search, setSearch] = useState("");
  const q = useHistory(stpId, { page, size, searchString: search || undefined });
  if (q.error) return <Failed error={q.error} />;
  return (
    <Card variant="outlined">
      <CardHeader
        title="History"
        subheader="Every save, oldest first, with the fields it changed"
        action={
          <TextField
            size="small"
            label="Search history"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(0);
            }}
          />
        }
      />
      <Table size="small" aria-label="History">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 190 }}>When</TableCell>
            <TableCell sx={{ width: 170 }}>Who</TableCell>
            <TableCell sx={{ width: 150 }}>Tab</TableCell>
            <TableCell>What changed</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(q.data?.items ?? []).map((h) => (
            <TableRow key={h.id} sx={{ verticalAlign: "top" }}>
              <TableCell>
                {new Date(h.at).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}
              </TableCell>
              <TableCell>{h.userDisplayName}</TableCell>
              <TableCell>{h.tabLabel}</TableCell>
              <TableCell>
                {h.changes.map((c) => (
                  <Box key={c.field}>
                    <strong>{c.label}</strong>
                    {": "}
                    {c.oldValue === null ? "" : `${c.oldValue} → `}
                    {c.newValue ?? "(removed)"}
                  </Box>
                ))}
              </TableCell>
            </TableRow>
          ))}
          {q.data && q.data.items.length === 0 ? (
            <TableRow>
              <TableCell colSpan={4}>No changes yet.</TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={q.data?.total ?? 0}
        page={page}
        rowsPerPage={size}
        onPageChange={(_e, p) => setPage(p)}
        onRowsPerPageChange={(e) => {
          setSize(Number(e.target.value));
          setPage(0);
        }}
      />
    </Card>
  );
}

/** print and pdf: the server-rendered tech pack of every tab. */
export function PdfTab({ print }: { print?: boolean }) {
  const { stpId, header } = useTechPack();
  const [busy, setBusy] = useState(false);
  return (
    <Card variant="outlined">
      <CardHeader
        title={print ? "Print" : "PDF"}
        subheader="The whole tech pack as a PDF a factory can work from: images, BOM per colourway, graded spec, construction callouts"
      />
      <CardContent>
        <Button
          variant="contained"
          loading={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await openTechPackPdf(stpId, header.product.code, header.version.version);
            } catch (error) {
              toast.error(messageOf(error));
            } finally {
              setBusy(false);
            }
          }}
        >
          {print ? "Open to print" : "Open PDF"}
        </Button>
      </CardContent>
    </Card>
  );
}
