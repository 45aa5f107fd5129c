import { reportsApi } from "@hub/contracts/reports/api";
import type {
  TReportDownloadList,
  TReportDownloadRequest,
  TReportScheduleRequest,
} from "@hub/contracts/reports/reports";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api";

/** Query keys of Report Downloads. */
export const reportKeys = {
  all: ["reports"] as const,
  catalogue: () => ["reports", "catalogue"] as const,
  downloads: () => ["reports", "downloads"] as const,
};

export const useReportCatalogue = () =>
  useQuery({ queryKey: reportKeys.catalogue(), queryFn: () => call(reportsApi.catalogue) });

const running = (list: TReportDownloadList | undefined) =>
  (list?.items ?? []).some((d) => d.status === "queued" || d.status === "running");

/** The person's downloads; polled every second while one is queued or running. */
export const useReportDownloads = () =>
  useQuery({
    queryKey: reportKeys.downloads(),
    queryFn: () => call(reportsApi.list),
    refetchInterval: (query) => (running(query.state.data) ? 1_000 : false),
  });

export const useRequestReport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TReportDownloadRequest) => call(reportsApi.request, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.downloads() }),
  });
};

export const useCancelReport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(reportsApi.cancel, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.downloads() }),
  });
};

export const useReportSchedules = () =>
  useQuery({ queryKey: [...reportKeys.all, "schedules"], queryFn: () => call(reportsApi.listSchedules) });

export const useCreateSchedule = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TReportScheduleRequest) => call(reportsApi.createSchedule, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
};

export const useDeleteSchedule = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(reportsApi.deleteSchedule, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...reportKeys.all, "schedules"] }),
  });
};
