import { z } from "zod";
import { type Access, declareApi } from "../common/operation";
import { ZBotDashboardSchema } from "./bots";
import { ZCategoryDashboardSchema } from "./categories";
import { ZFloorBoardQuerySchema, ZFloorBoardSchema } from "./floor-board";
import {
  ZProductionDashboardSchema,
  ZWallLinkRequestSchema,
  ZWallLinkSchema,
  ZWallViewRequestSchema,
  ZWallViewSchema,
} from "./production";
import { ZQualityHistorySchema, ZQualityInspectionPageSchema, ZQualityInspectionQuerySchema } from "./quality";
import { ZDashboardQuerySchema } from "./range";
import { ZSalesDashboardSchema } from "./sales";
import { ZTimesDashboardSchema } from "./times";

/** Sales: the Sales Dashboard card, every plan; the service scopes by tenant. */
const SALES: Access = {
  signedIn: true,
  types: ["icreate", "manufacturer", "factory", "client"],
  card: "salesDashboard",
};
/** Production Overview: its card, and the Professional plan (level 2) for client users. */
const PRODUCTION: Access = {
  signedIn: true,
  types: ["icreate", "manufacturer", "factory", "client"],
  card: "productionOverview",
  minPlanLevel: 2,
};

/** Quality History: its card (facilities, clients, internal admins); the service scopes by tenant. */
const QUALITY: Access = {
  signedIn: true,
  types: ["icreate", "manufacturer", "factory", "client"],
  card: "qualityHistory",
};

/** Home Goods (sales by category): its card (clients, internal admins by default). */
const CATEGORIES: Access = {
  signedIn: true,
  types: ["icreate", "manufacturer", "factory", "client"],
  card: "homegoods",
};

/** Times: its card (facilities and internal admins by default). */
const TIMES: Access = { signedIn: true, types: ["icreate", "manufacturer", "factory", "client"], card: "times" };

/** 3100, a facility's floor board: its card (facilities and internal admins). */
const FLOOR_BOARD: Access = { signedIn: true, types: ["icreate", "manufacturer", "factory"], card: "floorBoard3100" };

/** JAS Sales: one client's sales in depth; its card. */
const JAS_SALES: Access = { signedIn: true, types: ["icreate", "manufacturer", "factory", "client"], card: "jasSales" };

/** Bot Performance: its card (clients and internal admins by default; a facility user when granted); the service scopes by tenant. */
const BOTS: Access = {
  signedIn: true,
  types: ["icreate", "manufacturer", "factory", "client"],
  card: "botPerformance",
};

/** Native dashboards (issue 18): aggregates in SQL, scoped like the lists they summarise. */
export const dashboardsApi = declareApi("dashboards", {
  sales: {
    method: "GET",
    path: "/dashboards/sales",
    access: SALES,
    query: ZDashboardQuerySchema,
    responses: { 200: ZSalesDashboardSchema },
  },
  /** The Sales Dashboard for one client: a client user's own (another's is a 404), else the one named or the session client (400 without one). */
  jasSales: {
    method: "GET",
    path: "/dashboards/jas-sales",
    access: JAS_SALES,
    query: ZDashboardQuerySchema,
    responses: { 200: ZSalesDashboardSchema },
  },
  categories: {
    method: "GET",
    path: "/dashboards/categories",
    access: CATEGORIES,
    query: ZDashboardQuerySchema,
    responses: { 200: ZCategoryDashboardSchema },
  },
  /** Bot Performance: web and imported orders, web orders by API key, the store told of web orders' shipments. */
  botPerformance: {
    method: "GET",
    path: "/dashboards/bots",
    access: BOTS,
    query: ZDashboardQuerySchema,
    responses: { 200: ZBotDashboardSchema },
  },
  times: {
    method: "GET",
    path: "/dashboards/times",
    access: TIMES,
    query: ZDashboardQuerySchema,
    responses: { 200: ZTimesDashboardSchema },
  },
  floorBoard: {
    method: "GET",
    path: "/dashboards/floor-board",
    access: FLOOR_BOARD,
    query: ZFloorBoardQuerySchema,
    responses: { 200: ZFloorBoardSchema },
  },
  qualityHistory: {
    method: "GET",
    path: "/dashboards/quality",
    access: QUALITY,
    query: ZDashboardQuerySchema,
    responses: { 200: ZQualityHistorySchema },
  },
  /** The QC inspections Quality History counts, narrowed as a chart's bar is: its click-throughs' list. */
  qualityInspections: {
    method: "GET",
    path: "/dashboards/quality/inspections",
    access: QUALITY,
    query: ZQualityInspectionQuerySchema,
    responses: { 200: ZQualityInspectionPageSchema },
  },
  production: {
    method: "GET",
    path: "/dashboards/production",
    access: PRODUCTION,
    query: ZDashboardQuerySchema,
    responses: { 200: ZProductionDashboardSchema },
  },
  /** Server-sent events: the floor's changes the caller may see (read with fetch, like /openOrders). */
  productionEvents: {
    method: "GET",
    path: "/dashboards/production/events",
    access: PRODUCTION,
    summary: "Server-sent events: floor changes",
    responses: { 200: z.string() },
  },
  /** A signed, expiring link that opens Production Overview on a floor TV without signing in, for the caller's scope now. */
  createWallLink: {
    method: "POST",
    path: "/dashboards/wall-links",
    access: PRODUCTION,
    body: ZWallLinkRequestSchema,
    responses: { 201: ZWallLinkSchema },
  },
  /** The wall display's data; the token is in the body (never in a URL a log keeps). 401 once it expired. */
  wallView: {
    method: "POST",
    path: "/dashboards/wall",
    access: { public: true },
    body: ZWallViewRequestSchema,
    responses: { 200: ZWallViewSchema },
  },
});
