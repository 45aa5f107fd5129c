import {
  ZCurrentTeamRequestSchema,
  ZIdQuerySchema,
  ZInvitationStatusQuerySchema,
  ZMyTeamListSchema,
  ZMyTeamSchema,
  ZTeamCreateRequestSchema,
  ZTeamInviteRequestSchema,
  ZTeamListQuerySchema,
  ZTeamMemberListSchema,
  ZTeamMemberSchema,
  ZTeamMembersQuerySchema,
  ZTeamRemovedSchema,
  ZTeamRoleRequestSchema,
  ZTeamSummaryPageSchema,
  ZTeamSummarySchema,
  ZTeamTypeListSchema,
  ZTeamUpdateRequestSchema,
} from "@hub/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Access, principalOf } from "../../platform/access";
import type { ModuleDeps } from "../../platform/deps";
import { errorResponses } from "../../platform/errors";
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

const tags = ["productDev"];
const errors = errorResponses(409);
/** Managing a team's members: the Team Management card (team admin rights are checked per team). */
const MANAGE: Access = { signedIn: true, card: "teamManagement" };
/** One's own teams (the header switcher) and invitations: every signed-in user. */
const OWN: Access = { signedIn: true };

/**
 * Spec 7's teams and team users (issue 12): /api/productDev/teams/{findAll, create, update?id,
 * types, impersonateList, current} and /api/productDev/teamUsers/{findAll?teamId, create,
 * update?id, invitationStatus?id&status, delete?id}.
 */
export const teamsRoutes =
  ({ db, mailer, config }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const base = "/productDev/teams";
    app.get(
      `${base}/findAll`,
      { config: { access: OWN }, schema: { tags, response: { 200: ZMyTeamListSchema, ...errors } } },
      async (request) => myTeams(db, principalOf(request)),
    );
    app.get(
      `${base}/types`,
      { config: { access: OWN }, schema: { tags, response: { 200: ZTeamTypeListSchema, ...errors } } },
      async () => teamTypes(db),
    );
    app.get(
      `${base}/impersonateList`,
      {
        config: { access: { signedIn: true, types: ["icreate"] } },
        schema: { tags, querystring: ZTeamListQuerySchema, response: { 200: ZTeamSummaryPageSchema, ...errors } },
      },
      async (request) => allTeams(db, request.query),
    );
    app.post(
      `${base}/create`,
      {
        config: { access: MANAGE },
        schema: { tags, body: ZTeamCreateRequestSchema, response: { 201: ZMyTeamSchema, ...errors } },
      },
      async (request, reply) => reply.status(201).send(await createTeam(db, principalOf(request), request.body)),
    );
    app.put(
      `${base}/update`,
      {
        config: { access: MANAGE },
        schema: {
          tags,
          querystring: ZIdQuerySchema,
          body: ZTeamUpdateRequestSchema,
          response: { 200: ZTeamSummarySchema, ...errors },
        },
      },
      async (request) => updateTeam(db, principalOf(request), request.query.id, request.body),
    );
    app.put(
      `${base}/current`,
      {
        config: { access: OWN },
        schema: { tags, body: ZCurrentTeamRequestSchema, response: { 200: ZMyTeamSchema, ...errors } },
      },
      async (request) => setCurrentTeam(db, principalOf(request), request.body.teamId),
    );

    const users = "/productDev/teamUsers";
    app.get(
      `${users}/findAll`,
      {
        config: { access: MANAGE },
        schema: { tags, querystring: ZTeamMembersQuerySchema, response: { 200: ZTeamMemberListSchema, ...errors } },
      },
      async (request) => teamMembers(db, principalOf(request), request.query.teamId),
    );
    app.post(
      `${users}/create`,
      {
        config: { access: MANAGE },
        schema: { tags, body: ZTeamInviteRequestSchema, response: { 201: ZTeamMemberSchema, ...errors } },
      },
      async (request, reply) =>
        reply.status(201).send(await inviteMember(db, mailer, config, principalOf(request), request.body)),
    );
    app.put(
      `${users}/update`,
      {
        config: { access: MANAGE },
        schema: {
          tags,
          querystring: ZIdQuerySchema,
          body: ZTeamRoleRequestSchema,
          response: { 200: ZTeamMemberSchema, ...errors },
        },
      },
      async (request) => setMemberRole(db, principalOf(request), request.query.id, request.body.roleName),
    );
    app.put(
      `${users}/invitationStatus`,
      {
        config: { access: OWN },
        schema: { tags, querystring: ZInvitationStatusQuerySchema, response: { 200: ZTeamMemberSchema, ...errors } },
      },
      async (request) => answerInvitation(db, principalOf(request), request.query.id, request.query.status),
    );
    app.delete(
      `${users}/delete`,
      {
        config: { access: MANAGE },
        schema: { tags, querystring: ZIdQuerySchema, response: { 200: ZTeamRemovedSchema, ...errors } },
      },
      async (request) => {
        await removeMember(db, principalOf(request), request.query.id);
        return { id: request.query.id, deleted: true as const };
      },
    );
  };
