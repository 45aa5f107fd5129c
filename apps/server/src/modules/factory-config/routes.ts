import { factoryConfigApi as api } from "@hub/contracts/factory-config/factory-config-api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/access";
import type { ModuleDeps } from "../../platform/deps";
import { register } from "../../platform/operations";
import { factoryConfigHistory, getFactoryConfig, saveFactoryConfig } from "./factory-config.service";

/** Factory Config: a facility's own settings and their history. */
export const factoryConfigRoutes =
  ({ db }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, api.get, async (request) => getFactoryConfig(db, principalOf(request), request.query));
    register(app, api.save, async (request) =>
      saveFactoryConfig(db, principalOf(request), request.query, request.body),
    );
    register(app, api.history, async (request) => factoryConfigHistory(db, principalOf(request), request.query));
  };
