import { sessionApi as api } from "@hub/contracts/session/api";
import type { HubDb } from "@hub/db";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/access";
import { forbidden, notFound } from "../../platform/errors";
import { register } from "../../platform/operations";
import { loadPrincipal } from "../../platform/principal";
import { recordLoginAudit } from "./login-audit.service";
import { getUserData } from "./profile.service";

/** The session area's handlers; what each answers and who may call it is in `sessionApi`. */
export const sessionRoutes =
  (db: HubDb): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, api.userData, async (request) => {
      const me = principalOf(request);
      let subject = me;
      if (request.query.username.toLowerCase() !== me.userName.toLowerCase()) {
        if (!me.isInternal) throw forbidden("You can only load your own user data.");
        const other = await loadPrincipal(db, request.query.username);
        if (!other) throw notFound("That user");
        subject = other;
      }
      const data = await getUserData(db, subject);
      if (!data) throw notFound("That user");
      return data;
    });

    register(app, api.loginAudit, async (request) => {
      const me = principalOf(request);
      if (request.body.userName.toLowerCase() !== me.userName.toLowerCase()) {
        throw forbidden("A login audit record names the signed-in user.");
      }
      return recordLoginAudit(db, request.body, request.ip);
    });

    register(app, api.ip, async (request, reply) => {
      reply.header("cache-control", "no-store");
      const ip = request.ip.startsWith("::ffff:") ? request.ip.slice(7) : request.ip;
      return { ip };
    });
  };
