import { returnsApi as api } from "@hub/contracts/returns/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/access";
import { sendCsv, toCsv } from "../../platform/csv";
import type { ModuleDeps } from "../../platform/deps";
import { idempotencyKeyOf } from "../../platform/idempotency";
import { register } from "../../platform/operations";
import {
  cancelReturn,
  createReturn,
  exportReturns,
  getReturn,
  listReturns,
  RETURN_CSV_HEADER,
  receiveReturn,
  refundReturn,
  remakeReturn,
  returnableOf,
} from "./returns.service";

/** The returns area's handlers (issue 10); what each answers and who may call it is in `returnsApi`. */
export const returnsRoutes =
  ({ db, billing }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, api.create, async (request, reply) =>
      reply.status(201).send(await createReturn(db, principalOf(request), request.body)),
    );
    register(app, api.list, async (request) => listReturns(db, principalOf(request), request.query));
    register(app, api.exportCsv, async (request, reply) =>
      sendCsv(
        reply,
        "returns.csv",
        toCsv(RETURN_CSV_HEADER, await exportReturns(db, principalOf(request), request.query)),
      ),
    );
    register(app, api.returnable, async (request) => returnableOf(db, principalOf(request), request.query.orderId));
    register(app, api.get, async (request) => getReturn(db, principalOf(request), request.params.id));
    register(app, api.receive, async (request) =>
      receiveReturn(db, principalOf(request), request.params.id, request.body.reason ?? null),
    );
    register(app, api.remake, async (request) =>
      remakeReturn(db, principalOf(request), request.params.id, request.body.reason ?? null),
    );
    register(app, api.cancel, async (request) =>
      cancelReturn(db, principalOf(request), request.params.id, request.body.reason ?? null),
    );
    register(app, api.refund, async (request) =>
      refundReturn({ db, billing }, principalOf(request), request.params.id, request.body, idempotencyKeyOf(request)),
    );
  };
