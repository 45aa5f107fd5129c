import { CUT_UNIT_SHEET_CSV_HEADER, PULL_QUEUE_CSV_HEADER } from "@hub/contracts";
import { cuttingApi as api } from "@hub/contracts/floor/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/access";
import { sendCsv, toCsv } from "../../platform/csv";
import type { ModuleDeps } from "../../platform/deps";
import { idempotencyKeyOf } from "../../platform/idempotency";
import { register } from "../../platform/operations";
import { sendPdf } from "../../platform/pdf";
import {
  acceptPlan,
  cancelTicket,
  createPlan,
  cutSheetCsvRow,
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
import { unitCsvRow } from "./cutting-rows";

/** Cutting's handlers (issue 11); what each answers and who may call it is in `cuttingApi`. */
export const cuttingRoutes =
  ({ db }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // ---- cutters -------------------------------------------------------------------------------
    register(app, api.listCutters, async (request) => listCutters(db, principalOf(request), request.query));
    register(app, api.getCutter, async (request) => getCutter(db, principalOf(request), request.params.id));
    register(app, api.createCutter, async (request, reply) =>
      reply.status(201).send(await saveCutter(db, principalOf(request), null, request.body)),
    );
    register(app, api.updateCutter, async (request) =>
      saveCutter(db, principalOf(request), request.params.id, request.body),
    );

    // ---- pull ----------------------------------------------------------------------------------
    register(app, api.pullQueue, async (request) => listPullQueue(db, principalOf(request), request.query));
    register(app, api.exportPullCsv, async (request, reply) => {
      const rows = await exportPullQueue(db, principalOf(request), request.query);
      const csv = toCsv(
        PULL_QUEUE_CSV_HEADER,
        rows.map((x) => [...unitCsvRow(x), x.priority, x.fabricStatus?.label ?? ""]),
      );
      return sendCsv(reply, "pull-order.csv", csv);
    });
    register(app, api.pull, async (request) =>
      pullUnits(db, principalOf(request), request.body, idempotencyKeyOf(request)),
    );
    register(app, api.unpull, async (request) => unpullUnits(db, principalOf(request), request.body.unitIds));

    // ---- plans ---------------------------------------------------------------------------------
    register(app, api.createPlan, async (request, reply) =>
      reply.status(201).send(await createPlan(db, principalOf(request), request.body)),
    );
    register(app, api.getPlan, async (request) => getPlan(db, principalOf(request), request.params.id));
    register(app, api.acceptPlan, async (request) =>
      acceptPlan(db, principalOf(request), request.params.id, request.body),
    );
    register(app, api.discardPlan, async (request) => discardPlan(db, principalOf(request), request.params.id));

    // ---- tickets -------------------------------------------------------------------------------
    register(app, api.listTickets, async (request) => listTickets(db, principalOf(request), request.query));
    register(app, api.getTicket, async (request) => getTicket(db, principalOf(request), request.params.id));
    register(app, api.ticketPdf, async (request, reply) => {
      const file = await cutTicketPdf(
        await getTicket(db, principalOf(request), request.params.id),
        request.query.paper,
      );
      return sendPdf(reply, file);
    });
    register(app, api.markCut, async (request) => markTicketCut(db, principalOf(request), request.params.id));
    register(app, api.scanTicket, async (request) =>
      scanTicketCut(db, principalOf(request), request.body.code, request.body.scanId),
    );
    register(app, api.cancelTicket, async (request) => cancelTicket(db, principalOf(request), request.params.id));

    // ---- the cut unit sheet --------------------------------------------------------------------
    register(app, api.cutUnitSheet, async (request) => cutUnitSheet(db, principalOf(request), request.query));
    register(app, api.exportCutUnitSheetCsv, async (request, reply) => {
      const rows = await exportCutUnitSheet(db, principalOf(request), request.query);
      const csv = toCsv(CUT_UNIT_SHEET_CSV_HEADER, rows.map(cutSheetCsvRow));
      return sendCsv(reply, "cut-unit-sheet.csv", csv);
    });
  };
