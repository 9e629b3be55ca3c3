import {
  isValidEmail,
  REDIRECT_PARAM,
  safeRedirectTarget,
  isHiringManager,
  LINK_TOKEN_TTL_MINUTES,
  normaliseEmail,
  type LinkTokenPurpose,
} from '#engine';
import type {
  LinkUser,
  LogoutNotificationRequest,
  OnboardingRequest,
  OneTimeToken,
  ResendVerificationRequest,
  SignupRequest,
  UrlTokenInfo,
} from '#schemas/auth';
import type { FieldError } from '#schemas/api';
import { message, type CodedMessage } from '#schemas/messages';
import type { Db } from '../../db/client';
import { queueEmail } from '../../email/email.service';
import { badRequest, fieldProblem, forbidden } from '../../lib/http-error';
import { hashPassword } from '../../lib/password';
import { passwordPolicyError } from '../../lib/password-policy';
import type { OrganizationRecord, UserRecord } from '../../db/types';
import { findSignInUser, findUserById, findUserByEmail, insertUser, updateUser } from '../user-store/user.repository';
import { createLinkToken, peekLinkToken, useLinkToken } from './link-token.service';
import { checkOtpCode, sendOtpCode } from './otp.service';
import { deleteUserOtpCookies } from './otp.repository';
import {
  assertEmailRequestAllowed,
  assertSignInAllowed,
  recordSignIn,
  recordSignInFailure,
  type Caller,
} from './rate-limit.service';
import { secondFactorRequired, USER_TOKEN_VIA_CODE } from './second-factor';
import { revokeUserFamilies } from './session.repository';

export interface PublicContext {
  db: Db;
  organization: OrganizationRecord;
  caller: Caller;
  /** Start of links in emails: the organisation's host. */
  siteBase: string;
  /** The page's language (lib/request-language): emails the request causes are written in it. */
  language: string | undefined;
}

/** An emailed link that is unknown, used, expired or not this account's. */
const linkInvalid = () => badRequest(message('linkInvalid'));

function assertEmail(email: string, field = 'email'): string {
  const normal = normaliseEmail(email);
  if (!isValidEmail(normal)) throw badRequest(message('thereIsAProblem'), [{ field, ...message('emailFormat') }]);
  return normal;
}

function assertPassword(password: string, field: string): void {
  const problem = passwordPolicyError(password, field);
  if (problem) throw badRequest(message('thereIsAProblem'), [problem]);
}

/** The sign-up link; a page of the site to return to rides along (only a local path: no open redirect). */
function verificationLink(siteBase: string, token: string, candidateId: string, redirect: string | undefined): string {
  const params = new URLSearchParams({ candidateId });
  const back = redirect ? safeRedirectTarget(new URLSearchParams({ [REDIRECT_PARAM]: redirect }).toString()) : null;
  if (back) params.set(REDIRECT_PARAM, back);
  return `${siteBase}/verify/${token}?${params.toString()}`;
}

/** What emailing a link to a user needs: the organisation, its host and the page's language. */
export type LinkContext = Pick<PublicContext, 'db' | 'organization' | 'siteBase' | 'language'>;

/**
 * Emails an unverified account its verification link (sign-up, sending it again, signing in
 * unverified); the new link retires the earlier ones. `redirect`: the page to come back to.
 */
export async function sendVerificationLink(ctx: LinkContext, user: UserRecord, redirect?: string): Promise<void> {
  const { token } = await createLinkToken(ctx.db, {
    organizationId: ctx.organization.id,
    userId: user.id,
    purpose: 'verify_account',
  });
  await queueEmail(ctx.db, {
    organizationId: ctx.organization.id,
    userId: user.id,
    to: user.email,
    language: ctx.language ?? user.language,
    template: {
      kind: 'verify_account',
      organizationName: ctx.organization.name,
      firstName: user.first_name,
      link: verificationLink(ctx.siteBase, token, user.id, redirect),
    },
  });
}

/**
 * POST /signup: a candidate account of this organisation, unverified until the emailed link is
 * opened. userType and organisation never come from the request. An address that already has
 * an account gets an email saying so, and the caller gets the same answer as for a new one.
 */
export async function signUp(ctx: PublicContext, request: SignupRequest): Promise<CodedMessage> {
  const { db, organization } = ctx;
  if (organization.settings.subdomainRestricted) throw forbidden(message('signupClosed'));
  const problems: FieldError[] = [];
  const email = normaliseEmail(request.email);
  if (!isValidEmail(email)) problems.push({ field: 'email', ...message('emailFormat') });
  const passwordProblem = passwordPolicyError(request.password, 'password');
  if (passwordProblem) problems.push(passwordProblem);
  if (!request.firstName.trim()) problems.push({ field: 'firstName', ...message('enterFirstName') });
  if (!request.lastName.trim()) problems.push({ field: 'lastName', ...message('enterLastName') });
  if (!request.acceptTermAndConditions) problems.push({ field: 'acceptTermAndConditions', ...message('acceptTerms') });
  if (problems.length > 0) throw badRequest(message('thereIsAProblem'), problems);
  await assertEmailRequestAllowed(db, ctx.caller, email);

  // Hash either way: the time taken must not tell whether the address has an account.
  const passwordHash = await hashPassword(request.password);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (!existing.anonymised_at) {
      await queueEmail(db, {
        organizationId: organization.id,
        userId: existing.id,
        to: existing.email,
        language: ctx.language ?? existing.language,
        template: {
          kind: 'account_exists',
          organizationName: organization.name,
          signInLink: `${ctx.siteBase}/login`,
          resetLink: `${ctx.siteBase}/forgot-password`,
        },
      });
    }
    return message('signupSent', { email });
  }
  const user = await insertUser(db, {
    organization_id: organization.id,
    email,
    password_hash: passwordHash,
    user_type: 'CANDIDATE',
    first_name: request.firstName.trim(),
    last_name: request.lastName.trim(),
    email_verified_at: null,
    accept_terms_at: new Date(),
    accept_rare: request.acceptRare ?? false,
    accept_research: request.acceptResearch ?? false,
    language: ctx.language ?? null,
  });
  await sendVerificationLink(ctx, user, request.redirect);
  return message('signupSent', { email });
}

/**
 * POST /signup/resend: the verification link again, when the address typed is an unverified
 * account of this organisation; limited like every call that sends email, and the same answer
 * whether or not there is such an account.
 */
export async function resendVerification(
  ctx: PublicContext,
  request: ResendVerificationRequest,
): Promise<CodedMessage> {
  const email = assertEmail(request.email);
  await assertEmailRequestAllowed(ctx.db, ctx.caller, email);
  const user = await findSignInUser(ctx.db, email, ctx.organization.id);
  if (user && !user.email_verified_at) await sendVerificationLink(ctx, user, request.redirect);
  return message('signupSent', { email });
}

/**
 * POST /confirm: the sign-up link. With candidateId, the token must belong to that user. Opening
 * it proves the mailbox as an emailed sign-in link does, so it answers a one-time user token that
 * signs the new candidate in (decision 0033).
 */
export async function confirmAccount(
  ctx: PublicContext,
  token: string,
  candidateId?: string,
): Promise<CodedMessage & OneTimeToken> {
  const uuid = candidateId && /^[0-9a-f-]{36}$/i.test(candidateId) ? candidateId : undefined;
  if (candidateId && !uuid) throw linkInvalid();
  const record = await useLinkToken(ctx.db, token, ctx.organization.id, ['verify_account'], uuid);
  if (!record) throw linkInvalid();
  const user = await findUserById(ctx.db, record.userId);
  if (!user || user.anonymised_at) throw linkInvalid();
  if (!user.email_verified_at) await updateUser(ctx.db, user.id, { email_verified_at: new Date() });
  return { ...message('emailVerified'), ...(await signInToken(ctx, user.id)) };
}

/**
 * A one-time user token (type USER_TOKEN) for a user this call has just proven. `via` says what
 * proved it when that is a single factor (a checked code), so the token grant can refuse it where
 * two are required.
 */
function signInToken(ctx: PublicContext, userId: string, via?: string): Promise<OneTimeToken> {
  return createLinkToken(ctx.db, {
    organizationId: ctx.organization.id,
    userId,
    purpose: 'user_token',
    ...(via && { data: { via } }),
  });
}

/** POST /verifyEmail: the link sent to a new address; the account's address changes now. */
export async function verifyNewEmail(ctx: PublicContext, token: string): Promise<CodedMessage> {
  const record = await useLinkToken(ctx.db, token, ctx.organization.id, ['verify_email']);
  const email = record?.data.email;
  const user = record && (await findUserById(ctx.db, record.userId));
  if (!record || !email || !user || user.anonymised_at || user.pending_email !== email) throw linkInvalid();
  const other = await findUserByEmail(ctx.db, email);
  if (other && other.id !== user.id) throw badRequest(message('emailInUse'));
  await updateUser(ctx.db, user.id, { email, pending_email: null, email_verified_at: new Date() });
  return message('newEmailConfirmed');
}

/** POST /forgot: a reset link, if the address has an account here; the same answer either way. */
export async function forgotPassword(ctx: PublicContext, rawEmail: string): Promise<CodedMessage> {
  await emailLinkIfAccount(ctx, rawEmail, 'reset_password', (token) => `${ctx.siteBase}/reset-password/${token}`);
  return message('forgotSent');
}

/**
 * The emailed-link requests (reset, magic sign-in): checked and rate-limited the same way, and
 * answered the same whether or not the address has an account here, so it cannot be probed.
 */
async function emailLinkIfAccount(
  ctx: PublicContext,
  rawEmail: string,
  purpose: 'reset_password' | 'magic_link',
  link: (token: string) => string,
): Promise<void> {
  const email = assertEmail(rawEmail);
  await assertEmailRequestAllowed(ctx.db, ctx.caller, email);
  const user = await findSignInUser(ctx.db, email, ctx.organization.id);
  if (!user) return;
  // A sign-in link is one factor: where two are required nothing is sent (decision 0046).
  if (purpose === 'magic_link' && secondFactorRequired(user, ctx.organization)) return;
  const { token } = await createLinkToken(ctx.db, { organizationId: ctx.organization.id, userId: user.id, purpose });
  await queueEmail(ctx.db, {
    organizationId: ctx.organization.id,
    userId: user.id,
    to: user.email,
    language: ctx.language ?? user.language,
    template: { kind: purpose, organizationName: ctx.organization.name, link: link(token) },
  });
}

/** Uses an emailed token once: the live account it was sent to, else 'link invalid'. */
async function useLinkUser(ctx: PublicContext, token: string, purposes: readonly LinkTokenPurpose[]) {
  const record = await useLinkToken(ctx.db, token, ctx.organization.id, purposes);
  const user = record && (await findUserById(ctx.db, record.userId));
  if (!user || user.anonymised_at) throw linkInvalid();
  return user;
}

/**
 * POST /reset: a new password with the emailed token. Every session and login cookie of the
 * account ends; following the emailed link also proves the address.
 */
export async function resetPassword(ctx: PublicContext, token: string, newPassword: string): Promise<CodedMessage> {
  // Check the password first, so a weak one does not use up the link.
  assertPassword(newPassword, 'newPassword');
  const user = await useLinkUser(ctx, token, ['reset_password']);
  await updateUser(ctx.db, user.id, {
    password_hash: await hashPassword(newPassword),
    password_changed_at: new Date(),
    email_verified_at: user.email_verified_at ?? new Date(),
  });
  await revokeUserFamilies(ctx.db, user.id, 'password reset');
  await deleteUserOtpCookies(ctx.db, user.id);
  return message('passwordReset');
}

async function linkUser(ctx: PublicContext, token: string, purposes: readonly LinkTokenPurpose[]): Promise<LinkUser> {
  const record = await peekLinkToken(ctx.db, token, ctx.organization.id, purposes);
  const user = record && (await findUserById(ctx.db, record.userId));
  if (!user || user.anonymised_at) throw linkInvalid();
  return {
    email: record.data.email ?? user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    organizationName: ctx.organization.name,
  };
}

/** GET /user, /userp, /usertoken and /userOnBoarding by token: whose link this is, without using it. */
export const userForVerification = (ctx: PublicContext, token: string) =>
  linkUser(ctx, token, ['verify_account', 'verify_email']);
export const userForReset = (ctx: PublicContext, token: string) => linkUser(ctx, token, ['reset_password']);
export const userForSignInToken = (ctx: PublicContext, token: string) =>
  linkUser(ctx, token, ['magic_link', 'user_token']);
export const userForOnboarding = (ctx: PublicContext, token: string) => linkUser(ctx, token, ['onboarding']);

/** POST /urlToken: what a token from an address is for, and until when it works. */
export async function describeUrlToken(ctx: PublicContext, token: string): Promise<UrlTokenInfo> {
  const record = await peekLinkToken(
    ctx.db,
    token,
    ctx.organization.id,
    Object.keys(LINK_TOKEN_TTL_MINUTES) as LinkTokenPurpose[],
  );
  if (!record) throw linkInvalid();
  return { purpose: record.purpose, expiresAt: record.expiresAt.toISOString() };
}

/**
 * POST /signup/userOnBoarding: an invited user chooses a password. Answers a one-time user token
 * the client exchanges for a session (type USER_TOKEN).
 */
export async function completeOnboarding(
  ctx: PublicContext,
  request: OnboardingRequest,
): Promise<CodedMessage & OneTimeToken> {
  assertPassword(request.password, 'password');
  const user = await useLinkUser(ctx, request.token, ['onboarding']);
  await updateUser(ctx.db, user.id, {
    first_name: request.firstName.trim(),
    last_name: request.lastName.trim(),
    password_hash: await hashPassword(request.password),
    password_changed_at: new Date(),
    email_verified_at: new Date(),
  });
  return { ...message('accountReady'), ...(await signInToken(ctx, user.id)) };
}

/** POST /login/:email/: the magic-password sign-in link, if the address has an account here. */
export async function sendSignInLink(ctx: PublicContext, rawEmail: string): Promise<CodedMessage> {
  await emailLinkIfAccount(ctx, rawEmail, 'magic_link', (token) => `${ctx.siteBase}/oauth?token=${token}`);
  return message('magicLinkSent');
}

/**
 * GET /organization/:sub/requestOtp/:email: a sign-in code by email; the same answer either way.
 * Where a password and a code are both required, the code alone cannot sign in, so none is sent.
 */
export async function requestOtp(ctx: PublicContext, rawEmail: string): Promise<CodedMessage> {
  const email = assertEmail(rawEmail);
  await assertEmailRequestAllowed(ctx.db, ctx.caller, email);
  const user = await findSignInUser(ctx.db, email, ctx.organization.id);
  if (user?.email_verified_at && !secondFactorRequired(user, ctx.organization)) {
    await sendOtpCode(ctx.db, {
      organizationId: ctx.organization.id,
      organizationName: ctx.organization.name,
      userId: user.id,
      email: user.email,
      language: ctx.language ?? user.language,
    });
  }
  return message('otpRequestSent');
}

/**
 * GET /organization/:sub/checkOtp/:email/:code: a right code answers a one-time user token
 * (type USER_TOKEN). Wrong codes count as failed sign-ins, so they are rate limited too. Where a
 * password is required as well, the code is not even looked at (a code from the password step
 * must not sign in without it): the answer is the wrong-code one.
 */
export async function checkOtp(ctx: PublicContext, rawEmail: string, code: string): Promise<OneTimeToken> {
  const email = assertEmail(rawEmail);
  await assertSignInAllowed(ctx.db, ctx.caller, email);
  const found = await findSignInUser(ctx.db, email, ctx.organization.id);
  const user = found && !secondFactorRequired(found, ctx.organization) ? found : undefined;
  const ok = user ? await checkOtpCode(ctx.db, ctx.organization.id, user.id, code) : false;
  if (!user || !ok) {
    await recordSignInFailure(ctx, email, found);
    throw fieldProblem(400, 'code', message('wrongCode'));
  }
  await recordSignIn(ctx.db, ctx.caller, email, true);
  return signInToken(ctx, user.id, USER_TOKEN_VIA_CODE);
}

/**
 * POST /logout-notification (spec §6): the organisation's support address hears that a
 * hiring-side user signed out. Only known hiring-side accounts of this organisation trigger a
 * message; the caller gets the same answer either way.
 */
export async function notifyLogout(ctx: PublicContext, request: LogoutNotificationRequest): Promise<void> {
  const email = assertEmail(request.userEmail, 'userEmail');
  await assertEmailRequestAllowed(ctx.db, ctx.caller, `logout:${email}`);
  const user = await findSignInUser(ctx.db, email, ctx.organization.id);
  if (!user || !isHiringManager(user.user_type)) return;
  await queueEmail(ctx.db, {
    organizationId: ctx.organization.id,
    userId: user.id,
    to: ctx.organization.support_email,
    template: {
      kind: 'logout_notification',
      userEmail: user.email,
      clientName: request.clientName.trim(),
      currentPath: request.currentPath.slice(0, 2048),
      at: new Date().toISOString(),
    },
  });
}
