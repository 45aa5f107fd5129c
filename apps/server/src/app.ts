import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { API_KEY_HEADER, APP_VERSION, SESSION_CLIENT_HEADER } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import Fastify, { type FastifyInstance } from "fastify";
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { financeRoutes } from "./modules/billing/finance.routes";
import { billingRoutes } from "./modules/billing/routes";
import { clientAccountRoutes } from "./modules/client-account/routes";
import { clientsRoutes } from "./modules/clients/routes";
import { dashboardEmbedRoutes } from "./modules/dashboards/embed.routes";
import { startRollups } from "./modules/dashboards/rollups";
import { dashboardsRoutes } from "./modules/dashboards/routes";
import { designLibraryRoutes } from "./modules/design-library/routes";
import { devRoutes } from "./modules/dev/routes";
import { factoryConfigRoutes } from "./modules/factory-config/routes";
import { fileManagerRoutes } from "./modules/file-manager/routes";
import { filesRoutes } from "./modules/files/routes";
import { cuttingRoutes } from "./modules/floor/cutting.routes";
import { FLOOR_CHANNEL } from "./modules/floor/live";
import { floorRoutes } from "./modules/floor/routes";
import { homeRoutes } from "./modules/home/routes";
import type { IdentityProvider } from "./modules/identity/provider";
import { identityProviderFor } from "./modules/identity/provider-for";
import { identityRoutes } from "./modules/identity/routes";
import { integrationsRoutes } from "./modules/integrations/routes";
import { inventoryRoutes } from "./modules/inventory/routes";
import { libraryRoutes } from "./modules/library/routes";
import { messagesRoutes } from "./modules/messages/routes";
import { orderDocumentsRoutes } from "./modules/orders/documents.routes";
import { orderImportRoutes } from "./modules/orders/import.routes";
import { marginRoutes } from "./modules/orders/margin.routes";
import { openOrdersRoutes } from "./modules/orders/open-orders.routes";
import { startPaymentRecovery } from "./modules/orders/payment.service";
import { poFileRoutes } from "./modules/orders/po-file.routes";
import { ordersRoutes } from "./modules/orders/routes";
import { productsRoutes } from "./modules/products/routes";
import { reportsRoutes } from "./modules/reports/routes";
import { returnsRoutes } from "./modules/returns/routes";
import { s3ImportRoutes } from "./modules/s3-import/routes";
import { assertBrandSignUpAllowed } from "./modules/session/hub-user.service";
import { sessionRoutes } from "./modules/session/routes";
import { shippingRoutes } from "./modules/shipping/routes";
import { systemRoutes } from "./modules/system/routes";
import { teamsRoutes } from "./modules/teams/routes";
import { usersRoutes } from "./modules/users/routes";
import { dispatch } from "./modules/webhooks/events";
import { installEventDispatch } from "./modules/webhooks/request-events";
import { webhooksRoutes } from "./modules/webhooks/routes";
import { installAccessGuard } from "./platform/access";
import { type BillingAdapter, billingAdapterFor } from "./platform/billing";
import type { HubConfig } from "./platform/config";
import { forbidden, installErrorHandler, sendNotFound } from "./platform/errors";
import { type FilesAdapter, filesAdapterFor } from "./platform/files";
import { installInputGuard } from "./platform/input-guard";
import { installWorkerGate, openReplicaFor } from "./platform/instances";
import { createJobs } from "./platform/jobs";
import { type LogStream, loggerOptions } from "./platform/logging";
import { type Mailer, outboxMailer, smtpMailer } from "./platform/mail";
import { startNoticePublisher, startNotifyListener } from "./platform/notify";
import { loadApiKeyPrincipal, loadPrincipal, withSessionClient } from "./platform/principal";
import { installSecurityHeaders } from "./platform/security-headers";
import { responseSerializerCompiler } from "./platform/serializer";
import { createSharedReads } from "./platform/shared-read";

export type AppDeps = {
  config: HubConfig;
  db: HubDb;
  mailer?: Mailer;
  identity?: IdentityProvider;
  logger?: boolean;
  /** Where the log lines go when `logger` is on (stdout by default); tests pass a capturing stream. */
  logStream?: LogStream;
  /** Billing adapter; by default from the config (Stripe when STRIPE_SECRET_KEY is set, else the built-in ledger). */
  billing?: BillingAdapter;
  /** Files adapter; by default from the config (S3 when S3_BUCKET is set, else a local folder). */
  files?: FilesAdapter;
  /** Where lagging reads go; by default the read replica (DATABASE_REPLICA_URL) when set, else `db`. */
  readDb?: HubDb;
};

export type HubApp = FastifyInstance & { identity: IdentityProvider };

/** Builds the whole server from its parts. main.ts and every HTTP test build it the same way. */
export const buildApp = async (deps: AppDeps): Promise<HubApp> => {
  const { config, db } = deps;
  const mailer = deps.mailer ?? (config.smtpUrl ? smtpMailer(db, config.smtpUrl, config.mailFrom) : outboxMailer(db));
  // Cognito when COGNITO_USER_POOL_ID is set, else the built-in pool; tests may pass their own.
  const identity = deps.identity ?? identityProviderFor(config, db, mailer);

  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logger ?? false, deps.logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  installErrorHandler(app);
  if (config.role === "worker") installWorkerGate(app);
  installSecurityHeaders(app, config);
  installInputGuard(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: "Hub API",
        version: APP_VERSION,
        description: "The Hub's HTTP API. Send the ID token as `Authorization: Bearer <token>`.",
      },
      components: { securitySchemes: { idToken: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
      security: [{ idToken: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs" });

  // Requests of one session that arrive together (a page's parallel calls, a dashboard's crowd) share
  // one principal read, never one that started before they came, so a sign-out is seen at once.
  const principals = createSharedReads();
  installAccessGuard(
    app,
    async (request) => {
      const header = request.headers.authorization;
      // API keys (x-api-key, or a Bearer value starting hub_): only on routes that opt in with config.apiKey.
      const bearer = header?.startsWith("Bearer ") ? header.slice(7).trim() : null;
      const rawKey = request.headers[API_KEY_HEADER];
      const apiKey = (Array.isArray(rawKey) ? rawKey[0] : rawKey) ?? (bearer?.startsWith("hub_") ? bearer : undefined);
      if (apiKey !== undefined) {
        const principal = await loadApiKeyPrincipal(db, apiKey.trim());
        if (principal && request.routeOptions.config.apiKey !== true)
          throw forbidden("This endpoint does not accept API keys.");
        return principal;
      }
      if (!header?.startsWith("Bearer ")) return null;
      const token = header.slice(7).trim();
      // The built-in pool's session is checked by the principal's own statement (one, not two).
      const read = identity.readIdToken
        ? await identity.readIdToken(token)
        : await identity.verifyIdToken(token).then((claims) => (claims ? { claims, sessionId: undefined } : null));
      if (!read) return null;
      const name = read.claims["cognito:username"];
      const principal = await principals.read(`${name}\u0000${read.sessionId ?? ""}`, () =>
        loadPrincipal(db, name, read.sessionId),
      );
      return principal ? withSessionClient(db, principal, request.headers[SESSION_CLIENT_HEADER]) : null;
    },
    config.demoMode,
  );

  await app.register(
    identityRoutes(identity, {
      beforeSignUp: async (input) => {
        if (input.brand) await assertBrandSignUpAllowed(db, input.brand);
      },
    }),
    { prefix: "/api" },
  );
  await app.register(sessionRoutes(db), { prefix: "/api" });
  // One LISTEN connection per process for live floor changes (platform/notify.ts), closed with the app.
  const notify = await startNotifyListener(db, [FLOOR_CHANNEL], app.log);
  // The publisher sends what the writers queued (notice_outbox) every 100 ms; closed before the listener.
  const publisher = startNoticePublisher(db, app.log);
  app.addHook("onClose", async () => {
    await publisher.close();
    await notify.close();
  });
  // Background jobs (platform/jobs.ts): workers are registered by the areas below, pg-boss starts
  // when jobs may be waiting or the first is sent, and stops (running jobs get a moment) on close.
  const jobs = createJobs(db, config, app.log);
  app.addHook("onClose", () => jobs.close());
  // Webhook deliveries raised in a request are queued once its response has gone (webhooks/request-events.ts).
  installEventDispatch(app, (deliveryIds) => dispatch(jobs, { eventId: 0, deliveryIds }));
  // From here a failure must close what is open (the listener's connection), or nothing can.
  try {
    const readDb = deps.readDb ?? (await openReplicaFor(app, config, db));
    const moduleDeps = {
      db,
      readDb,
      config,
      mailer,
      identity,
      billing: deps.billing ?? billingAdapterFor(db, config),
      files: deps.files ?? filesAdapterFor(config),
      notify,
      jobs,
    };
    await app.register(clientsRoutes(moduleDeps), { prefix: "/api" });
    await app.register(usersRoutes(moduleDeps), { prefix: "/api" });
    await app.register(clientAccountRoutes(moduleDeps), { prefix: "/api" });
    await app.register(integrationsRoutes(moduleDeps), { prefix: "/api" });
    await app.register(webhooksRoutes(moduleDeps), { prefix: "/api" });
    await app.register(s3ImportRoutes(moduleDeps), { prefix: "/api" });
    await app.register(messagesRoutes(moduleDeps), { prefix: "/api" });
    await app.register(billingRoutes(moduleDeps), { prefix: "/api" });
    await app.register(filesRoutes(moduleDeps), { prefix: "/api" });
    await app.register(factoryConfigRoutes(moduleDeps), { prefix: "/api" });
    await app.register(libraryRoutes(moduleDeps), { prefix: "/api" });
    await app.register(ordersRoutes(moduleDeps), { prefix: "/api" });
    await app.register(orderDocumentsRoutes(moduleDeps), { prefix: "/api" });
    await app.register(orderImportRoutes(moduleDeps), { prefix: "/api" });
    await app.register(poFileRoutes(moduleDeps), { prefix: "/api" });
    await app.register(inventoryRoutes(moduleDeps), { prefix: "/api" });
    await app.register(cuttingRoutes(moduleDeps), { prefix: "/api" });
    await app.register(returnsRoutes(moduleDeps), { prefix: "/api" });
    await app.register(floorRoutes(moduleDeps), { prefix: "/api" });
    await app.register(openOrdersRoutes(moduleDeps), { prefix: "/api" });
    await app.register(dashboardsRoutes(moduleDeps), { prefix: "/api" });
    await app.register(dashboardEmbedRoutes(moduleDeps), { prefix: "/api" });
    await app.register(teamsRoutes(moduleDeps), { prefix: "/api" });
    await app.register(designLibraryRoutes(moduleDeps), { prefix: "/api" });
    await app.register(shippingRoutes(moduleDeps), { prefix: "/api" });
    await app.register(productsRoutes(moduleDeps), { prefix: "/api" });
    await app.register(fileManagerRoutes(moduleDeps), { prefix: "/api" });
    await app.register(homeRoutes(moduleDeps), { prefix: "/api" });
    await app.register(financeRoutes(moduleDeps), { prefix: "/api" });
    await app.register(marginRoutes(moduleDeps), { prefix: "/api" });
    await app.register(reportsRoutes(moduleDeps), { prefix: "/api" });
    await app.register(systemRoutes(db, config, identity.kind), { prefix: "/api" });
    // Charges a crash, a lost connection or a silent provider left pending are resumed, once (orders/payment.service.ts).
    const payments = startPaymentRecovery(moduleDeps, app.log);
    app.addHook("onClose", () => payments.close());
    // The dashboards' daily rollups are brought up to date now and every minute (dashboards/rollups.ts).
    if (config.jobWorkers) {
      const rollups = startRollups(db, app.log);
      app.addHook("onClose", () => rollups.close());
    }
    // Jobs queued before this start (by this process before a restart, or another) run now.
    await jobs.resume();
    // The demo mailbox is served under /dev, not /api: its declared paths are the whole URL.
    await app.register(devRoutes(db));

    // The web app: built assets, and index.html for every other page path (the app routes it).
    const index = join(config.webDist, "index.html");
    if (existsSync(index)) {
      // The wildcard route (/*) is the one static route the access guard knows; per-file routes would declare no access.
      // Hashed assets are cached for a year; index.html (also served for "/") changes with every build.
      await app.register(fastifyStatic, {
        root: config.webDist,
        maxAge: "1y",
        immutable: true,
        setHeaders: (reply, path) => {
          // The service worker (sw.js) and its list of built files too: a browser must see new ones at once.
          if (path.endsWith(".html") || path.endsWith("/sw.js") || path.endsWith("/sw-assets.json"))
            reply.header("cache-control", "no-cache");
        },
      });
      app.setNotFoundHandler((request, reply) => {
        const path = request.url.split("?")[0] ?? "";
        if (
          request.method === "GET" &&
          !path.startsWith("/api/") &&
          !path.startsWith("/dev/") &&
          !/\.[a-z0-9]+$/i.test(path)
        ) {
          return reply.header("cache-control", "no-cache").sendFile("index.html", { maxAge: 0, immutable: false });
        }
        return sendNotFound(request, reply);
      });
    } else {
      app.setNotFoundHandler(sendNotFound);
    }
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }

  return Object.assign(app, { identity }) as unknown as HubApp;
};
