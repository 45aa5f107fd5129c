import { TOTE_CSV_HEADER } from "@hub/contracts";
import { floorApi as api, UNIT_ACTION_OPERATIONS, type UnitActionOperationPair } from "@hub/contracts/floor/api";
import { ROUTED_UNIT_ACTIONS } from "@hub/contracts/floor/unit-actions";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/access";
import { sendCsv, toCsv } from "../../platform/csv";
import type { ModuleDeps } from "../../platform/deps";
import { register } from "../../platform/operations";
import { sendPdf } from "../../platform/pdf";
import { toteLabelsPdf, unitLabelsPdf } from "./labels";
import { orderUnitEvents, orderUnits, releaseToProduction } from "./orders.service";
import { inspectUnit, recutUnit } from "./qc.service";
import { readQcPoints } from "./qc-measure";
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
import { getUnit, runUnitAction, unitPrintFiles } from "./units.service";

/**
 * The floor's handlers (issue 11): unit actions, totes, QC, recuts, labels, release and an order's
 * units; what each answers and who may call it is in `floorApi`. A unit is reached two ways, as the
 * floor reaches it: by id and by its scanned barcode (`…ByBarcode`).
 */
export const floorRoutes =
  ({ db }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    for (const plugin of floorSetupRoutes(db)) await app.register(plugin);

    /* ---------- units ---------- */

    register(app, api.getUnit, async (request) => getUnit(db, principalOf(request), { id: request.params.id }));
    register(app, api.getUnitByBarcode, async (request) =>
      getUnit(db, principalOf(request), { barcode: request.params.barcode }),
    );
    register(app, api.unitPrintFiles, async (request) =>
      unitPrintFiles(db, principalOf(request), { id: request.params.id }),
    );

    // One pair of routes per action of the unit actions' table (contracts floor/unit-actions.ts).
    for (const action of ROUTED_UNIT_ACTIONS) {
      const ops: UnitActionOperationPair = UNIT_ACTION_OPERATIONS[action];
      register(app, ops.byId, async (request) =>
        runUnitAction(db, principalOf(request), { id: request.params.id }, action, request.body),
      );
      register(app, ops.byBarcode, async (request) =>
        runUnitAction(db, principalOf(request), { barcode: request.params.barcode }, action, request.body),
      );
    }

    register(app, api.unitLabelsPdf, async (request, reply) =>
      sendPdf(reply, await unitLabelsPdf(db, principalOf(request), request.query)),
    );

    /* ---------- QC and recuts ---------- */
    register(app, api.qcPoints, async (request) => readQcPoints(db, principalOf(request), request.params.barcode));

    register(app, api.inspect, async (request) =>
      inspectUnit(db, principalOf(request), { id: request.params.id }, request.body),
    );
    register(app, api.inspectByBarcode, async (request) =>
      inspectUnit(db, principalOf(request), { barcode: request.params.barcode }, request.body),
    );
    register(app, api.recut, async (request) =>
      recutUnit(db, principalOf(request), { id: request.params.id }, request.body),
    );
    register(app, api.recutByBarcode, async (request) =>
      recutUnit(db, principalOf(request), { barcode: request.params.barcode }, request.body),
    );

    /* ---------- totes ---------- */

    register(app, api.listTotes, async (request) => listTotes(db, principalOf(request), request.query));
    register(app, api.exportTotesCsv, async (request, reply) =>
      sendCsv(
        reply,
        "totes.csv",
        toCsv([...TOTE_CSV_HEADER], await exportTotes(db, principalOf(request), request.query)),
      ),
    );
    register(app, api.createTotes, async (request, reply) =>
      reply.status(201).send(await createTotes(db, principalOf(request), request.body)),
    );
    register(app, api.toteLabelsPdf, async (request, reply) =>
      sendPdf(reply, await toteLabelsPdf(db, principalOf(request), request.query)),
    );
    register(app, api.getTote, async (request) => getToteByBarcode(db, principalOf(request), request.params.barcode));
    register(app, api.assignToTote, async (request) =>
      assignToTote(db, principalOf(request), request.params.barcode, request.body),
    );
    register(app, api.clearTote, async (request) =>
      clearTote(db, principalOf(request), request.params.barcode, request.body),
    );
    register(app, api.startTransit, async (request) =>
      startTransit(db, principalOf(request), request.params.barcode, request.body),
    );

    /* ---------- release and an order's units ---------- */

    register(app, api.release, async (request) => releaseToProduction(db, principalOf(request), request.params.id));
    register(app, api.orderUnits, async (request) => orderUnits(db, principalOf(request), request.params.id));
    register(app, api.unitEvents, async (request) =>
      orderUnitEvents(db, principalOf(request), request.params.id, request.params.unitId),
    );
  };
