import { normaliseEmail, WEB_CLIENT_ID } from '#engine';
import type { TokenRequest, TokenResponse } from '#schemas/auth';
import { message, type CodedMessage } from '#schemas/messages';
import type { Db } from '../../db/client';
import { HttpError, OAuthError } from '../../lib/http-error';
import { verifyAgainstDummy, verifyPassword } from '../../lib/password';
import type { OrganizationRecord, UserRecord } from '../../db/types';
import { findSignInUser, findUserById, rememberLanguage, updateUser } from '../user-store/user.repository';
import { sendVerificationLink } from './account.service';
import { useLinkToken } from './link-token.service';
import { checkOtpCode, checkOtpCookie, sendOtpCode } from './otp.service';
import { secondFactorRequired, USER_TOKEN_VIA_CODE } from './second-factor';
import {
  assertEmailRequestAllowed,
  assertSignInAllowed,
  recordSignIn,
  recordSignInFailure,
  type Caller,
} from './rate-limit.service';
import { refreshSession, sessionTimeoutSeconds, startSession, type SessionSettings } from './session.service';

/** Clients allowed at the token endpoint. */
const CLIENT_IDS = new Set([WEB_CLIENT_ID]);

export interface SignInContext {
  db: Db;
  organization: OrganizationRecord;
  caller: Caller;
  sessionSettings: SessionSettings;
  /** Start of links in emails (for the verification link sent to an unverified account). */
  siteBase: string;
  /** The page's language (lib/request-language): the person's emails are written in it from now on. */
  language: string | undefined;
}

export type GrantResult =
  { kind: 'tokens'; tokens: TokenResponse } | { kind: 'otp_required'; description: CodedMessage };

/** Which grant a token request is, and its outcome (spec §7 Auth: password, USER_TOKEN, OAuth 'token', refresh). */
export async function grantToken(ctx: SignInContext, request: TokenRequest): Promise<GrantResult> {
  const clientId = request.client_id ?? WEB_CLIENT_ID;
  if (!CLIENT_IDS.has(clientId)) throw new OAuthError(401, 'invalid_client', 'Unknown client');
  switch (request.grant_type) {
    case 'refresh_token':
      if (!request.refresh_token) throw new OAuthError(400, 'invalid_request', 'Missing refresh_token');
      return { kind: 'tokens', tokens: await refreshSession(ctx.db, request.refresh_token, ctx.organization.id) };
    case 'password':
      if (!request.password) throw new OAuthError(400, 'invalid_request', 'Missing password');
      if (request.type === 'USER_TOKEN')
        return { kind: 'tokens', tokens: await tokenGrant(ctx, request.password, 'user_token', clientId) };
      if (request.username === 'token')
        return { kind: 'tokens', tokens: await tokenGrant(ctx, request.password, 'magic_link', clientId) };
      if (!request.username) throw new OAuthError(400, 'invalid_request', 'Missing username');
      return passwordGrant(ctx, { ...request, username: request.username, password: request.password }, clientId);
    case undefined:
      throw new OAuthError(400, 'invalid_request', 'Missing grant_type');
  }
}

/**
 * The password grant: rate limits first, then the password (the same work whether or not the
 * account exists), then the one-time password when the user or organisation requires it.
 */
async function passwordGrant(
  ctx: SignInContext,
  request: TokenRequest & { username: string; password: string },
  clientId: string,
): Promise<GrantResult> {
  const { db, organization, caller } = ctx;
  const email = normaliseEmail(request.username);
  await assertSignInAllowed(db, caller, email);
  const user = await findSignInUser(db, email, organization.id);
  const ok = user?.password_hash
    ? await verifyPassword(user.password_hash, request.password)
    : await verifyAgainstDummy(request.password);
  if (!user || !ok) {
    await recordSignInFailure(ctx, email, user);
    throw new OAuthError(400, 'invalid_grant', message('badCredentials'));
  }
  if (!user.email_verified_at) {
    await resendVerification(ctx, user);
    throw new OAuthError(400, 'unverified_email', message('notVerified'));
  }

  let otpVerified = false;
  if (secondFactorRequired(user, organization)) {
    const recipient = {
      organizationId: organization.id,
      organizationName: organization.name,
      userId: user.id,
      email: user.email,
      language: ctx.language ?? user.language,
    };
    if (request.otp) {
      if (!(await checkOtpCode(db, organization.id, user.id, request.otp.trim()))) {
        await recordSignInFailure(ctx, email, user);
        throw new OAuthError(400, 'invalid_grant', message('wrongOtp'));
      }
      otpVerified = true;
    } else if (request.otpCookie) {
      if (!(await checkOtpCookie(db, organization.id, user.id, request.otpCookie))) {
        // The client forgets the cookie and asks for the code, which is on its way.
        await assertEmailRequestAllowed(db, caller, email);
        await sendOtpCode(db, recipient);
        // The client compares the text with INVALID_LOGIN_COOKIE (engine/rules/session.ts).
        throw new OAuthError(400, 'invalid_grant', message('invalidLoginCookie'));
      }
    } else {
      await assertEmailRequestAllowed(db, caller, email);
      await sendOtpCode(db, recipient);
      return { kind: 'otp_required', description: message('otpSent') };
    }
  }

  await recordSignIn(db, caller, email, true);
  await rememberLanguage(db, user, ctx.language);
  const tokens = await startSession(db, {
    organizationId: organization.id,
    userId: user.id,
    clientId,
    sessionTimeoutSeconds: sessionTimeoutSeconds(organization.settings, ctx.sessionSettings),
    otpVerified,
  });
  return { kind: 'tokens', tokens };
}

async function resendVerification(ctx: SignInContext, user: UserRecord): Promise<void> {
  try {
    await assertEmailRequestAllowed(ctx.db, ctx.caller, user.email);
  } catch (error) {
    if (error instanceof HttpError) return; // limited: the earlier links still work
    throw error;
  }
  await sendVerificationLink(ctx, user);
}

/**
 * The token-login variants: a one-time user token (type USER_TOKEN: host hand-off, finished
 * on-boarding, verified sign-up, checked code) or an emailed sign-in link (username 'token').
 * The token proves the sign-in already, so no one-time password is asked for, except where the
 * user or organisation requires one: then the emailed link and a token from a checked code prove
 * only the mailbox, one factor, and are refused with the same answer as a used link (decision
 * 0046). A link followed by a code is refused too: the code step belongs to the password grant.
 */
async function tokenGrant(
  ctx: SignInContext,
  token: string,
  purpose: 'user_token' | 'magic_link',
  clientId: string,
): Promise<TokenResponse> {
  const { db, organization } = ctx;
  const record = await useLinkToken(db, token, organization.id, [purpose]);
  const user = record && (await findUserById(db, record.userId));
  if (!user || user.anonymised_at) throw new OAuthError(400, 'invalid_grant', message('invalidSignInToken'));
  const oneFactor = purpose === 'magic_link' || record.data.via === USER_TOKEN_VIA_CODE;
  if (oneFactor && secondFactorRequired(user, organization))
    throw new OAuthError(400, 'invalid_grant', message('invalidSignInToken'));
  // Following an emailed link proves the address too.
  if (purpose === 'magic_link' && !user.email_verified_at)
    await updateUser(db, user.id, { email_verified_at: new Date() });
  await rememberLanguage(db, user, ctx.language);
  return startSession(db, {
    organizationId: organization.id,
    userId: user.id,
    clientId,
    sessionTimeoutSeconds: sessionTimeoutSeconds(organization.settings, ctx.sessionSettings),
    otpVerified: false,
  });
}
