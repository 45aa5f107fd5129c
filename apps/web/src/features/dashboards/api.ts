import { dashboardsApi } from "@hub/contracts/dashboards/api";
import type { TWallLinkRequest } from "@hub/contracts/dashboards/production";
import type { TQualityInspectionQuery } from "@hub/contracts/dashboards/quality";
import type { TDashboardQuery } from "@hub/contracts/dashboards/range";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { call } from "../../lib/api";
import { callPublic } from "../../lib/call-public";

/** Query keys of the dashboards; a floor change invalidates `production`. */
export const dashboardKeys = {
  all: ["dashboards"] as const,
  sales: (q: TDashboardQuery) => ["dashboards", "sales", q] as const,
  productionAll: ["dashboards", "production"] as const,
  production: (q: TDashboardQuery) => ["dashboards", "production", q] as const,
  wall: (token: string) => ["dashboards", "wall", token] as const,
};

/** The Sales Dashboard's figures, or JAS Sales' (one client) with `jas`. */
export const useSalesDashboard = (q: TDashboardQuery, jas = false) =>
  useQuery({
    queryKey: [...dashboardKeys.sales(q), jas] as const,
    queryFn: () => call(jas ? dashboardsApi.jasSales : dashboardsApi.sales, { query: q }),
    placeholderData: keepPreviousData,
  });

export const useCategoryDashboard = (q: TDashboardQuery) =>
  useQuery({
    queryKey: ["dashboards", "categories", q] as const,
    queryFn: () => call(dashboardsApi.categories, { query: q }),
    placeholderData: keepPreviousData,
  });

export const useBotDashboard = (q: TDashboardQuery) =>
  useQuery({
    queryKey: ["dashboards", "bots", q] as const,
    queryFn: () => call(dashboardsApi.botPerformance, { query: q }),
    placeholderData: keepPreviousData,
  });

export const useTimesDashboard = (q: TDashboardQuery) =>
  useQuery({
    queryKey: ["dashboards", "times", q] as const,
    queryFn: () => call(dashboardsApi.times, { query: q }),
    placeholderData: keepPreviousData,
  });

/** 3100: today's floor board, refreshed every 30 seconds. */
export const useFloorBoard = (factoryId: number | undefined) =>
  useQuery({
    queryKey: ["dashboards", "floor-board", factoryId ?? 0] as const,
    queryFn: () => call(dashboardsApi.floorBoard, { query: { factoryId } }),
    refetchInterval: 30_000,
  });

export const useQualityHistory = (q: TDashboardQuery) =>
  useQuery({
    queryKey: ["dashboards", "quality", q] as const,
    queryFn: () => call(dashboardsApi.qualityHistory, { query: q }),
    placeholderData: keepPreviousData,
  });

/** Quality History's inspections, narrowed as a chart's bar is (its click-throughs' list). */
export const useQualityInspections = (q: TQualityInspectionQuery) =>
  useQuery({
    queryKey: ["dashboards", "quality", "inspections", q] as const,
    queryFn: () => call(dashboardsApi.qualityInspections, { query: q }),
    placeholderData: keepPreviousData,
  });

export const useProductionDashboard = (q: TDashboardQuery) =>
  useQuery({
    queryKey: dashboardKeys.production(q),
    queryFn: () => call(dashboardsApi.production, { query: q }),
    placeholderData: keepPreviousData,
  });

export const useCreateWallLink = () =>
  useMutation({ mutationFn: (body: TWallLinkRequest) => call(dashboardsApi.createWallLink, { body }) });

/** The wall display's data, by its signed token; it refreshes itself every 30 seconds. */
export const WALL_REFRESH_MS = 30_000;
export const useWallView = (token: string) =>
  useQuery({
    queryKey: dashboardKeys.wall(token),
    queryFn: () => callPublic(dashboardsApi.wallView, { body: { token } }),
    enabled: token.length > 0,
    refetchInterval: (query) => (query.state.error ? false : WALL_REFRESH_MS),
    retry: false,
  });
