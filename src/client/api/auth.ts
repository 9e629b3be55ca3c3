import type { RouteBody } from '#schemas/contract';
import * as auth from '#schemas/contracts/auth.contract';
import * as users from '#schemas/contracts/users.contract';
import type { TokenResponse } from '#schemas/auth';
import { TOKEN_SCOPE, WEB_CLIENT_ID } from '#engine';
import { call } from './call';

/*
 * The sign-in and user calls of spec §7, as schemas/contracts/auth.contract.ts and
 * users.contract.ts declare them. /oauth and /v1 calls get the bearer token and the `subdomain`
 * parameter from the interceptors; public calls name the organisation themselves.
 */

type TokenFields = NonNullable<RouteBody<typeof auth.token>>;

export type PasswordGrant = Required<Pick<TokenFields, 'username' | 'password'>> &
  Pick<TokenFields, 'otp' | 'otpCookie'>;

/** 200 with tokens, or 206 when a one-time password has been emailed (the caller shows the code step). */
export type TokenOutcome = { kind: 'tokens'; tokens: TokenResponse } | { kind: 'otp_required'; message: string };

/** The token endpoint takes a form (spec §7); axios encodes the fields given, leaving out empty ones. */
async function postToken(fields: TokenFields, config: { skipAuthRefresh?: boolean } = {}) {
  const body = Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined && value !== ''),
  ) as TokenFields;
  return call(auth.token, { body }, { ...config, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
}

async function requestToken(fields: TokenFields): Promise<TokenOutcome> {
  const answer = await postToken({ client_id: WEB_CLIENT_ID, scope: TOKEN_SCOPE, applicationType: 'web', ...fields });
  // 206 (OtpRequired) carries no tokens.
  if (!('access_token' in answer)) return { kind: 'otp_required', message: answer.error_description ?? '' };
  return { kind: 'tokens', tokens: answer };
}

export const signInWithPassword = (grant: PasswordGrant) => requestToken({ grant_type: 'password', ...grant });
export const signInWithUserToken = (token: string) =>
  requestToken({ grant_type: 'password', type: 'USER_TOKEN', password: token });
/** The OAuth variant: username 'token', password = an emailed or external sign-in token. */
export const signInWithLinkToken = (token: string) =>
  requestToken({ grant_type: 'password', username: 'token', password: token });

/** grant_type=refresh_token. Marked so the interceptors never try to refresh a refresh. */
export async function refreshTokens(refreshToken: string): Promise<TokenResponse> {
  const answer = await postToken(
    { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: WEB_CLIENT_ID, scope: TOKEN_SCOPE },
    { skipAuthRefresh: true },
  );
  // A refresh never asks for a one-time password (206).
  return answer as TokenResponse;
}

/** DELETE /oauth/access-token with the token being ended (best effort: the session is cleared anyway). */
export async function revokeToken(accessToken: string, deviceId?: string): Promise<void> {
  await call(
    auth.revokeToken,
    { body: deviceId ? { deviceId } : undefined },
    { headers: { authorization: `Bearer ${accessToken}` }, skipAuthRefresh: true },
  );
}

export const fetchCurrentUser = (cookieRequested = false) =>
  call(users.currentUser, { query: cookieRequested ? { cookieRequested: true } : {} });

export const updateCurrentUser = (update: RouteBody<typeof users.updateUser>) =>
  call(users.updateUser, { body: update });

export const updateSecurity = (update: RouteBody<typeof users.updateSecurity>) =>
  call(users.updateSecurity, { body: update });

export const changePassword = (change: RouteBody<typeof users.changePassword>) =>
  call(users.changePassword, { body: change });

export const deleteMe = () => call(users.deleteMe);

export const createHrToken = () => call(users.hrToken);

export const signUp = (subdomain: string, request: RouteBody<typeof auth.signUp>) =>
  call(auth.signUp, { query: { subdomain }, body: request });

/** The verification link again, for the address typed at sign-up. */
export const resendVerification = (subdomain: string, request: RouteBody<typeof auth.resendVerification>) =>
  call(auth.resendVerification, { query: { subdomain }, body: request });

export const confirmAccount = (subdomain: string, token: string, candidateId?: string) =>
  call(auth.confirmAccount, { query: { subdomain }, body: { token, ...(candidateId && { candidateId }) } });

export const verifyEmail = (subdomain: string, token: string) =>
  call(auth.verifyEmail, { query: { subdomain }, body: { token } });

export const requestPasswordReset = (subdomain: string, email: string) =>
  call(auth.forgotPassword, { query: { subdomain }, body: { email } });

export const resetPassword = (subdomain: string, token: string, newPassword: string) =>
  call(auth.resetPassword, { query: { subdomain }, body: { token, newPassword } });

/** Who a password reset link is for. */
export const resetLinkUser = (subdomain: string, token: string) =>
  call(auth.resetUser, { query: { subdomain, token } });

/** Who an on-boarding (invitation) link is for. */
export const onboardingUser = (subdomain: string, token: string) =>
  call(auth.onboardingUser, { query: { subdomain, token } });

export const completeOnboarding = (subdomain: string, request: RouteBody<typeof auth.completeOnboarding>) =>
  call(auth.completeOnboarding, { query: { subdomain }, body: request });

export const requestSignInLink = (subdomain: string, email: string) =>
  call(auth.sendSignInLink, { params: { email }, query: { subdomain } });

export async function sendLogoutNotification(
  subdomain: string,
  body: RouteBody<typeof auth.logoutNotification>,
): Promise<void> {
  await call(auth.logoutNotification, { query: { subdomain }, body }, { skipAuthRefresh: true });
}
