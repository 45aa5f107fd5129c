import {
  CUT_UNIT_SHEET_CSV_HEADER,
  CUTTING_TYPES,
  ZAcceptPlanRequestSchema,
  ZCutPlanSchema,
  ZCutTicketDetailSchema,
  ZCutTicketListQuerySchema,
  ZCutTicketPageSchema,
  ZCutterListQuerySchema,
  ZCutterPageSchema,
  ZCutterRequestSchema,
  ZCutterSchema,
  ZCutUnitSheetPageSchema,
  ZCutUnitSheetQuerySchema,
  ZIdParamsSchema,
  ZMarkCutResponseSchema,
  ZPlanRequestSchema,
  ZPullQuerySchema,
  ZPullRequestSchema,
  ZPullResponseSchema,
  ZQueuedUnitPageSchema,
  ZTicketPdfQuerySchema,
  ZTicketScanRequestSchema,
  ZUnpullRequestSchema,
  ZUnpullResponseSchema,
} from "@hub/contracts";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Access, principalOf } from "../../platform/access";
import { csvResponses, sendCsv, toCsv } from "../../platform/csv";
import type { ModuleDeps } from "../../platform/deps";
import { errorResponses } from "../../platform/errors";
import { idempotencyKeyOf } from "../../platform/idempotency";
import { sendPdf } from "../../platform/pdf";
import {
  acceptPlan,
  cancelTicket,
  createPlan,
  cutUnitSheet,
  discardPlan,
  exportCutUnitSheet,
  exportPullQueue,
  getCutter,
  getPlan,
  getTicket,
  listCutters,
  listPullQueue,
  listTickets,
  markTicketCut,
  pullUnits,
  saveCutter,
  scanTicketCut,
  unpullUnits,
} from "./cutting.service";
import { cutTicketPdf } from "./cutting.ticket-pdf";

/**
 * Cutting (issue 11): Pull Order (card pullOrder), the Cut Planner (cutPlannerAuto), and the
 * cutters with their tickets and the cut unit sheet (allCutters), for internal admins and facility
 * users; the services scope every row to the caller's facilities.
 */
const tags = ["floor"];
const errors = errorResponses(409);
const card = (c: string): Access => ({ signedIn: true, types: CUTTING_TYPES, card: c });
const PULL = card("pullOrder");
const PLAN = card("cutPlannerAuto");
const CUTTERS = card("allCutters");

const unitCsvRow = (x: {
  barcode: string;
  status: string;
  orderNumber: string;
  clientName: string;
  styleCode: string | null;
  size: string | null;
  colour: string | null;
  fabricCode: string | null;
  dueDate: string | null;
  stationName: string | null;
}) => [
  x.barcode,
  x.status,
  x.orderNumber,
  x.clientName,
  x.styleCode,
  x.size,
  x.colour,
  x.fabricCode,
  x.dueDate,
  x.stationName,
];

export const cuttingRoutes =
  ({ db }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // ---- cutters -------------------------------------------------------------------------------
    app.get(
      "/floor/cutters",
      {
        config: { access: CUTTERS },
        schema: { tags, querystring: ZCutterListQuerySchema, response: { 200: ZCutterPageSchema, ...errors } },
      },
      async (request) => listCutters(db, principalOf(request), request.query),
    );
    app.get(
      "/floor/cutters/:id",
      {
        config: { access: CUTTERS },
        schema: { tags, params: ZIdParamsSchema, response: { 200: ZCutterSchema, ...errors } },
      },
      async (request) => getCutter(db, principalOf(request), request.params.id),
    );
    app.post(
      "/floor/cutters",
      {
        config: { access: CUTTERS },
        schema: { tags, body: ZCutterRequestSchema, response: { 201: ZCutterSchema, ...errors } },
      },
      async (request, reply) => reply.status(201).send(await saveCutter(db, principalOf(request), null, request.body)),
    );
    app.put(
      "/floor/cutters/:id",
      {
        config: { access: CUTTERS },
        schema: {
          tags,
          params: ZIdParamsSchema,
          body: ZCutterRequestSchema,
          response: { 200: ZCutterSchema, ...errors },
        },
      },
      async (request) => saveCutter(db, principalOf(request), request.params.id, request.body),
    );

    // ---- pull ----------------------------------------------------------------------------------
    app.get(
      "/floor/pull",
      {
        config: { access: PULL },
        schema: { tags, querystring: ZPullQuerySchema, response: { 200: ZQueuedUnitPageSchema, ...errors } },
      },
      async (request) => listPullQueue(db, principalOf(request), request.query),
    );
    app.get(
      "/floor/pull/export.csv",
      {
        config: { access: PULL },
        schema: { tags, querystring: ZPullQuerySchema, produces: ["text/csv"], response: csvResponses },
      },
      async (request, reply) => {
        const rows = await exportPullQueue(db, principalOf(request), request.query);
        const csv = toCsv(
          ["Unit", "Status", "Order", "Client", "Style", "Size", "Colour", "Fabric", "Due date", "Cutter", "Priority"],
          rows.map((x) => [...unitCsvRow(x), x.priority]),
        );
        return sendCsv(reply, "pull-order.csv", csv);
      },
    );
    app.post(
      "/floor/pull",
      {
        config: { access: PULL },
        schema: { tags, body: ZPullRequestSchema, response: { 200: ZPullResponseSchema, ...errors } },
      },
      async (request) => pullUnits(db, principalOf(request), request.body, idempotencyKeyOf(request)),
    );
    app.post(
      "/floor/pull/release",
      {
        config: { access: PULL },
        schema: { tags, body: ZUnpullRequestSchema, response: { 200: ZUnpullResponseSchema, ...errors } },
      },
      async (request) => unpullUnits(db, principalOf(request), request.body.unitIds),
    );

    // ---- plans ---------------------------------------------------------------------------------
    app.post(
      "/floor/cutPlans",
      {
        config: { access: PLAN },
        schema: { tags, body: ZPlanRequestSchema, response: { 201: ZCutPlanSchema, ...errors } },
      },
      async (request, reply) => reply.status(201).send(await createPlan(db, principalOf(request), request.body)),
    );
    app.get(
      "/floor/cutPlans/:id",
      {
        config: { access: PLAN },
        schema: { tags, params: ZIdParamsSchema, response: { 200: ZCutPlanSchema, ...errors } },
      },
      async (request) => getPlan(db, principalOf(request), request.params.id),
    );
    app.post(
      "/floor/cutPlans/:id/accept",
      {
        config: { access: PLAN },
        schema: {
          tags,
          params: ZIdParamsSchema,
          body: ZAcceptPlanRequestSchema,
          response: { 200: ZCutPlanSchema, ...errors },
        },
      },
      async (request) => acceptPlan(db, principalOf(request), request.params.id, request.body),
    );
    app.post(
      "/floor/cutPlans/:id/discard",
      {
        config: { access: PLAN },
        schema: { tags, params: ZIdParamsSchema, response: { 200: ZCutPlanSchema, ...errors } },
      },
      async (request) => discardPlan(db, principalOf(request), request.params.id),
    );

    // ---- tickets -------------------------------------------------------------------------------
    app.get(
      "/floor/cutTickets",
      {
        config: { access: CUTTERS },
        schema: { tags, querystring: ZCutTicketListQuerySchema, response: { 200: ZCutTicketPageSchema, ...errors } },
      },
      async (request) => listTickets(db, principalOf(request), request.query),
    );
    app.get(
      "/floor/cutTickets/:id",
      {
        config: { access: CUTTERS },
        schema: { tags, params: ZIdParamsSchema, response: { 200: ZCutTicketDetailSchema, ...errors } },
      },
      async (request) => getTicket(db, principalOf(request), request.params.id),
    );
    app.get(
      "/floor/cutTickets/:id/ticket.pdf",
      {
        config: { access: CUTTERS },
        schema: { tags, params: ZIdParamsSchema, querystring: ZTicketPdfQuerySchema, response: errors },
      },
      async (request, reply) => {
        const file = await cutTicketPdf(
          await getTicket(db, principalOf(request), request.params.id),
          request.query.paper,
        );
        return sendPdf(reply as FastifyReply, file);
      },
    );
    app.post(
      "/floor/cutTickets/:id/cut",
      {
        config: { access: CUTTERS },
        schema: { tags, params: ZIdParamsSchema, response: { 200: ZMarkCutResponseSchema, ...errors } },
      },
      async (request) => markTicketCut(db, principalOf(request), request.params.id),
    );
    app.post(
      "/floor/cutTickets/scan",
      {
        config: { access: CUTTERS },
        schema: { tags, body: ZTicketScanRequestSchema, response: { 200: ZMarkCutResponseSchema, ...errors } },
      },
      async (request) => scanTicketCut(db, principalOf(request), request.body.code),
    );
    app.post(
      "/floor/cutTickets/:id/cancel",
      {
        config: { access: CUTTERS },
        schema: { tags, params: ZIdParamsSchema, response: { 200: ZCutTicketDetailSchema, ...errors } },
      },
      async (request) => cancelTicket(db, principalOf(request), request.params.id),
    );

    // ---- the cut unit sheet --------------------------------------------------------------------
    app.get(
      "/floor/cutUnitSheet",
      {
        config: { access: CUTTERS },
        schema: { tags, querystring: ZCutUnitSheetQuerySchema, response: { 200: ZCutUnitSheetPageSchema, ...errors } },
      },
      async (request) => cutUnitSheet(db, principalOf(request), request.query),
    );
    app.get(
      "/floor/cutUnitSheet/export.csv",
      {
        config: { access: CUTTERS },
        schema: { tags, querystring: ZCutUnitSheetQuerySchema, produces: ["text/csv"], response: csvResponses },
      },
      async (request, reply) => {
        const rows = await exportCutUnitSheet(db, principalOf(request), request.query);
        const csv = toCsv(
          CUT_UNIT_SHEET_CSV_HEADER,
          rows.map((x) => [
            x.ticketNumber,
            x.barcode,
            x.status,
            x.orderNumber,
            x.clientName,
            x.styleCode,
            x.size,
            x.colour,
            x.fabricCode,
            x.dueDate,
            x.stationName,
            x.cutAt,
            x.cutBy,
          ]),
        );
        return sendCsv(reply, "cut-unit-sheet.csv", csv);
      },
    );
  };
