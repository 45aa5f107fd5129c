import { IDEMPOTENCY_HEADER } from "@hub/contracts/common/constants";
import {
  type TAcceptPlanRequest,
  type TCutterRequest,
  type TPlanRequest,
  type TPullRequest,
  ZCutPlanSchema,
  ZCutTicketDetailSchema,
  ZCutTicketPageSchema,
  ZCutterPageSchema,
  ZCutterSchema,
  ZMarkCutResponseSchema,
  ZPullResponseSchema,
  ZQueuedUnitPageSchema,
  ZUnpullResponseSchema,
} from "@hub/contracts/floor/cutting";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";

type PageQuery = { page: number; size: number; sort?: string; searchString?: string };
export type PullQuery = PageQuery & { cutterStationId?: number; fabricId?: number; pulled?: "pulled" | "unpulled" };
export type TicketQuery = PageQuery & { status?: "queued" | "cut" | "cancelled"; cutterStationId?: number };

/** Query keys of cutting (cutters, the pull queue, plans, tickets): one prefix invalidates them all. */
export const cuttingKeys = {
  all: () => ["cutting"] as const,
  cutters: () => [...cuttingKeys.all(), "cutters"] as const,
  pull: (q: PullQuery) => [...cuttingKeys.all(), "pull", q] as const,
  plan: (id: number) => [...cuttingKeys.all(), "plan", id] as const,
  tickets: (q: TicketQuery) => [...cuttingKeys.all(), "tickets", q] as const,
  ticket: (id: number) => [...cuttingKeys.all(), "ticket", id] as const,
};

const useInvalidate = () => {
  const queryClient = useQueryClient();
  // The stock moves when a ticket is cut, so inventory's lists refresh too.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: cuttingKeys.all() }),
      queryClient.invalidateQueries({ queryKey: ["inventory"] }),
    ]);
};

export const useCutters = () =>
  useQuery({
    queryKey: cuttingKeys.cutters(),
    queryFn: () => api("/floor/cutters", ZCutterPageSchema, { query: { page: 0, size: 500 } }),
    staleTime: 0,
  });

export const useSaveCutter = (id: number | null) => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TCutterRequest) =>
      api(id === null ? "/floor/cutters" : `/floor/cutters/${id}`, ZCutterSchema, {
        method: id === null ? "POST" : "PUT",
        body,
      }),
    onSuccess: invalidate,
  });
};

export const usePullQueue = (query: PullQuery) =>
  useQuery({
    queryKey: cuttingKeys.pull(query),
    queryFn: () => api("/floor/pull", ZQueuedUnitPageSchema, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const usePull = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ body, key }: { body: TPullRequest; key: string }) =>
      api("/floor/pull", ZPullResponseSchema, { method: "POST", body, headers: { [IDEMPOTENCY_HEADER]: key } }),
    onSuccess: invalidate,
  });
};

export const useUnpull = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (unitIds: number[]) =>
      api("/floor/pull/release", ZUnpullResponseSchema, { method: "POST", body: { unitIds } }),
    onSuccess: invalidate,
  });
};

export const usePlan = () =>
  useMutation({
    mutationFn: (body: TPlanRequest) => api("/floor/cutPlans", ZCutPlanSchema, { method: "POST", body }),
  });

export const useAcceptPlan = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TAcceptPlanRequest }) =>
      api(`/floor/cutPlans/${id}/accept`, ZCutPlanSchema, { method: "POST", body }),
    onSuccess: invalidate,
  });
};

export const useDiscardPlan = () =>
  useMutation({
    mutationFn: (id: number) => api(`/floor/cutPlans/${id}/discard`, ZCutPlanSchema, { method: "POST" }),
  });

export const useTickets = (query: TicketQuery) =>
  useQuery({
    queryKey: cuttingKeys.tickets(query),
    queryFn: () => api("/floor/cutTickets", ZCutTicketPageSchema, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useTicket = (id: number | null) =>
  useQuery({
    queryKey: cuttingKeys.ticket(id ?? 0),
    queryFn: () => api(`/floor/cutTickets/${id}`, ZCutTicketDetailSchema),
    enabled: id !== null,
    staleTime: 0,
  });

export const useMarkCut = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api(`/floor/cutTickets/${id}/cut`, ZMarkCutResponseSchema, { method: "POST" }),
    onSuccess: invalidate,
  });
};

export const useScanTicket = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (code: string) =>
      api("/floor/cutTickets/scan", ZMarkCutResponseSchema, { method: "POST", body: { code } }),
    onSuccess: invalidate,
  });
};

export const useCancelTicket = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api(`/floor/cutTickets/${id}/cancel`, ZCutTicketDetailSchema, { method: "POST" }),
    onSuccess: invalidate,
  });
};

/** "62.5%" */
export const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
/** Inches as yards, "12.4 yd". */
export const yd = (inches: number) => `${(inches / 36).toFixed(1)} yd`;
/** { S: 1, M: 2 } as "S×1 M×2". */
export const ratioText = (r: Record<string, number>) =>
  Object.entries(r)
    .map(([s, n]) => `${s}×${n}`)
    .join(" ");
