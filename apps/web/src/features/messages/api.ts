import type { TMessagePrefsRequest } from "@hub/contracts/messages/messages-api";
import { messagesApi } from "@hub/contracts/messages/messages-api";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api";

/** Query keys of Messages (the bell and /messages): one factory. */
export const messageKeys = {
  all: ["messages"] as const,
  unread: () => [...messageKeys.all, "unread"] as const,
  list: (q: { page: number; size: number; unread: boolean }) => [...messageKeys.all, "list", q] as const,
  prefs: () => [...messageKeys.all, "prefs"] as const,
};

/** The bell's count: asked every minute while the app is open (new messages arrive without a reload). */
export const useUnreadCount = () =>
  useQuery({
    queryKey: messageKeys.unread(),
    queryFn: () => call(messagesApi.unreadCount),
    staleTime: 0,
    refetchInterval: 60_000,
  });

export const useMessages = (q: { page: number; size: number; unread: boolean }, enabled = true) =>
  useQuery({
    queryKey: messageKeys.list(q),
    queryFn: () => call(messagesApi.list, { query: { page: q.page, size: q.size, unread: q.unread } }),
    staleTime: 0,
    enabled,
  });

export const useMarkRead = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(messagesApi.markRead, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: messageKeys.all }),
  });
};

export const useMarkAllRead = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(messagesApi.markAllRead),
    onSuccess: () => client.invalidateQueries({ queryKey: messageKeys.all }),
  });
};

export const useMessagePrefs = () =>
  useQuery({ queryKey: messageKeys.prefs(), queryFn: () => call(messagesApi.preferences) });

export const useSaveMessagePrefs = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TMessagePrefsRequest) => call(messagesApi.savePreferences, { body }),
    onSuccess: (data) => client.setQueryData(messageKeys.prefs(), data),
  });
};
