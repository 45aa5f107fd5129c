import { type Access, declareApi } from "../common/operation";
import { FLOOR_USER_TYPES } from "../floor/actions";
import {
  ZFactoryConfigHistoryPageSchema,
  ZFactoryConfigHistoryQuerySchema,
  ZFactoryConfigQuerySchema,
  ZFactoryConfigSchema,
  ZFactorySettingsRequestSchema,
} from "./factory-config";

/**
 * Factory Config (/factoryConfig): a facility's own settings. Facility users and internal admins
 * only (client and design users never): any floor user reads them (Pack Out and the cut planner
 * start from them); the Factory Config card changes them and reads their history. A facility user
 * reaches its own facility only (another's is a 404); an internal admin any (`factoryId`).
 */
const READ: Access = { signedIn: true, types: FLOOR_USER_TYPES };
const EDIT: Access = { signedIn: true, types: FLOOR_USER_TYPES, card: "factoryConfig" };

export const factoryConfigApi = declareApi("factoryConfig", {
  get: {
    method: "GET",
    path: "/factoryConfig",
    access: READ,
    query: ZFactoryConfigQuerySchema,
    responses: { 200: ZFactoryConfigSchema },
  },
  /** Saves every setting at once; each one that changed is a history row, in the same transaction. */
  save: {
    method: "PUT",
    path: "/factoryConfig",
    access: EDIT,
    query: ZFactoryConfigQuerySchema,
    body: ZFactorySettingsRequestSchema,
    responses: { 200: ZFactoryConfigSchema },
  },
  /** Who changed which setting from what to what, newest first. */
  history: {
    method: "GET",
    path: "/factoryConfig/history",
    access: EDIT,
    query: ZFactoryConfigHistoryQuerySchema,
    responses: { 200: ZFactoryConfigHistoryPageSchema },
  },
});
