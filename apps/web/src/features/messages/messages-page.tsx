import type { TMessagePrefs } from "@hub/contracts/messages/messages-api";
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  Checkbox,
  FormControlLabel,
  List,
  Stack,
  Tab,
  TablePagination,
  Tabs,
  Typography,
} from "@mui/material";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { toast } from "react-toastify";
import { PageHeader } from "../../components/page-header";
import { messageOf } from "../../lib/api-error";
import { useMarkAllRead, useMessagePrefs, useMessages, useSaveMessagePrefs } from "./api";
import { MessageRow } from "./messages-bell";

/** /messages: every message of the signed-in person (all or unread, paged, in the URL) and which come by email. */
export default function MessagesPage() {
  const [params, setParams] = useSearchParams();
  const unread = params.get("view") === "unread";
  const page = Math.max(0, Number.parseInt(params.get("page") ?? "0", 10) || 0);
  const size = [10, 25, 50].includes(Number(params.get("size"))) ? Number(params.get("size")) : 25;
  const list = useMessages({ page, size, unread });
  const markAll = useMarkAllRead();
  const set = (next: Record<string, string | null>) =>
    setParams((current) => {
      const p = new URLSearchParams(current);
      for (const [k, v] of Object.entries(next)) v === null ? p.delete(k) : p.set(k, v);
      return p;
    });
  const data = list.data;
  return (
    <>
      <PageHeader
        title="Messages"
        subtitle="What happened that concerns you: orders shipped, payments that failed, tech packs approved or sent, invitations accepted, reports ready."
        actions={
          <Button
            variant="outlined"
            disabled={!data || data.unread === 0 || markAll.isPending}
            onClick={() =>
              markAll.mutate(undefined, {
                onSuccess: () => toast.success("Every message is marked read."),
                onError: (e) => toast.error(messageOf(e)),
              })
            }
          >
            Mark all read
          </Button>
        }
      />
      <Card sx={{ mb: 3 }}>
        <Tabs
          value={unread ? "unread" : "all"}
          onChange={(_e, v) => set({ view: v === "unread" ? "unread" : null, page: null })}
        >
          <Tab value="all" label="All" />
          <Tab value="unread" label={`Unread${data ? ` (${data.unread})` : ""}`} />
        </Tabs>
        {list.isLoading ? (
          <Typography sx={{ p: 2, color: "text.secondary" }}>Loading…</Typography>
        ) : list.isError ? (
          <Typography sx={{ p: 2 }} color="error">
            {messageOf(list.error)}
          </Typography>
        ) : (data?.items.length ?? 0) === 0 ? (
          <Typography sx={{ p: 2, color: "text.secondary" }}>
            {unread ? "No unread messages." : "No messages yet."}
          </Typography>
        ) : (
          <List aria-label="Messages list">
            {data?.items.map((m) => (
              <MessageRow key={m.id} message={m} />
            ))}
          </List>
        )}
        <TablePagination
          component="div"
          count={data?.total ?? 0}
          page={page}
          rowsPerPage={size}
          rowsPerPageOptions={[10, 25, 50]}
          onPageChange={(_e, p) => set({ page: p === 0 ? null : String(p) })}
          onRowsPerPageChange={(e) => set({ size: e.target.value, page: null })}
        />
      </Card>
      <EmailPrefs />
    </>
  );
}

/** Which kinds also come by email: a checkbox each, saved together. */
function EmailPrefs() {
  const prefs = useMessagePrefs();
  const save = useSaveMessagePrefs();
  const [draft, setDraft] = useState<TMessagePrefs["items"]>([]);
  useEffect(() => {
    if (prefs.data) setDraft(prefs.data.items);
  }, [prefs.data]);
  const changed = JSON.stringify(draft) !== JSON.stringify(prefs.data?.items ?? []);
  return (
    <Card>
      <CardHeader title="By email too" subheader="The kinds you tick are also sent to your email address." />
      <CardContent>
        <Stack>
          {draft.map((item) => (
            <FormControlLabel
              key={item.kind}
              label={item.label}
              control={
                <Checkbox
                  checked={item.email}
                  onChange={(e) =>
                    setDraft(draft.map((x) => (x.kind === item.kind ? { ...x, email: e.target.checked } : x)))
                  }
                />
              }
            />
          ))}
        </Stack>
        <Button
          sx={{ mt: 2 }}
          variant="contained"
          disabled={!changed || save.isPending}
          onClick={() =>
            save.mutate(
              { items: draft.map(({ kind, email }) => ({ kind, email })) },
              {
                onSuccess: () => toast.success("Your email settings were saved."),
                onError: (e) => toast.error(messageOf(e)),
              },
            )
          }
        >
          Save
        </Button>
      </CardContent>
    </Card>
  );
}
