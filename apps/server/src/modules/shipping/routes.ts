import {
  CARRIERS,
  SHIPMENT_CSV_HEADER,
  SHIPPING_PROVIDER_LABELS,
  ZCreateShipmentRequestSchema,
  ZOrderIdParamsShippingSchema,
  ZPackingSlipQuerySchema,
  ZPackOrderSchema,
  ZPackScanRequestSchema,
  ZPackScanResultSchema,
  ZRatesRequestSchema,
  ZRatesSchema,
  ZShipmentIdParamsSchema,
  ZShipmentListQuerySchema,
  ZShipmentPageSchema,
  ZShipmentSchema,
  ZShippingOptionsSchema,
  ZShipRequestSchema,
  ZTrackingUpdateRequestSchema,
} from "@hub/contracts";
import { schema } from "@hub/db";
import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Access, principalOf } from "../../platform/access";
import { sendCsv, toCsv } from "../../platform/csv";
import type { ModuleDeps } from "../../platform/deps";
import { errorResponses, HttpError, notFound } from "../../platform/errors";
import { idempotencyKeyOf } from "../../platform/idempotency";
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
  trackShipment,
  updateTracking,
  voidShipment,
} from "./shipments.service";

const tags = ["shipping"];
const FACILITY = ["icreate", "manufacturer", "factory"] as const;

/** Shipped Orders: whoever has the card reads (client users their own client's); the service scopes. */
const READ: Access = { signedIn: true, types: [...FACILITY, "client"], card: "shipments" };
/** Changing a shipment (ship, void, tracking, store retry): facility users and internal admins. */
const WRITE: Access = { signedIn: true, types: FACILITY, card: "shipments" };
/** The pack-out station: facility users and internal admins with the Pack Out card. */
const PACK: Access = { signedIn: true, types: FACILITY, card: "packOut" };

/** Pack-out, shipments, labels and tracking (issue 11; docs/adr/0008-shipping.md). */
export const shippingRoutes =
  (deps: ModuleDeps, providers: ShippingProviders = shippingProvidersFor(deps.config)): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    const after = (p: Principal, x: Parameters<typeof afterTracking>[2]) =>
      afterTracking({ ...deps, log: (error) => app.log.error({ err: error }, "tracking email failed") }, p, x);

    app.post(
      "/shipping/pack-scan",
      {
        config: { access: PACK },
        schema: {
          tags,
          body: ZPackScanRequestSchema,
          response: { 200: ZPackScanResultSchema, ...errorResponses(409) },
        },
      },
      async (request) => packScan(db, principalOf(request), request.body),
    );

    app.get(
      "/shipping/orders/:orderId",
      {
        config: { access: PACK },
        schema: {
          tags,
          params: ZOrderIdParamsShippingSchema,
          response: { 200: ZPackOrderSchema, ...errorResponses() },
        },
      },
      async (request) => packOrderView(db, principalOf(request), request.params.orderId),
    );

    app.get(
      "/shipping/options",
      { config: { access: PACK }, schema: { tags, response: { 200: ZShippingOptionsSchema, ...errorResponses() } } },
      async () => ({
        providers: Object.values(providers).map((a) => ({
          provider: a.provider,
          label: SHIPPING_PROVIDER_LABELS[a.provider],
          hasRates: a.hasRates,
        })),
        carriers: CARRIERS.map((c) => ({ code: c.code, name: c.name })),
      }),
    );

    app.post(
      "/shipping/rates",
      {
        config: { access: PACK },
        schema: { tags, body: ZRatesRequestSchema, response: { 200: ZRatesSchema, ...errorResponses(409) } },
      },
      async (request) => {
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
              shipTo: {
                name: order.shipName,
                company: order.shipCompany,
                line1: order.shipLine1,
                line2: order.shipLine2,
                city: order.shipCity,
                region: order.shipRegion,
                postalCode: order.shipPostalCode,
                country: order.shipCountry,
                phone: order.shipPhone,
              },
              parcel: b,
            }),
          };
        } catch (error) {
          if (error instanceof ShippingPlatformError)
            throw new HttpError(409, "CONFLICT", error.message, { provider: error.message });
          throw error;
        }
      },
    );

    app.post(
      "/shipments",
      {
        config: { access: PACK },
        schema: {
          tags,
          body: ZCreateShipmentRequestSchema,
          response: { 200: ZShipmentSchema, 201: ZShipmentSchema, ...errorResponses(409) },
        },
      },
      async (request, reply) => {
        const out = await createShipment(db, providers, principalOf(request), request.body, idempotencyKeyOf(request));
        return reply.status(out.replayed ? 200 : 201).send(out.shipment);
      },
    );

    app.get(
      "/shipments",
      {
        config: { access: READ },
        schema: {
          tags,
          querystring: ZShipmentListQuerySchema,
          response: { 200: ZShipmentPageSchema, ...errorResponses() },
        },
      },
      async (request) => listShipments(db, principalOf(request), request.query),
    );

    app.get(
      "/shipments/export.csv",
      { config: { access: READ }, schema: { tags, querystring: ZShipmentListQuerySchema, response: errorResponses() } },
      async (request, reply) =>
        sendCsv(
          reply,
          "shipments.csv",
          toCsv([...SHIPMENT_CSV_HEADER], await exportShipments(db, principalOf(request), request.query)),
        ),
    );

    app.get(
      "/shipments/:id",
      {
        config: { access: READ },
        schema: { tags, params: ZShipmentIdParamsSchema, response: { 200: ZShipmentSchema, ...errorResponses() } },
      },
      async (request) => shipmentDetail(db, principalOf(request), request.params.id),
    );

    app.get(
      "/shipments/:id/label.pdf",
      { config: { access: READ }, schema: { tags, params: ZShipmentIdParamsSchema, response: errorResponses() } },
      async (request, reply) =>
        sendPdf(reply, await shipmentLabel(db, providers, principalOf(request), request.params.id)),
    );

    app.get(
      "/shipments/:id/packing-slip.pdf",
      {
        config: { access: READ },
        schema: {
          tags,
          params: ZShipmentIdParamsSchema,
          querystring: ZPackingSlipQuerySchema,
          response: errorResponses(),
        },
      },
      async (request, reply) =>
        sendPdf(reply, await shipmentPackingSlip(db, principalOf(request), request.params.id, request.query)),
    );

    app.post(
      "/shipments/:id/ship",
      {
        config: { access: WRITE },
        schema: {
          tags,
          params: ZShipmentIdParamsSchema,
          body: ZShipRequestSchema,
          response: { 200: ZShipmentSchema, ...errorResponses(409) },
        },
      },
      async (request) => {
        const p = principalOf(request);
        const out = await shipShipment(db, p, request.params.id, request.body ?? {});
        return out.changed ? after(p, out.shipment) : out.shipment;
      },
    );

    app.post(
      "/shipments/:id/void",
      {
        config: { access: WRITE },
        schema: { tags, params: ZShipmentIdParamsSchema, response: { 200: ZShipmentSchema, ...errorResponses(409) } },
      },
      async (request) => voidShipment(db, providers, principalOf(request), request.params.id),
    );

    app.put(
      "/shipments/:id/tracking",
      {
        config: { access: WRITE },
        schema: {
          tags,
          params: ZShipmentIdParamsSchema,
          body: ZTrackingUpdateRequestSchema,
          response: { 200: ZShipmentSchema, ...errorResponses(409) },
        },
      },
      async (request) => {
        const p = principalOf(request);
        const out = await updateTracking(db, p, request.params.id, request.body);
        return out.changed ? after(p, out.shipment) : out.shipment;
      },
    );

    app.post(
      "/shipments/:id/track",
      {
        config: { access: WRITE },
        schema: { tags, params: ZShipmentIdParamsSchema, response: { 200: ZShipmentSchema, ...errorResponses(409) } },
      },
      async (request) => {
        const p = principalOf(request);
        const out = await trackShipment(db, providers, p, request.params.id);
        return out.changed ? after(p, out.shipment) : out.shipment;
      },
    );

    app.post(
      "/shipments/:id/notify-store",
      {
        config: { access: WRITE },
        schema: { tags, params: ZShipmentIdParamsSchema, response: { 200: ZShipmentSchema, ...errorResponses(409) } },
      },
      async (request) => {
        const p = principalOf(request);
        await shipmentDetail(db, p, request.params.id); // scope first: another tenant's is a 404
        return tellStore(db, deps.config, p, request.params.id);
      },
    );
  };
