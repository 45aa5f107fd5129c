import { type Access, declareApi } from "../common/operation";
import {
  ZCreateReturnRequestSchema,
  ZReturnActionRequestSchema,
  ZReturnableQuerySchema,
  ZReturnableSchema,
  ZReturnIdParamsSchema,
  ZReturnListQuerySchema,
  ZReturnPageSchema,
  ZReturnRefundRequestSchema,
  ZReturnSchema,
} from "./returns";

/**
 * Returns (RMA): client users (their client's orders), facility users (the clients they serve)
 * and internal admins, with the Returns card; the services scope every row by tenant.
 */
const RETURNS: Access = { signedIn: true, types: ["icreate", "manufacturer", "factory", "client"], card: "returns" };
/** Receiving, refunding and remaking are the facility's (and internal admins'): a client never refunds itself. */
const RETURNS_ACT: Access = { signedIn: true, types: ["icreate", "manufacturer", "factory"], card: "returns" };

const byId = { params: ZReturnIdParamsSchema, responses: { 200: ZReturnSchema } } as const;
const action = { method: "POST", ...byId, body: ZReturnActionRequestSchema, errors: [409] } as const;

/** The returns area's operations (issue 10). */
export const returnsApi = declareApi("returns", {
  create: {
    method: "POST",
    path: "/returns",
    access: RETURNS,
    body: ZCreateReturnRequestSchema,
    responses: { 201: ZReturnSchema },
    errors: [409],
  },
  list: {
    method: "GET",
    path: "/returns",
    access: RETURNS,
    query: ZReturnListQuerySchema,
    responses: { 200: ZReturnPageSchema },
  },
  exportCsv: {
    method: "GET",
    path: "/returns/export.csv",
    access: RETURNS,
    query: ZReturnListQuerySchema,
    file: "text/csv",
  },
  /** An order's lines with what is left to return of each. */
  returnable: {
    method: "GET",
    path: "/returns/returnable",
    access: RETURNS,
    query: ZReturnableQuerySchema,
    responses: { 200: ZReturnableSchema },
  },
  get: { method: "GET", path: "/returns/:id", access: RETURNS, ...byId },
  receive: { path: "/returns/:id/receive", access: RETURNS_ACT, ...action },
  remake: { path: "/returns/:id/remake", access: RETURNS_ACT, ...action },
  cancel: { path: "/returns/:id/cancel", access: RETURNS, ...action },
  /** With an Idempotency-Key: a double click refunds once. */
  refund: {
    method: "POST",
    path: "/returns/:id/refund",
    access: RETURNS_ACT,
    ...byId,
    body: ZReturnRefundRequestSchema,
    errors: [402, 409],
  },
});
