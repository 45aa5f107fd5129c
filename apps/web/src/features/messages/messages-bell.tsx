import type { TMessage } from "@hub/contracts/messages/messages-api";
import NotificationsOutlined from "@mui/icons-material/NotificationsOutlined";
import {
  Badge,
  Box,
  Button,
  Divider,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Popover,
  Stack,
  Tooltip,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "react-toastify";
import { messageOf } from "../../lib/api-error";
import { QueryProvider } from "../../lib/query-provider";
import { useMarkAllRead, useMarkRead, useMessages, useUnreadCount } from "./api";

export const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });

/** One message in a list: bold while unread; opening it marks it read and goes where it links. */
export function MessageRow({ message, onOpened }: { message: TMessage; onOpened?: () => void }) {
  const navigate = useNavigate();
  const markRead = useMarkRead();
  const unread = message.readAt === null;
  return (
    <ListItemButton
      alignItems="flex-start"
      aria-label={`${unread ? "Unread: " : ""}${message.title}`}
      onClick={() => {
        if (unread) markRead.mutate(message.id, { onError: (e) => toast.error(messageOf(e)) });
        onOpened?.();
        if (message.link) navigate(message.link);
      }}
    >
      <ListItemText
        primary={message.title}
        secondary={
          <>
            {message.body ? <span>{message.body} · </span> : null}
            <span>{when(message.createdAt)}</span>
          </>
        }
        slotProps={{ primary: { sx: { fontWeight: unread ? 700 : 400 } } }}
      />
    </ListItemButton>
  );
}

/**
 * The header's bell: the unread count, the latest messages, mark all read, and the way to all of
 * them. The header sits outside the page's query provider, so the bell brings its own (the same
 * client and cache: marking read on /messages updates it).
 */
export function MessagesBell() {
  return (
    <QueryProvider>
      <Bell />
    </QueryProvider>
  );
}

function Bell() {
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const count = useUnreadCount();
  const latest = useMessages({ page: 0, size: 8, unread: false }, Boolean(anchor));
  const markAll = useMarkAllRead();
  const unread = count.data?.unread ?? 0;
  const items = latest.data?.items ?? [];
  return (
    <>
      <Tooltip title="Messages">
        <IconButton
          aria-label={unread > 0 ? `Messages, ${unread} unread` : "Messages"}
          aria-haspopup="dialog"
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <Badge badgeContent={unread} color="error" max={99}>
            <NotificationsOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ paper: { role: "dialog", "aria-label": "Messages", sx: { width: 380, maxWidth: "95vw" } } }}
      >
        <Stack direction="row" sx={{ alignItems: "center", px: 2, py: 1.5 }}>
          <Typography variant="subtitle1" sx={{ flexGrow: 1 }}>
            Messages
          </Typography>
          <Button
            size="small"
            disabled={unread === 0 || markAll.isPending}
            onClick={() => markAll.mutate(undefined, { onError: (e) => toast.error(messageOf(e)) })}
          >
            Mark all read
          </Button>
        </Stack>
        <Divider />
        {latest.isLoading ? (
          <Typography sx={{ p: 2, color: "text.secondary" }}>Loading…</Typography>
        ) : items.length === 0 ? (
          <Typography sx={{ p: 2, color: "text.secondary" }}>No messages yet.</Typography>
        ) : (
          <List dense disablePadding sx={{ maxHeight: 420, overflowY: "auto" }}>
            {items.map((m) => (
              <MessageRow key={m.id} message={m} onOpened={() => setAnchor(null)} />
            ))}
          </List>
        )}
        <Divider />
        <Box sx={{ p: 1, textAlign: "center" }}>
          <Button
            size="small"
            onClick={() => {
              setAnchor(null);
              navigate("/messages");
            }}
          >
            All messages and email settings
          </Button>
        </Box>
      </Popover>
    </>
  );
}
