import { z } from "zod";
import { ZDbIdSchema, ZIdSchema } from "../common/ids";
import { pageOf, ZPageQuerySchema } from "../common/paging";
import { zText } from "../common/text";

/**
 * Product-development teams (spec 3, 4 and 7; issue 12): a team admin invites members by email
 * (pending until they accept), sets roles and removes members; each member chooses the current
 * team in the header (remembered as their default team); internal admins see every team (the
 * impersonation list). Paths: /api/productDev/teams/… and /api/productDev/teamUsers/….
 */

export const TEAM_ROLES = ["ADMIN", "MEMBER"] as const;
export type TTeamRole = (typeof TEAM_ROLES)[number];
export const INVITATION_ANSWERS = ["ACCEPTED", "DECLINED"] as const;

export const TEAM_MESSAGES = {
  notAdmin: "Only an admin of this team can do this.",
  lastAdmin: "A team needs at least one admin: make someone else an admin first.",
  unknownEmail: "No Hub user has this email. Ask your client admin to invite them to the Hub first.",
  otherClient: "That user belongs to another client.",
  alreadyMember: "That user is already in this team.",
  alreadyInvited: "That user is already invited to this team.",
  notInvited: "There is no open invitation to answer.",
  notYours: "Only the invited user can answer an invitation.",
  notMember: "You are not a member of that team.",
  invited: (email: string) => `${email} was invited. The team shows in their switcher once they accept.`,
  accepted: "Invitation accepted.",
  declined: "Invitation declined.",
  removed: "Member removed.",
  roleSaved: "Role saved.",
  switched: (name: string) => `You are now working in ${name}.`,
  removeConfirm: (name: string, team: string) => `Remove ${name} from ${team}? They lose access to its library.`,
  noTeams: "No teams yet.",
  inviteMail: {
    subject: (team: string) => `You are invited to the ${team} team on the Hub`,
    body: (inviter: string, team: string, url: string) =>
      `${inviter} invited you to the ${team} team on the Hub.\n\nSign in and open Team Management to accept or decline: ${url}`,
  },
} as const;

export const ZTeamTypeSchema = z.object({ id: z.number().int(), name: zText() });
export const ZTeamTypeListSchema = z.array(ZTeamTypeSchema);

/** One of the caller's teams, with their membership (active or an invitation to answer). */
export const ZMyTeamSchema = z.object({
  id: z.number().int(),
  name: zText(),
  displayName: zText(),
  clientId: z.number().int().nullable(),
  clientName: zText().nullable(),
  typeId: z.number().int(),
  typeName: zText(),
  membershipId: z.number().int(),
  roleName: zText(),
  defaultTeam: z.boolean(),
  pending: z.boolean(),
  invitationStatus: z.enum(["PENDING", "ACCEPTED", "DECLINED"]).nullable(),
  memberCount: z.number().int(),
  /** Approving a tech pack needs a team admin other than its submitter (issue 23). */
  approvalBySecondPerson: z.boolean(),
});
export type TMyTeam = z.infer<typeof ZMyTeamSchema>;
export const ZMyTeamListSchema = z.array(ZMyTeamSchema);

export const ZTeamCreateRequestSchema = z.object({
  displayName: zText().trim().min(1, "Name the team").max(80, "Too long"),
  /** DESIGN_TEAM (members are data admins) or BRAND; ADMIN teams are for internal admins. */
  typeName: z.enum(["DESIGN_TEAM", "BRAND", "ADMIN"], { error: "Choose a team type" }).default("DESIGN_TEAM"),
  /** Internal admins name the client; a client user's team is their client's. */
  clientId: ZDbIdSchema.nullable().optional(),
});
export type TTeamCreateRequest = z.infer<typeof ZTeamCreateRequestSchema>;
export const ZTeamUpdateRequestSchema = z.object({
  displayName: zText().trim().min(1, "Name the team").max(80, "Too long"),
  /** Approving a tech pack needs a team admin other than its submitter; unchanged when left out. */
  approvalBySecondPerson: z.boolean().optional(),
});
export type TTeamUpdateRequest = z.infer<typeof ZTeamUpdateRequestSchema>;

export const ZTeamSummarySchema = z.object({
  id: z.number().int(),
  name: zText(),
  displayName: zText(),
  clientId: z.number().int().nullable(),
  clientName: zText().nullable(),
  typeName: zText(),
  memberCount: z.number().int(),
  admins: zText(),
});
export type TTeamSummary = z.infer<typeof ZTeamSummarySchema>;
/** The impersonation list (internal admins): every team, paged. */
export const ZTeamSummaryPageSchema = pageOf(ZTeamSummarySchema);
export const ZTeamListQuerySchema = ZPageQuerySchema;

export const ZCurrentTeamRequestSchema = z.object({ teamId: ZDbIdSchema });

/** A member of a team (or an invitation to it). */
export const ZTeamMemberSchema = z.object({
  id: z.number().int(),
  teamId: z.number().int(),
  userId: z.number().int(),
  userName: zText(),
  firstName: zText(),
  lastName: zText(),
  email: zText(),
  roleName: zText(),
  pending: z.boolean(),
  invitationStatus: z.enum(["PENDING", "ACCEPTED", "DECLINED"]).nullable(),
});
export type TTeamMember = z.infer<typeof ZTeamMemberSchema>;
export const ZTeamMemberListSchema = z.array(ZTeamMemberSchema);
export const ZTeamMembersQuerySchema = z.object({ teamId: ZIdSchema });

export const ZTeamInviteRequestSchema = z.object({
  teamId: ZDbIdSchema,
  email: zText().trim().toLowerCase().max(254).pipe(z.email("Enter a valid email address")),
  roleName: z.enum(TEAM_ROLES, { error: "Choose ADMIN or MEMBER" }).default("MEMBER"),
});
export type TTeamInviteRequest = z.infer<typeof ZTeamInviteRequestSchema>;
export type TTeamInviteRequestInput = z.input<typeof ZTeamInviteRequestSchema>;
export const ZTeamRoleRequestSchema = z.object({
  roleName: z.enum(TEAM_ROLES, { error: "Choose ADMIN or MEMBER" }),
});
export const ZInvitationStatusQuerySchema = z.object({
  id: ZIdSchema,
  status: z.enum(INVITATION_ANSWERS, { error: "Answer ACCEPTED or DECLINED" }),
});
export const ZTeamRemovedSchema = z.object({ id: z.number().int(), deleted: z.literal(true) });
