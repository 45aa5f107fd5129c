import { type Access, declareApi } from "../common/operation";
import { ZIdQuerySchema } from "../design-library/design-library";
import {
  ZCurrentTeamRequestSchema,
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
} from "./teams";

/** Managing a team's members: the Team Management card (team admin rights are checked per team). */
const MANAGE: Access = { signedIn: true, card: "teamManagement" };
/** One's own teams (the header switcher) and invitations: every signed-in user. */
const OWN: Access = { signedIn: true };

/**
 * Spec 7's teams and team users (issue 12): /api/productDev/teams/{findAll, create, update?id,
 * types, impersonateList, current} and /api/productDev/teamUsers/{findAll?teamId, create,
 * update?id, invitationStatus?id&status, delete?id}.
 */
export const teamsApi = declareApi("teams", {
  mine: { method: "GET", path: "/productDev/teams/findAll", access: OWN, responses: { 200: ZMyTeamListSchema } },
  types: { method: "GET", path: "/productDev/teams/types", access: OWN, responses: { 200: ZTeamTypeListSchema } },
  /** Every team (internal users, to impersonate one). */
  all: {
    method: "GET",
    path: "/productDev/teams/impersonateList",
    access: { signedIn: true, types: ["icreate"] },
    query: ZTeamListQuerySchema,
    responses: { 200: ZTeamSummaryPageSchema },
  },
  create: {
    method: "POST",
    path: "/productDev/teams/create",
    access: MANAGE,
    body: ZTeamCreateRequestSchema,
    responses: { 201: ZMyTeamSchema },
    errors: [409],
  },
  update: {
    method: "PUT",
    path: "/productDev/teams/update",
    access: MANAGE,
    query: ZIdQuerySchema,
    body: ZTeamUpdateRequestSchema,
    responses: { 200: ZTeamSummarySchema },
    errors: [409],
  },
  /** Makes a team the caller's current (and default) team. */
  setCurrent: {
    method: "PUT",
    path: "/productDev/teams/current",
    access: OWN,
    body: ZCurrentTeamRequestSchema,
    responses: { 200: ZMyTeamSchema },
    errors: [409],
  },
  members: {
    method: "GET",
    path: "/productDev/teamUsers/findAll",
    access: MANAGE,
    query: ZTeamMembersQuerySchema,
    responses: { 200: ZTeamMemberListSchema },
    errors: [409],
  },
  invite: {
    method: "POST",
    path: "/productDev/teamUsers/create",
    access: MANAGE,
    body: ZTeamInviteRequestSchema,
    responses: { 201: ZTeamMemberSchema },
    errors: [409],
  },
  setRole: {
    method: "PUT",
    path: "/productDev/teamUsers/update",
    access: MANAGE,
    query: ZIdQuerySchema,
    body: ZTeamRoleRequestSchema,
    responses: { 200: ZTeamMemberSchema },
    errors: [409],
  },
  /** The invited user accepts or declines. */
  answerInvitation: {
    method: "PUT",
    path: "/productDev/teamUsers/invitationStatus",
    access: OWN,
    query: ZInvitationStatusQuerySchema,
    responses: { 200: ZTeamMemberSchema },
    errors: [409],
  },
  removeMember: {
    method: "DELETE",
    path: "/productDev/teamUsers/delete",
    access: MANAGE,
    query: ZIdQuerySchema,
    responses: { 200: ZTeamRemovedSchema },
    errors: [409],
  },
});
