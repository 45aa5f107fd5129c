import { teamsApi as api } from "@hub/contracts/teams/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/access";
import type { ModuleDeps } from "../../platform/deps";
import { register } from "../../platform/operations";
import {
  allTeams,
  answerInvitation,
  createTeam,
  inviteMember,
  myTeams,
  removeMember,
  setCurrentTeam,
  setMemberRole,
  teamMembers,
  teamTypes,
  updateTeam,
} from "./teams.service";

/** Spec 7's teams and team users (issue 12); what each answers and who may call it is in `teamsApi`. */
export const teamsRoutes =
  ({ db, mailer, config }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, api.mine, async (request) => myTeams(db, principalOf(request)));
    register(app, api.types, async () => teamTypes(db));
    register(app, api.all, async (request) => allTeams(db, request.query));
    register(app, api.create, async (request, reply) =>
      reply.status(201).send(await createTeam(db, principalOf(request), request.body)),
    );
    register(app, api.update, async (request) => updateTeam(db, principalOf(request), request.query.id, request.body));
    register(app, api.setCurrent, async (request) => setCurrentTeam(db, principalOf(request), request.body.teamId));

    register(app, api.members, async (request) => teamMembers(db, principalOf(request), request.query.teamId));
    register(app, api.invite, async (request, reply) =>
      reply.status(201).send(await inviteMember(db, mailer, config, principalOf(request), request.body)),
    );
    register(app, api.setRole, async (request) =>
      setMemberRole(db, principalOf(request), request.query.id, request.body.roleName),
    );
    register(app, api.answerInvitation, async (request) =>
      answerInvitation(db, principalOf(request), request.query.id, request.query.status),
    );
    register(app, api.removeMember, async (request) => {
      await removeMember(db, principalOf(request), request.query.id);
      return { id: request.query.id, deleted: true as const };
    });
  };
