import type { LinkUser, Message, OneTimeToken, SignupRequest, TokenResponse, UrlTokenInfo } from '#schemas/auth';
import type { PasswordChange, SecurityUpdate, User, UserUpdate } from '#schemas/user';
import { TOKEN_SCOPE, WEB_CLIENT_ID } from '#engine';
import { http } from './http';

/*
 * The sign-in and user calls of spec §7. /oauth and /v1 calls get the bearer token and the
 * `subdomain` parameter from the interceptors; public calls name the organisation themselves.
 */

export type PasswordGrant = { username: string; password: string; otp?: string; otpCookie?: string };

/** 200 with tokens, or 206 when a one-time password has been emailed (the caller shows the code step). */
export type TokenOutcome = { kind: 'tokens'; tokens: TokenResponse } | { kind: 'otp_required'; message: string };

function form(fields: Record<string, string | undefined>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined && value !== '') params.set(key, value);
  return params;
}

async function requestToken(fields: Record<string, string | undefined>): Promise<TokenOutcome> {
  const response = await http.post<TokenResponse | { error: string; error_description: string }>(
    '/oauth/token',
    form({ client_id: WEB_CLIENT_ID, scope: TOKEN_SCOPE, applicationType: 'web', ...fields }),
    { headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  );
  if (response.status === 206) {
    const body = response.data as { error_description?: string };
    return { kind: 'otp_required', message: body.error_description ?? '' };
  }
  return { kind: 'tokens', tokens: response.data as TokenResponse };
}

export const signInWithPassword = (grant: PasswordGrant) => requestToken({ grant_type: 'password', ...grant });
export const signInWithUserToken = (token: string) =>
  requestToken({ grant_type: 'password', type: 'USER_TOKEN', password: token });
/** The OAuth variant: username 'token', password = an emailed or external sign-in token. */
export const signInWithLinkToken = (token: string) =>
  requestToken({ grant_type: 'password', username: 'token', password: token });

/** grant_type=refresh_token. Marked so the interceptors never try to refresh a refresh. */
export async function refreshTokens(refreshToken: string): Promise<TokenResponse> {
  const response = await http.post<TokenResponse>(
    '/oauth/token',
    form({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: WEB_CLIENT_ID, scope: TOKEN_SCOPE }),
    {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      skipAuthRefresh: true,
    },
  );
  return response.data;
}

/** DELETE /oauth/access-token with the token being ended (best effort: the session is cleared anyway). */
export async function revokeToken(accessToken: string, deviceId?: string): Promise<void> {
  await http.delete('/oauth/access-token', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: deviceId ? { deviceId } : undefined,
    skipAuthRefresh: true,
  });
}

export async function fetchCurrentUser(cookieRequested = false): Promise<User> {
  const response = await http.get<User>('/v1/user', { params: cookieRequested ? { cookieRequested: true } : {} });
  return response.data;
}

export async function updateCurrentUser(update: UserUpdate): Promise<User> {
  return (await http.put<User>('/v1/user', update)).data;
}

export async function updateSecurity(update: SecurityUpdate): Promise<User> {
  return (await http.put<User>('/v1/user/security', update)).data;
}

export async function changePassword(change: PasswordChange): Promise<Message> {
  return (await http.put<Message>('/v1/user/password', change)).data;
}

export async function deleteMe(): Promise<Message> {
  return (await http.delete<Message>('/v1/user/deleteMe')).data;
}

export async function createHrToken(): Promise<OneTimeToken> {
  return (await http.post<OneTimeToken>('/v1/user/hrtoken')).data;
}

const publicParams = (subdomain: string) => ({ params: { subdomain } });

export async function signUp(subdomain: string, request: SignupRequest): Promise<Message> {
  return (await http.post<Message>('/public/signup', request, publicParams(subdomain))).data;
}

export async function confirmAccount(subdomain: string, token: string, candidateId?: string): Promise<Message> {
  return (
    await http.post<Message>('/public/confirm', { token, ...(candidateId && { candidateId }) }, publicParams(subdomain))
  ).data;
}

export async function verifyEmail(subdomain: string, token: string): Promise<Message> {
  return (await http.post<Message>('/public/verifyEmail', { token }, publicParams(subdomain))).data;
}

export async function requestPasswordReset(subdomain: string, email: string): Promise<Message> {
  return (await http.post<Message>('/public/forgot', { email }, publicParams(subdomain))).data;
}

export async function resetPassword(subdomain: string, token: string, newPassword: string): Promise<Message> {
  return (await http.post<Message>('/public/reset', { token, newPassword }, publicParams(subdomain))).data;
}

export async function resetLinkUser(subdomain: string, token: string): Promise<LinkUser> {
  return (await http.get<LinkUser>('/public/userp', { params: { subdomain, token } })).data;
}

export async function onboardingUser(subdomain: string, token: string): Promise<LinkUser> {
  return (await http.get<LinkUser>('/public/userOnBoarding', { params: { subdomain, token } })).data;
}

export async function completeOnboarding(
  subdomain: string,
  request: { token: string; password: string; firstName: string; lastName: string },
): Promise<{ message: string; token: string }> {
  return (
    await http.post<{ message: string; token: string }>(
      '/public/signup/userOnBoarding',
      request,
      publicParams(subdomain),
    )
  ).data;
}

export async function requestSignInLink(subdomain: string, email: string): Promise<Message> {
  return (await http.post<Message>(`/public/login/${encodeURIComponent(email)}/`, {}, publicParams(subdomain))).data;
}

export async function describeUrlToken(subdomain: string, token: string): Promise<UrlTokenInfo> {
  return (await http.post<UrlTokenInfo>('/public/urlToken', {}, { params: { subdomain, token } })).data;
}

export async function sendLogoutNotification(
  subdomain: string,
  body: { userEmail: string; clientName: string; currentPath: string },
): Promise<void> {
  await http.post('/public/logout-notification', body, { ...publicParams(subdomain), skipAuthRefresh: true });
}
