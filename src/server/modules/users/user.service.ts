import { hasRole, isAdmin, isCandidate, isHiringManager, normaliseEmail, isValidEmail } from '#engine';
import { message, MESSAGES, type CodedMessage } from '#schemas/messages';
import type {
  InviteUserRequest,
  PasswordChange,
  SecurityUpdate,
  User,
  UserOrganization,
  UserUpdate,
} from '#schemas/user';
import type { Db } from '../../db/client';
import { crossOrganizations } from '../../db/organization-scope';
import { queueEmail } from '../../email/email.service';
import { deleteUserJobs } from '../../jobs/job.repository';
import { deleteUserMessages } from '../communications/message.repository';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import { hashPassword, verifyPassword } from '../../lib/password';
import { passwordPolicyError } from '../../lib/password-policy';
import { isUuid } from '../../lib/uuid';
import type { Viewer } from '../../lib/viewer';
import { deleteAccountAttempts } from '../auth/attempt.repository';
import { deleteUserLinkTokens } from '../auth/link-token.repository';
import { createLinkToken } from '../auth/link-token.service';
import { issueOtpCookie } from '../auth/otp.service';
import { deleteUserOtpCodes, deleteUserOtpCookies } from '../auth/otp.repository';
import { accountKey } from '../auth/rate-limit.service';
import { deleteUserSessions, revokeUserFamilies } from '../auth/session.repository';
import { deleteUserApplications, findCandidateApplications } from '../applications/application.repository';
import { findOrganizationSummaries } from '../organizations/organization.repository';
import type { UserRecord } from '../../db/types';
import { storedCandidateStatus } from '../profiles/candidate-status.service';
import { deleteUserProfile } from '../profiles/profile.repository';
import { deleteUserRegistrations } from '../events/event.repository';
import {
  anonymiseUser,
  findPasswordHash,
  findRareUsers,
  findUserByEmail,
  findUserById,
  insertUser,
  updateUser,
  type UserPatch,
} from '../user-store/user.repository';

/** Invitations are the hiring side's: their messages stay plain English (no code). */
const THERE_IS_A_PROBLEM = MESSAGES.thereIsAProblem;
const noUser = (id: string) => notFound(`No user with id '${id}'.`);

/** A candidate's applications as the user record lists them (spec §3: role, roleType, appliedAt). */
async function userApplications(db: Db, user: UserRecord): Promise<User['applications']> {
  if (!isCandidate(user.user_type) || !user.organization_id) return [];
  const rows = await findCandidateApplications(db, user.organization_id, user.id);
  return rows.map((row) => ({
    role: { id: row.role_id, name: row.role_name },
    roleType: row.role_type,
    appliedAt: (row.applied_at ?? row.created_at).toISOString(),
  }));
}

/** The user as the API shows it (schemas User). */
async function toUser(
  db: Db,
  user: UserRecord,
  organizationRequiresOtp: boolean,
  otpCookie?: string | null,
): Promise<User> {
  const [[organization], applications] = await Promise.all([
    user.organization_id ? findOrganizationSummaries(db, [user.organization_id]) : [],
    userApplications(db, user),
  ]);
  return {
    id: user.id,
    email: user.email,
    userType: user.user_type,
    organization: organization ?? null,
    firstName: user.first_name,
    preferredName: user.preferred_name,
    lastName: user.last_name,
    emailVerified: user.email_verified_at !== null,
    pendingEmail: user.pending_email,
    otpRequired: user.otp_required,
    organizationRequiresOtp,
    acceptTermAndConditions: user.accept_terms_at !== null,
    acceptRare: user.accept_rare,
    acceptResearch: user.accept_research,
    acceptEmailMessages: user.accept_email_messages,
    acceptSmsMessages: user.accept_sms_messages,
    createdAt: user.created_at.toISOString(),
    candidateStatus: storedCandidateStatus(user.candidate_status),
    applications,
    ...(otpCookie && { otpCookie }),
  };
}

const requiresOtp = (viewer: Viewer) => viewer.organization.settings.otpRequired === true;

/** GET /user: with cookieRequested, a login cookie after a sign-in that used a one-time password. */
export async function currentUser(db: Db, viewer: Viewer, cookieRequested: boolean): Promise<User> {
  const cookie = cookieRequested
    ? await issueOtpCookie(db, {
        familyId: viewer.session.familyId,
        organizationId: viewer.session.organizationId,
        userId: viewer.user.id,
      })
    : null;
  return toUser(db, viewer.user, requiresOtp(viewer), cookie);
}

/**
 * PUT /user: names, contact preferences, terms and the address. A new address is only used once
 * its owner opens the link sent to it. userType and organisation are not in the contract.
 */
export async function updateProfile(
  db: Db,
  viewer: Viewer,
  update: UserUpdate,
  request: { siteBase: string; language: string | undefined },
): Promise<User> {
  const patch: UserPatch = {};
  if (update.firstName !== undefined) patch.first_name = update.firstName.trim();
  if (update.lastName !== undefined) patch.last_name = update.lastName.trim();
  if (update.preferredName !== undefined) patch.preferred_name = update.preferredName?.trim() || null;
  if (update.acceptRare !== undefined) patch.accept_rare = update.acceptRare;
  if (update.acceptResearch !== undefined) patch.accept_research = update.acceptResearch;
  if (update.acceptEmailMessages !== undefined) patch.accept_email_messages = update.acceptEmailMessages;
  if (update.acceptSmsMessages !== undefined) patch.accept_sms_messages = update.acceptSmsMessages;
  if (update.acceptTermAndConditions !== undefined)
    patch.accept_terms_at = update.acceptTermAndConditions ? (viewer.user.accept_terms_at ?? new Date()) : null;
  let verification: { email: string } | null = null;
  if (update.email !== undefined) {
    const email = normaliseEmail(update.email);
    if (!isValidEmail(email))
      throw badRequest(message('thereIsAProblem'), [{ field: 'email', ...message('emailFormat') }]);
    if (email !== normaliseEmail(viewer.user.email)) {
      patch.pending_email = email;
      verification = { email };
    }
  }
  const user = Object.keys(patch).length > 0 ? await updateUser(db, viewer.user.id, patch) : viewer.user;
  if (verification) {
    const { token } = await createLinkToken(db, {
      organizationId: viewer.session.organizationId,
      userId: user.id,
      purpose: 'verify_email',
      data: verification,
    });
    await queueEmail(db, {
      organizationId: viewer.session.organizationId,
      userId: user.id,
      to: verification.email,
      language: request.language ?? user.language,
      template: {
        kind: 'verify_email',
        organizationName: viewer.organization.name,
        link: `${request.siteBase}/verify-email/${token}`,
      },
    });
  }
  return toUser(db, user, requiresOtp(viewer));
}

async function assertCurrentPassword(db: Db, userId: string, password: string): Promise<void> {
  const hash = await findPasswordHash(db, userId);
  if (!hash || !(await verifyPassword(hash, password))) {
    throw badRequest(message('thereIsAProblem'), [{ field: 'currentPassword', ...message('wrongCurrentPassword') }]);
  }
}

/** PUT /user/security: one-time password at sign-in on or off (not off where the organisation requires it). */
export async function updateSecurity(db: Db, viewer: Viewer, update: SecurityUpdate): Promise<User> {
  await assertCurrentPassword(db, viewer.user.id, update.currentPassword);
  if (!update.otpRequired && requiresOtp(viewer)) {
    throw badRequest(message('thereIsAProblem'), [{ field: 'otpRequired', ...message('otpRequiredByOrganisation') }]);
  }
  const user = await updateUser(db, viewer.user.id, { otp_required: update.otpRequired });
  return toUser(db, user, requiresOtp(viewer));
}

/** PUT /user/password: needs the current password; every other session of the account ends. */
export async function changePassword(db: Db, viewer: Viewer, change: PasswordChange): Promise<CodedMessage> {
  await assertCurrentPassword(db, viewer.user.id, change.currentPassword);
  const problem = passwordPolicyError(change.newPassword, 'newPassword');
  if (problem) throw badRequest(message('thereIsAProblem'), [problem]);
  await updateUser(db, viewer.user.id, {
    password_hash: await hashPassword(change.newPassword),
    password_changed_at: new Date(),
  });
  await revokeUserFamilies(db, viewer.user.id, 'password changed', viewer.session.familyId);
  await deleteUserOtpCookies(db, viewer.user.id);
  return message('passwordUpdated');
}

/** GET /user/userorganizations: the organisations the user may work in (admins: all). */
export async function userOrganizations(db: Db, viewer: Viewer, organizationId?: string): Promise<UserOrganization[]> {
  const all = await findOrganizationSummaries(
    db,
    isAdmin(viewer.user.user_type) ? null : viewer.user.organization_id ? [viewer.user.organization_id] : [],
  );
  if (organizationId === undefined) return all;
  const one = all.filter((o) => o.id === organizationId);
  if (one.length === 0) throw notFound(message('noOrganisation', { id: organizationId }));
  return one;
}

/** POST /user/token: a one-time user token for another host of this organisation. */
export async function createUserToken(db: Db, viewer: Viewer): Promise<{ token: string; expiresIn: number }> {
  return createLinkToken(db, {
    organizationId: viewer.session.organizationId,
    userId: viewer.user.id,
    purpose: 'user_token',
  });
}

/** POST /user/hrtoken: the same, for the HR host; only the hiring side has one. */
export async function createHrToken(db: Db, viewer: Viewer): Promise<{ token: string; expiresIn: number }> {
  if (!hasRole(viewer.user.user_type, 'HIRING_MANAGER')) throw forbidden('Only the hiring team can open the HR site.');
  return createUserToken(db, viewer);
}

/** GET /user/rareusers */
export async function rareUsers(db: Db, viewer: Viewer) {
  const rows = await findRareUsers(db, viewer.organization.id);
  return rows.map((r) => ({ id: r.id, email: r.email, firstName: r.first_name, lastName: r.last_name }));
}

/**
 * Erases a person (spec §7 deleteMe): names, address, password, sessions, tokens, codes,
 * login cookies, sign-in records, queued messages, application records (with their stage
 * history), profiles, event registrations and uploaded documents go; the row stays as an anonymous record (type,
 * organisation, dates) for statistics.
 */
async function eraseUser(db: Db, userId: string): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user || user.anonymised_at) return;
  const addresses = [user.email, user.pending_email].filter((e): e is string => !!e).map(normaliseEmail);
  await db.transaction().execute(async (trx) => {
    await deleteUserSessions(trx, userId);
    await deleteUserLinkTokens(trx, userId);
    await deleteUserOtpCodes(trx, userId);
    await deleteUserOtpCookies(trx, userId);
    await deleteUserJobs(trx, userId);
    await deleteUserMessages(trx, userId);
    if (user.organization_id) {
      await deleteUserApplications(trx, user.organization_id, userId);
      await deleteUserProfile(trx, user.organization_id, userId);
      await deleteUserRegistrations(trx, user.organization_id, userId);
    }
    await deleteAccountAttempts(
      trx,
      addresses.flatMap((e) => [accountKey(e), accountKey(`logout:${e}`)]),
    );
    await anonymiseUser(trx, userId);
  });
}

/** DELETE /user/deleteMe */
export async function deleteMe(db: Db, viewer: Viewer): Promise<void> {
  // A platform admin's sessions and traces lie in every organisation they worked in (decision 0068).
  if (isAdmin(viewer.user.user_type)) return crossOrganizations(() => eraseUser(db, viewer.user.id));
  await eraseUser(db, viewer.user.id);
}

/**
 * DELETE /user/:id. Who can see whom: platform admins everyone; the hiring side the users of
 * their organisation; candidates only themselves. A user one cannot see is a 404 (another
 * organisation's, another candidate's). Deleting someone else takes a hiring-manager admin,
 * and only a platform admin deletes another admin.
 */
export async function deleteUser(db: Db, viewer: Viewer, id: string): Promise<void> {
  if (!isUuid(id)) throw noUser(id);
  // A platform admin deletes accounts of every organisation (spec §6): this path crosses the organisation wall by
  // design (decision 0068); every other caller stays inside the request's organisation.
  if (isAdmin(viewer.user.user_type)) return crossOrganizations(() => deleteVisibleUser(db, viewer, id));
  return deleteVisibleUser(db, viewer, id);
}

async function deleteVisibleUser(db: Db, viewer: Viewer, id: string): Promise<void> {
  if (id === viewer.user.id) return eraseUser(db, id);
  const target = await findUserById(db, id);
  const type = viewer.user.user_type;
  const visible =
    target !== undefined &&
    !target.anonymised_at &&
    (isAdmin(type) || (isHiringManager(type) && target.organization_id === viewer.organization.id));
  if (!visible) throw noUser(id);
  if (!hasRole(type, 'HIRING_MANAGER_ADMIN')) throw forbidden('Only an admin can delete users.');
  if (isAdmin(target.user_type) && !isAdmin(type)) throw forbidden('Only a platform admin can delete an admin.');
  await eraseUser(db, id);
}

/** POST /organization/:id/user: invite a Standard or Admin manager; they choose a password from the emailed link. */
export async function inviteUser(
  db: Db,
  viewer: Viewer,
  organizationId: string,
  request: InviteUserRequest,
  siteBase: string,
) {
  if (organizationId !== viewer.organization.id) throw notFound(`No organisation with id '${organizationId}'.`);
  if (!hasRole(viewer.user.user_type, 'HIRING_MANAGER_ADMIN')) throw forbidden('Only an admin can invite users.');
  const email = normaliseEmail(request.email);
  if (!isValidEmail(email)) throw badRequest(THERE_IS_A_PROBLEM, [{ field: 'email', message: MESSAGES.emailFormat }]);
  if (await findUserByEmail(db, email))
    throw badRequest(THERE_IS_A_PROBLEM, [
      { field: 'email', message: 'There is already an account with this email address' },
    ]);
  const user = await insertUser(db, {
    organization_id: organizationId,
    email,
    password_hash: null,
    user_type: request.userType,
    first_name: request.firstName?.trim() || null,
    last_name: request.lastName?.trim() || null,
    email_verified_at: null,
  });
  const { token } = await createLinkToken(db, { organizationId, userId: user.id, purpose: 'onboarding' });
  await queueEmail(db, {
    organizationId,
    userId: user.id,
    to: email,
    template: {
      kind: 'onboarding',
      organizationName: viewer.organization.name,
      firstName: user.first_name,
      link: `${siteBase}/on-boarding/${token}`,
    },
  });
  return { id: user.id, email: user.email, userType: user.user_type };
}
