// A leader's invitation to the dashboard: its lifetime and the form that accepts it. Imports nothing from the server.
import { PasswordResetConfirmRequest } from "./staff-auth";

/** How long an invitation link works: a leader may read the mail days after staff sent it. */
export const LEADER_INVITATION_TTL_HOURS = 7 * 24;

/** Accepting it is what a password reset is: the link's token and a new password. */
export const AcceptLeaderInvitationRequest = PasswordResetConfirmRequest;
