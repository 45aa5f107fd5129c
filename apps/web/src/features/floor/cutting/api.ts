import { IDEMPOTENCY_HEADER } from "@hub/contracts/common/constants";
import { cuttingApi } from "@hub/contracts/floor/api";
import type { TAcceptPlanRequest, TCutterRequest, TPlanRequest, TPullRequest } from "@hub/contracts/floor/cutting";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api";

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
    queryFn: () => call(cuttingApi.listCutters, { query: { page: 0, size: 500 } }),
    staleTime: 0,
  });

export const useSaveCutter = (id: number | null) => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TCutterRequest) =>
      id === null ? call(cuttingApi.createCutter, { body }) : call(cuttingApi.updateCutter, { params: { id }, body }),
    onSuccess: invalidate,
  });
};

export const usePullQueue = (query: PullQuery) =>
  useQuery({
    queryKey: cuttingKeys.pull(query),
    queryFn: () => call(cuttingApi.pullQueue, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const usePull = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ body, key }: { body: TPullRequest; key: string }) =>
      call(cuttingApi.pull, { body, headers: { [IDEMPOTENCY_HEADER]: key } }),
    onSuccess: invalidate,
  });
};

export const useUnpull = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (unitIds: number[]) => call(cuttingApi.unpull, { body: { unitIds } }),
    onSuccess: invalidate,
  });
};

export const usePlan = () =>
  useMutation({
    mutationFn: (body: TPlanRequest) => call(cuttingApi.createPlan, { body }),
  });

export const useAcceptPlan = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TAcceptPlanRequest }) =>
      call(cuttingApi.acceptPlan, { params: { id }, body }),
    onSuccess: invalidate,
  });
};

export const useDiscardPlan = () =>
  useMutation({
    mutationFn: (id: number) => call(cuttingApi.discardPlan, { params: { id } }),
  });

export const useTickets = (query: TicketQuery) =>
  useQuery({
    queryKey: cuttingKeys.tickets(query),
    queryFn: () => call(cuttingApi.listTickets, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useTicket = (id: number | null) =>
  useQuery({
    queryKey: cuttingKeys.ticket(id ?? 0),
    queryFn: () => call(cuttingApi.getTicket, { params: { id: id ?? 0 } }),
    enabled: id !== null,
    staleTime: 0,
  });

export const useMarkCut = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(cuttingApi.markCut, { params: { id } }),
    onSuccess: invalidate,
  });
};

/** A scanned cut ticket marked cut, with its client scan id (a repeat of the id is answered as the first time). */
export const scanCutTicket = (code: string, scanId: string) => call(cuttingApi.scanTicket, { body: { code, scanId } });

export const useScanTicket = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ code, scanId }: { code: string; scanId: string }) => scanCutTicket(code, scanId),
    onSuccess: invalidate,
  });
};

export const useCancelTicket = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(cuttingApi.cancelTicket, { params: { id } }),
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
