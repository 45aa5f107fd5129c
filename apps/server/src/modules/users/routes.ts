import { usersApi as api } from "@hub/contracts/users/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/access";
import { sendCsv } from "../../platform/csv";
import type { ModuleDeps } from "../../platform/deps";
import { register } from "../../platform/operations";
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

/** The users area's handlers (issue 3); what each answers and who may call it is in `usersApi`. */
export const usersRoutes =
  (deps: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    register(app, api.list, async (request) => listUsers(db, request.query));
    register(app, api.exportCsv, async (request, reply) =>
      sendCsv(reply, "users.csv", await exportUsersCsv(db, request.query)),
    );
    register(app, api.formOptions, async () => formOptions(db));
    register(app, api.internalAdmins, async () => listInternalAdmins(db));
    register(app, api.byEmail, async (request) => listUsersByEmail(db, request.query.email));
    register(app, api.byClient, async (request) => listUsersByClient(db, request.params.clientId));
    register(app, api.get, async (request) => getUser(db, request.params.id));
    register(app, api.update, async (request) => updateUser(db, principalOf(request), request.params.id, request.body));
    register(app, api.create, async (request, reply) =>
      reply.status(201).send(await createAccount(deps, principalOf(request), request.body)),
    );
    register(app, api.userTypes, async () => listUserTypes(db));
    register(app, api.roles, async () => listRoles(db));
    register(app, api.userRoles, async (request) => listUserRoles(db, request.query.userId));
    register(app, api.addUserRole, async (request, reply) =>
      reply.status(201).send(await createUserRole(db, principalOf(request), request.body)),
    );
    register(app, api.removeUserRole, async (request) => {
      await deleteUserRole(db, principalOf(request), request.params.id);
      return { ok: true as const };
    });
  };
