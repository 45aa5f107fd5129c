import { homeApi as api } from "@hub/contracts/home/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/access";
import type { ModuleDeps } from "../../platform/deps";
import { register } from "../../platform/operations";
import { homeSummary } from "./home.service";

/** The home page's handler (issue 18); who may call it and what it answers is in `homeApi`. */
export const homeRoutes =
  ({ db }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, api.summary, async (request) => homeSummary(db, principalOf(request)));
  };
