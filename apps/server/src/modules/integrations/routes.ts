import { integrationsApi as api } from "@hub/contracts/integrations/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/access";
import type { ModuleDeps } from "../../platform/deps";
import { register } from "../../platform/operations";
import { createApiKey, listApiKeys, revokeApiKey, whoami } from "./api-keys.service";
import { deleteIntegration, listIntegrations, saveIntegration, testIntegration } from "./integrations.service";
import { sendSoftwareRequest } from "./software-request.service";

/** The integrations area's handlers (issue 3); what each answers and who may call it is in `integrationsApi`. */
export const integrationsRoutes =
  ({ db, config, mailer, jobs }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, api.apiKeys, async (request) => listApiKeys(db, principalOf(request)));
    register(app, api.createApiKey, async (request, reply) =>
      reply.status(201).send(await createApiKey(db, principalOf(request), request.body)),
    );
    register(app, api.revokeApiKey, async (request) => revokeApiKey(db, principalOf(request), request.params.id));
    register(app, api.whoami, async (request) => whoami(db, principalOf(request)));

    register(app, api.list, async (request) => listIntegrations(db, config, principalOf(request)));
    register(app, api.saveStore, async (request) =>
      saveIntegration(db, config, principalOf(request), "store", request.body),
    );
    register(app, api.saveShipping, async (request) => {
      const saved = await saveIntegration(db, config, principalOf(request), "shipping", request.body);
      // Released orders are sent to the platform by a minute job (orders/platform-order.service.ts): a saved
      // platform is a need for jobs, so their schedules are installed even where no job was ever queued.
      await jobs
        .ready()
        .catch((error: unknown) => request.log.warn({ err: error }, "shipping platform: jobs not started"));
      return saved;
    });
    register(app, api.remove, async (request) => {
      await deleteIntegration(db, principalOf(request), request.params.platform);
      return { platform: request.params.platform, deleted: true as const };
    });
    register(app, api.test, async (request) =>
      testIntegration(db, config, principalOf(request), request.params.platform),
    );

    register(app, api.softwareRequest, async (request, reply) =>
      reply.status(201).send(await sendSoftwareRequest(db, config, mailer, principalOf(request), request.body)),
    );
  };
