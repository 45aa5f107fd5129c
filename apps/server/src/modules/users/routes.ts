import {
  ZCreateAccountRequestSchema,
  ZCreateAccountResponseSchema,
  ZErrorResponseSchema,
  ZOkSchema,
  ZRoleListSchema,
  ZUserDetailSchema,
  ZUserFormOptionsSchema,
  ZUserIdParamsSchema,
  ZUserListQuerySchema,
  ZUserListSchema,
  ZUserPageSchema,
  ZUserRoleCreateRequestSchema,
  ZUserRoleIdParamsSchema,
  ZUserRoleListSchema,
  ZUserRoleQuerySchema,
  ZUserRoleSchema,
  ZUsersByClientParamsSchema,
  ZUsersByEmailQuerySchema,
  ZUserTypeListSchema,
  ZUserUpdateRequestSchema,
} from "@hub/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Access, principalOf } from "../../platform/access";
import { sendCsv } from "../../platform/csv";
import type { ModuleDeps } from "../../platform/deps";
import { errorResponses } from "../../platform/errors";
import {
  createAccount,
  createUserRole,
  deleteUserRole,
  exportUsersCsv,
  formOptions,
  getUser,
  listInternalAdmins,
  listRoles,
  listUserRoles,
  listUsers,
  listUsersByClient,
  listUsersByEmail,
  listUserTypes,
  updateUser,
} from "./users.service";

const tags = ["users"];
const errors = errorResponses();
const writeErrors = { ...errors, 409: ZErrorResponseSchema };

/** Internal admins with the 'users' card: spec 6, only admins fetch the internal admins and all user data. */
const adminOnly: Access = { signedIn: true, types: ["icreate"], card: "users" };
const config = { access: adminOnly };

/** The users area's routes (issue 3): the internal admins' users screens and account creation. */
export const usersRoutes =
  (deps: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;

    app.get(
      "/users",
      {
        config,
        schema: {
          tags,
          summary: "All users, paged",
          querystring: ZUserListQuerySchema,
          response: { 200: ZUserPageSchema, ...errors },
        },
      },
      async (request) => listUsers(db, request.query),
    );

    app.get(
      "/users/export.csv",
      {
        config,
        schema: {
          tags,
          summary: "Every user the list's search and filters find, as CSV",
          querystring: ZUserListQuerySchema,
        },
      },
      async (request, reply) => sendCsv(reply, "users.csv", await exportUsersCsv(db, request.query)),
    );

    app.get(
      "/users/form-options",
      {
        config,
        schema: {
          tags,
          summary: "What the user forms choose from",
          response: { 200: ZUserFormOptionsSchema, ...errors },
        },
      },
      async () => formOptions(db),
    );

    app.get(
      "/users/internalAdmins",
      { config, schema: { tags, summary: "The internal admins", response: { 200: ZUserListSchema, ...errors } } },
      async () => listInternalAdmins(db),
    );

    app.get(
      "/users/byEmail",
      {
        config,
        schema: {
          tags,
          summary: "Users by email (trimmed, lowercased)",
          querystring: ZUsersByEmailQuerySchema,
          response: { 200: ZUserListSchema, ...errors },
        },
      },
      async (request) => listUsersByEmail(db, request.query.email),
    );

    app.get(
      "/users/byClient/:clientId",
      {
        config,
        schema: {
          tags,
          summary: "A client's users",
          params: ZUsersByClientParamsSchema,
          response: { 200: ZUserListSchema, ...errors },
        },
      },
      async (request) => listUsersByClient(db, request.params.clientId),
    );

    app.get(
      "/users/:id",
      {
        config,
        schema: {
          tags,
          summary: "One user",
          params: ZUserIdParamsSchema,
          response: { 200: ZUserDetailSchema, ...errors },
        },
      },
      async (request) => getUser(db, request.params.id),
    );

    app.put(
      "/users/:id",
      {
        config,
        schema: {
          tags,
          summary: "Update a user: type, organisation, roles, flags and card access",
          params: ZUserIdParamsSchema,
          body: ZUserUpdateRequestSchema,
          response: { 200: ZUserDetailSchema, ...writeErrors },
        },
      },
      async (request) => updateUser(db, principalOf(request), request.params.id, request.body),
    );

    app.post(
      "/users",
      {
        config,
        schema: {
          tags,
          summary: "Create an account with a temporary password (emailed to the person)",
          body: ZCreateAccountRequestSchema,
          response: { 201: ZCreateAccountResponseSchema, ...writeErrors },
        },
      },
      async (request, reply) => {
        const created = await createAccount(deps, principalOf(request), request.body);
        return reply.status(201).send(created);
      },
    );

    app.get(
      "/userTypes",
      { config, schema: { tags, summary: "The user types", response: { 200: ZUserTypeListSchema, ...errors } } },
      async () => listUserTypes(db),
    );

    app.get(
      "/roles",
      { config, schema: { tags, summary: "The roles", response: { 200: ZRoleListSchema, ...errors } } },
      async () => listRoles(db),
    );

    app.get(
      "/userRole",
      {
        config,
        schema: {
          tags,
          summary: "A user's role links",
          querystring: ZUserRoleQuerySchema,
          response: { 200: ZUserRoleListSchema, ...errors },
        },
      },
      async (request) => listUserRoles(db, request.query.userId),
    );

    app.post(
      "/userRole",
      {
        config,
        schema: {
          tags,
          summary: "Link a user to a role",
          body: ZUserRoleCreateRequestSchema,
          response: { 201: ZUserRoleSchema, ...writeErrors },
        },
      },
      async (request, reply) => reply.status(201).send(await createUserRole(db, principalOf(request), request.body)),
    );

    app.delete(
      "/userRole/:id",
      {
        config,
        schema: {
          tags,
          summary: "Remove a user-role link",
          params: ZUserRoleIdParamsSchema,
          response: { 200: ZOkSchema, ...errors },
        },
      },
      async (request) => {
        await deleteUserRole(db, principalOf(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
