import {
  ZIpResponseSchema,
  ZLoginAuditRequestSchema,
  ZLoginAuditResponseSchema,
  ZUserDataQuerySchema,
  ZUserDataResponseSchema,
} from "@hub/contracts";
import type { HubDb } from "@hub/db";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/access";
import { errorResponses, forbidden, notFound } from "../../platform/errors";
import { loadPrincipal } from "../../platform/principal";
import { recordLoginAudit } from "./login-audit.service";
import { getUserData } from "./profile.service";

const tags = ["accounts"];
const errors = errorResponses();

export const sessionRoutes =
  (db: HubDb): FastifyPluginAsyncZod =>
  async (app) => {
    /** The session: the signed-in user's profile. Internal admins may load another user's. */
    app.get(
      "/userdata",
      {
        config: { access: { signedIn: true } },
        schema: { tags, querystring: ZUserDataQuerySchema, response: { 200: ZUserDataResponseSchema, ...errors } },
      },
      async (request) => {
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
      },
    );

    app.post(
      "/loginAudit",
      {
        config: { access: { signedIn: true } },
        schema: { tags, body: ZLoginAuditRequestSchema, response: { 200: ZLoginAuditResponseSchema, ...errors } },
      },
      async (request) => {
        const me = principalOf(request);
        if (request.body.userName.toLowerCase() !== me.userName.toLowerCase()) {
          throw forbidden("A login audit record names the signed-in user.");
        }
        return recordLoginAudit(db, request.body, request.ip);
      },
    );

    /** The caller's public address as this server sees it (the default public-IP lookup). */
    app.get(
      "/ip",
      { config: { access: { public: true } }, schema: { tags, response: { 200: ZIpResponseSchema } } },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        const ip = request.ip.startsWith("::ffff:") ? request.ip.slice(7) : request.ip;
        return { ip };
      },
    );
  };
