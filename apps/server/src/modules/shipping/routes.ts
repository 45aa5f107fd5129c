import { CARRIERS, SHIPMENT_CSV_HEADER, SHIPPING_PROVIDER_LABELS } from "@hub/contracts";
import { shippingApi as api } from "@hub/contracts/shipping/api";
import { schema } from "@hub/db";
import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/access";
import { sendCsv, toCsv } from "../../platform/csv";
import type { ModuleDeps } from "../../platform/deps";
import { HttpError, notFound } from "../../platform/errors";
import { idempotencyKeyOf } from "../../platform/idempotency";
import { register } from "../../platform/operations";
import { sendPdf } from "../../platform/pdf";
import type { Principal } from "../../platform/principal";
import { ShippingPlatformError, type ShippingProviders, shippingProvidersFor } from "../../platform/shipping";
import { shipmentLabel, shipmentPackingSlip } from "./documents";
import { afterTracking, tellStore } from "./notify";
import { packOrderView, packScan } from "./pack.service";
import { orderFactoryScope } from "./scope";
import {
  createShipment,
  exportShipments,
  listShipments,
  shipmentDetail,
  shipShipment,
  TRACKING_QUEUE,
  trackShipment,
  trackShippedBoxes,
  updateTracking,
  voidShipment,
} from "./shipments.service";
import { shipToOf } from "./shipments-rows";
import { sendZpl } from "./zpl-label";

/** Pack-out, shipments, labels and tracking (issue 11; docs/adr/0008-shipping.md): the handlers of `shippingApi`. */
export const shippingRoutes =
  (deps: ModuleDeps, providers: ShippingProviders = shippingProvidersFor(deps.config)): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, jobs } = deps;
    // The platform's shipped boxes are tracked every 30 minutes; the first "delivered" raises order.delivered.
    jobs.work(TRACKING_QUEUE, () => trackShippedBoxes(db, providers, app.log).then(() => undefined), {
      retryLimit: 0,
    });
    jobs.schedule(TRACKING_QUEUE, "*/30 * * * *");
    const after = (p: Principal, x: Parameters<typeof afterTracking>[2]) =>
      afterTracking({ ...deps, log: (error) => app.log.error({ err: error }, "tracking email failed") }, p, x);

    register(app, api.packScan, async (request) => packScan(db, principalOf(request), request.body));

    register(app, api.packOrder, async (request) => packOrderView(db, principalOf(request), request.params.orderId));

    register(app, api.options, async () => ({
      providers: Object.values(providers).map((a) => ({
        provider: a.provider,
        label: SHIPPING_PROVIDER_LABELS[a.provider],
        hasRates: a.hasRates,
      })),
      carriers: CARRIERS.map((c) => ({ code: c.code, name: c.name })),
    }));

    register(app, api.rates, async (request) => {
      const p = principalOf(request);
      const b = request.body;
      const adapter = providers[b.provider];
      if (!adapter)
        throw new HttpError(409, "CONFLICT", "That shipping provider is not set up on this Hub.", {
          provider: "Not set up",
        });
      const [order] = await db
        .select()
        .from(schema.orders)
        .where(and(eq(schema.orders.id, b.orderId), orderFactoryScope(p)));
      if (!order) throw notFound("That order");
      try {
        return {
          rates: await adapter.rates({
            shipFrom: { name: "Factory" },
            shipTo: shipToOf(order),
            parcel: b,
          }),
        };
      } catch (error) {
        if (error instanceof ShippingPlatformError)
          throw new HttpError(409, "CONFLICT", error.message, { provider: error.message });
        throw error;
      }
    });

    register(app, api.create, async (request, reply) => {
      const out = await createShipment(db, providers, principalOf(request), request.body, idempotencyKeyOf(request));
      return reply.status(out.replayed ? 200 : 201).send(out.shipment);
    });

    register(app, api.list, async (request) => listShipments(db, principalOf(request), request.query));

    register(app, api.exportCsv, async (request, reply) =>
      sendCsv(
        reply,
        "shipments.csv",
        toCsv([...SHIPMENT_CSV_HEADER], await exportShipments(db, principalOf(request), request.query)),
      ),
    );

    register(app, api.get, async (request) => shipmentDetail(db, principalOf(request), request.params.id));

    register(app, api.labelPdf, async (request, reply) =>
      sendPdf(reply, await shipmentLabel(db, providers, principalOf(request), request.params.id, "pdf")),
    );

    register(app, api.labelZpl, async (request, reply) =>
      sendZpl(reply, await shipmentLabel(db, providers, principalOf(request), request.params.id, "zpl")),
    );

    register(app, api.packingSlipPdf, async (request, reply) =>
      sendPdf(reply, await shipmentPackingSlip(db, principalOf(request), request.params.id, request.query)),
    );

    register(app, api.ship, async (request) => {
      const p = principalOf(request);
      // "order.shipped" is raised in shipping's transaction; its deliveries are queued after the response.
      const out = await shipShipment(db, p, request.params.id, request.body ?? {});
      return out.changed ? after(p, out.shipment) : out.shipment;
    });

    register(app, api.void, async (request) => voidShipment(db, providers, principalOf(request), request.params.id));

    register(app, api.updateTracking, async (request) => {
      const p = principalOf(request);
      const out = await updateTracking(db, p, request.params.id, request.body);
      return out.changed ? after(p, out.shipment) : out.shipment;
    });

    register(app, api.track, async (request) => {
      const p = principalOf(request);
      const out = await trackShipment(db, providers, p, request.params.id);
      return out.changed ? after(p, out.shipment) : out.shipment;
    });

    register(app, api.notifyStore, async (request) => {
      const p = principalOf(request);
      await shipmentDetail(db, p, request.params.id); // scope first: another tenant's is a 404
      return tellStore(db, deps.config, p, request.params.id);
    });
  };
