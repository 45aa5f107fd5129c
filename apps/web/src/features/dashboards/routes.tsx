import { lazy } from "react";
import type { RouteObject } from "react-router";
import { CardGuard } from "../../components/card-guard";

const SalesDashboardPage = lazy(() => import("./sales-dashboard-page"));
const ProductionOverviewPage = lazy(() => import("./production-overview-page"));
const QualityHistoryPage = lazy(() => import("./quality-history-page"));
const QualityInspectionsPage = lazy(() => import("./quality-inspections-page"));
const HomeGoodsPage = lazy(() => import("./home-goods-page"));
const TimesPage = lazy(() => import("./times-page"));
const FloorBoardPage = lazy(() => import("./floor-board-page"));
const JasSalesPage = lazy(() => import("./jas-sales-page"));
const BotPerformancePage = lazy(() => import("./bot-performance-page"));

/**
 * Native dashboards (issue 18), each a lazy chunk with its charts, behind its card; Production
 * Overview's plan level is the nav item's `minPlanLevel` (the account guards redirect a Basic client).
 * The wall display (/wall) is a public route in app/router.tsx.
 */
export const dashboardsRoutes: RouteObject[] = [
  {
    path: "qs-dashboards/salesDashboard",
    element: (
      <CardGuard>
        <SalesDashboardPage />
      </CardGuard>
    ),
  },
  {
    path: "qs-dashboards/productionOverview",
    element: (
      <CardGuard>
        <ProductionOverviewPage />
      </CardGuard>
    ),
  },
  {
    path: "qs-dashboards/qualityHistory",
    element: (
      <CardGuard>
        <QualityHistoryPage />
      </CardGuard>
    ),
  },
  {
    // Quality History's click-throughs: the inspections it counts.
    path: "qs-dashboards/qualityHistory/inspections",
    element: (
      <CardGuard card="qualityHistory">
        <QualityInspectionsPage />
      </CardGuard>
    ),
  },
  {
    path: "qs-dashboards/homegoods",
    element: (
      <CardGuard>
        <HomeGoodsPage />
      </CardGuard>
    ),
  },
  {
    path: "qs-dashboards/times",
    element: (
      <CardGuard>
        <TimesPage />
      </CardGuard>
    ),
  },
  {
    path: "qs-dashboards/3100",
    element: (
      <CardGuard>
        <FloorBoardPage />
      </CardGuard>
    ),
  },
  {
    path: "qs-dashboards/botPerformance",
    element: (
      <CardGuard>
        <BotPerformancePage />
      </CardGuard>
    ),
  },
  {
    path: "qs-dashboards/jasSales",
    element: (
      <CardGuard>
        <JasSalesPage />
      </CardGuard>
    ),
  },
];
