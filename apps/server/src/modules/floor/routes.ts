import {
  FLOOR_USER_TYPES,
  TOTE_CSV_HEADER,
  type TUnitActionRoute,
  UNIT_ACTION_ROUTES,
  ZFloorLabelsQuerySchema,
  ZFloorUnitDetailSchema,
  ZOrderIdParamsSchema,
  ZOrderUnitParamsSchema,
  ZOrderUnitsSchema,
  ZPrintFileUpdateRequestSchema,
  ZQcInspectRequestSchema,
  ZRecutRequestSchema,
  ZRecutResultSchema,
  ZRedoStepsRequestSchema,
  ZReleaseResultSchema,
  ZStatusUpdateRequestSchema,
  ZToteAssignRequestSchema,
  ZToteBarcodeParamsSchema,
  ZToteCreateRequestSchema,
  ZToteCreateResultSchema,
  ZToteDetailSchema,
  ZToteListQuerySchema,
  ZTotePageSchema,
  ZToteResultSchema,
  ZToteScanRequestSchema,
  ZUnitActionRequestSchema,
  ZUnitActionResultSchema,
  ZUnitBarcodeParamsSchema,
  ZUnitEventListSchema,
  ZUnitIdParamsSchema,
  ZUnitPrintFileListSchema,
} from "@hub/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { type Access, principalOf } from "../../platform/access";
import { csvResponses, sendCsv, toCsv } from "../../platform/csv";
import type { ModuleDeps } from "../../platform/deps";
import { errorResponses } from "../../platform/errors";
import { sendPdf } from "../../platform/pdf";
import type { Principal } from "../../platform/principal";
import { toteLabelsPdf, unitLabelsPdf } from "./labels";
import { orderUnitEvents, orderUnits, releaseToProduction } from "./orders.service";
import { inspectUnit, recutUnit } from "./qc.service";
import { floorSetupRoutes } from "./setup";
import {
  assignToTote,
  clearTote,
  createTotes,
  exportTotes,
  getToteByBarcode,
  listTotes,
  startTransit,
} from "./totes.service";
import { getUnit, runUnitAction, type UnitRef, unitPrintFiles } from "./units.service";

const tags = ["floor"];
const errors = errorResponses(409);

const floor = (card?: string): Access => ({ signedIn: true, types: FLOOR_USER_TYPES, ...(card ? { card } : {}) });
/** Reading a unit or a tote: every floor screen scans them. */
const FLOOR_READ = floor();
const UNITS = floor("unitActions");
const QC = floor("qcInspection");
const RECUT = floor("recutTote");
const ASSIGN = floor("assignTote");
const CLEAR = floor("clearTote");
const LOOKUP = floor("toteLookup");
/** Release to production: the facility (and admins) on the order details page. */
const RELEASE = floor("orders");
/** An order's units: whoever opens its details (clients read only; the service scopes by tenant). */
const ORDER_UNITS: Access = { signedIn: true, types: [...FLOOR_USER_TYPES, "client"], card: "orders" };

const bodyOf = (route: TUnitActionRoute) =>
  route === "redoSteps"
    ? ZRedoStepsRequestSchema
    : route === "printFile"
      ? ZPrintFileUpdateRequestSchema
      : route === "statusUpdate"
        ? ZStatusUpdateRequestSchema
        : ZUnitActionRequestSchema;

type FloorApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * Registers a unit's POST route twice, as the floor reaches a unit: by id (`…/:id…`) and by its
 * scanned barcode (`…/barcode/:barcode…`); `path` places the unit's segment.
 */
const unitPost = <B extends z.ZodType, R extends z.ZodType>(
  app: FloorApp,
  path: (unit: string) => string,
  access: Access,
  body: B,
  answer: R,
  handler: (p: Principal, ref: UnitRef, body: z.infer<B>) => Promise<z.infer<R>>,
) => {
  app.post(
    path(":id"),
    { config: { access }, schema: { tags, params: ZUnitIdParamsSchema, body, response: { 200: answer, ...errors } } },
    // The provider cannot resolve a generic schema's types; `body` and `answer` tie them for the handler.
    (request) => handler(principalOf(request), { id: request.params.id }, request.body as z.infer<B>) as never,
  );
  app.post(
    path("barcode/:barcode"),
    {
      config: { access },
      schema: { tags, params: ZUnitBarcodeParamsSchema, body, response: { 200: answer, ...errors } },
    },
    (request) =>
      handler(principalOf(request), { barcode: request.params.barcode }, request.body as z.infer<B>) as never,
  );
};

/** The floor (issue 11): unit actions, totes, QC, recuts, labels, release and an order's units. */
export const floorRoutes =
  ({ db }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    for (const plugin of floorSetupRoutes(db)) await app.register(plugin);

    /* ---------- units ---------- */

    app.get(
      "/floor/units/:id",
      {
        config: { access: FLOOR_READ },
        schema: { tags, params: ZUnitIdParamsSchema, response: { 200: ZFloorUnitDetailSchema, ...errors } },
      },
      async (request) => getUnit(db, principalOf(request), { id: request.params.id }),
    );
    app.get(
      "/floor/units/barcode/:barcode",
      {
        config: { access: FLOOR_READ },
        schema: { tags, params: ZUnitBarcodeParamsSchema, response: { 200: ZFloorUnitDetailSchema, ...errors } },
      },
      async (request) => getUnit(db, principalOf(request), { barcode: request.params.barcode }),
    );

    app.get(
      "/floor/units/:id/printFiles",
      {
        config: { access: UNITS },
        schema: { tags, params: ZUnitIdParamsSchema, response: { 200: ZUnitPrintFileListSchema, ...errors } },
      },
      async (request) => unitPrintFiles(db, principalOf(request), { id: request.params.id }),
    );

    for (const [route, action] of Object.entries(UNIT_ACTION_ROUTES) as [
      TUnitActionRoute,
      (typeof UNIT_ACTION_ROUTES)[TUnitActionRoute],
    ][]) {
      unitPost(
        app,
        (unit) => `/floor/units/${unit}/${route}`,
        UNITS,
        bodyOf(route),
        ZUnitActionResultSchema,
        (p, ref, body) => runUnitAction(db, p, ref, action, body),
      );
    }

    app.get(
      "/floor/units/labels.pdf",
      { config: { access: UNITS }, schema: { tags, querystring: ZFloorLabelsQuerySchema, response: errors } },
      async (request, reply) => sendPdf(reply, await unitLabelsPdf(db, principalOf(request), request.query)),
    );

    /* ---------- QC and recuts ---------- */

    unitPost(
      app,
      (unit) => `/floor/qc/units/${unit}`,
      QC,
      ZQcInspectRequestSchema,
      ZUnitActionResultSchema,
      (p, ref, body) => inspectUnit(db, p, ref, body),
    );
    unitPost(
      app,
      (unit) => `/floor/recut/units/${unit}`,
      RECUT,
      ZRecutRequestSchema,
      ZRecutResultSchema,
      (p, ref, body) => recutUnit(db, p, ref, body),
    );

    /* ---------- totes ---------- */

    app.get(
      "/floor/totes",
      {
        config: { access: LOOKUP },
        schema: { tags, querystring: ZToteListQuerySchema, response: { 200: ZTotePageSchema, ...errors } },
      },
      async (request) => listTotes(db, principalOf(request), request.query),
    );
    app.get(
      "/floor/totes/export.csv",
      {
        config: { access: LOOKUP },
        schema: { tags, querystring: ZToteListQuerySchema, produces: ["text/csv"], response: csvResponses },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          "totes.csv",
          toCsv([...TOTE_CSV_HEADER], await exportTotes(db, principalOf(request), request.query)),
        ),
    );
    app.post(
      "/floor/totes",
      {
        config: { access: ASSIGN },
        schema: { tags, body: ZToteCreateRequestSchema, response: { 201: ZToteCreateResultSchema, ...errors } },
      },
      async (request, reply) => reply.status(201).send(await createTotes(db, principalOf(request), request.body)),
    );
    app.get(
      "/floor/totes/labels.pdf",
      { config: { access: ASSIGN }, schema: { tags, querystring: ZFloorLabelsQuerySchema, response: errors } },
      async (request, reply) => sendPdf(reply, await toteLabelsPdf(db, principalOf(request), request.query)),
    );
    app.get(
      "/floor/totes/barcode/:barcode",
      {
        config: { access: FLOOR_READ },
        schema: { tags, params: ZToteBarcodeParamsSchema, response: { 200: ZToteDetailSchema, ...errors } },
      },
      async (request) => getToteByBarcode(db, principalOf(request), request.params.barcode),
    );
    app.post(
      "/floor/totes/barcode/:barcode/units",
      {
        config: { access: ASSIGN },
        schema: {
          tags,
          params: ZToteBarcodeParamsSchema,
          body: ZToteAssignRequestSchema,
          response: { 200: ZToteResultSchema, ...errors },
        },
      },
      async (request) => assignToTote(db, principalOf(request), request.params.barcode, request.body),
    );
    app.post(
      "/floor/totes/barcode/:barcode/clear",
      {
        config: { access: CLEAR },
        schema: {
          tags,
          params: ZToteBarcodeParamsSchema,
          body: ZToteScanRequestSchema,
          response: { 200: ZToteResultSchema, ...errors },
        },
      },
      async (request) => clearTote(db, principalOf(request), request.params.barcode, request.body),
    );
    app.post(
      "/floor/totes/barcode/:barcode/startTransit",
      {
        config: { access: ASSIGN },
        schema: {
          tags,
          params: ZToteBarcodeParamsSchema,
          body: ZToteScanRequestSchema,
          response: { 200: ZToteResultSchema, ...errors },
        },
      },
      async (request) => startTransit(db, principalOf(request), request.params.barcode, request.body),
    );

    /* ---------- release and an order's units ---------- */

    app.post(
      "/orders/:id/release",
      {
        config: { access: RELEASE },
        schema: { tags, params: ZOrderIdParamsSchema, response: { 200: ZReleaseResultSchema, ...errors } },
      },
      async (request) => releaseToProduction(db, principalOf(request), request.params.id),
    );
    app.get(
      "/orders/:id/units",
      {
        config: { access: ORDER_UNITS },
        schema: { tags, params: ZOrderIdParamsSchema, response: { 200: ZOrderUnitsSchema, ...errors } },
      },
      async (request) => orderUnits(db, principalOf(request), request.params.id),
    );
    app.get(
      "/orders/:id/units/:unitId/events",
      {
        config: { access: ORDER_UNITS },
        schema: { tags, params: ZOrderUnitParamsSchema, response: { 200: ZUnitEventListSchema, ...errors } },
      },
      async (request) => orderUnitEvents(db, principalOf(request), request.params.id, request.params.unitId),
    );
  };
