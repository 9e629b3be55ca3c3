import { Type } from 'typebox';
import { ApiError } from '../api';
import {
  ConfirmRequest,
  ForgotRequest,
  LinkUser,
  LogoutNotificationRequest,
  Message,
  OAuthError,
  OnboardingRequest,
  MessageWithSignInToken,
  OtpCheckResult,
  OtpRequired,
  ResendVerificationRequest,
  ResetRequest,
  RevokeRequest,
  SignupRequest,
  TokenQuery,
  TokenRequest,
  TokenResponse,
  UrlTokenInfo,
  VerifyEmailRequest,
} from '../auth';
import { Subdomain } from '../organization';
import { defineRoute } from '../contract';

/*
 * Spec §7 Auth (/api/oauth: tokens, every error in the OAuth shape) and the sign-in calls of
 * spec §7 Public (/api/public: the organisation is the `subdomain` query parameter or `:sub`,
 * else the host; answers never tell whether an address has an account).
 */

// ---- /api/oauth ----

const oauthTags = ['auth'];
/** Every answer of the OAuth endpoints that is not a success is `{ error, error_description }`. */
const OAUTH_ERRORS = { 400: OAuthError, 401: OAuthError, 404: OAuthError } as const;

export const token = defineRoute({
  method: 'POST',
  path: '/oauth/token',
  summary: 'Sign in: password (with one-time password), one-time user token, emailed sign-in token, or refresh',
  description:
    'Form-encoded. grant_type=password with username and password (plus otp or otpCookie when a one-time password is required); ' +
    'type=USER_TOKEN with password = a one-time user token; username=token with password = an emailed sign-in token; ' +
    'grant_type=refresh_token with refresh_token (body or query). 206: a one-time password was emailed; send it as otp.',
  tags: oauthTags,
  access: 'public',
  authz: 'anyone',
  // A form-encoded body is parsed by the content-type parser of oauth.routes.ts into this same object.
  consumes: ['application/x-www-form-urlencoded', 'application/json'],
  querystring: TokenRequest,
  body: Type.Union([Type.Omit(TokenRequest, ['subdomain'], { additionalProperties: false }), Type.Null()], {
    description: 'none for the refresh variant with query parameters',
  }),
  response: { 200: TokenResponse, 206: OtpRequired, ...OAUTH_ERRORS, 429: OAuthError },
});

export const revokeToken = defineRoute({
  method: 'DELETE',
  path: '/oauth/access-token',
  summary: 'Sign out: revoke the bearer token and its refresh tokens',
  tags: oauthTags,
  access: 'signed-in',
  authz: 'signed-in',
  body: Type.Union([RevokeRequest, Type.Null()]),
  response: { 200: Message, ...OAUTH_ERRORS, 403: OAuthError },
});

// ---- /api/public ----

const tags = ['public', 'auth'];
const access = 'public';
const SubdomainQuery = Type.Object({ subdomain: Type.Optional(Subdomain) });
const WithToken = Type.Object({ subdomain: Type.Optional(Subdomain), token: TokenQuery.properties.token });
const EmailParam = Type.String({ minLength: 3, maxLength: 254 });
/** Beside the 400 and 404 of every public call: a subdomain-restricted site (403) and the rate limits (429). */
const errors = { 403: ApiError, 429: ApiError };

export const signUp = defineRoute({
  method: 'POST',
  path: '/public/signup',
  summary: 'Create a candidate account (not on subdomain-restricted sites); a verification link is emailed',
  tags,
  access,
  authz: 'anyone',
  querystring: SubdomainQuery,
  body: SignupRequest,
  response: { 201: Message, ...errors },
});

export const confirmAccount = defineRoute({
  method: 'POST',
  path: '/public/confirm',
  summary: 'Verify a new account with the emailed link; answers a one-time user token to sign in with',
  tags,
  access,
  authz: 'anyone',
  querystring: SubdomainQuery,
  body: ConfirmRequest,
  response: { 200: MessageWithSignInToken, ...errors },
});

export const resendVerification = defineRoute({
  method: 'POST',
  path: '/public/signup/resend',
  summary: 'Email the verification link again to an unverified account; the same answer for any address',
  tags,
  access,
  authz: 'anyone',
  querystring: SubdomainQuery,
  body: ResendVerificationRequest,
  response: { 200: Message, ...errors },
});

export const verifyEmail = defineRoute({
  method: 'POST',
  path: '/public/verifyEmail',
  summary: 'Confirm a new email address with the link sent to it',
  tags,
  access,
  authz: 'anyone',
  querystring: SubdomainQuery,
  body: VerifyEmailRequest,
  response: { 200: Message, ...errors },
});

export const forgotPassword = defineRoute({
  method: 'POST',
  path: '/public/forgot',
  summary: 'Email a password reset link (same answer whether or not the address has an account)',
  tags,
  access,
  authz: 'anyone',
  querystring: SubdomainQuery,
  body: ForgotRequest,
  response: { 200: Message, ...errors },
});

export const resetPassword = defineRoute({
  method: 'POST',
  path: '/public/reset',
  summary: 'Set a new password with the emailed reset token; every session ends',
  tags,
  access,
  authz: 'anyone',
  querystring: SubdomainQuery,
  body: ResetRequest,
  response: { 200: Message, ...errors },
});

export const onboardingUser = defineRoute({
  method: 'GET',
  path: '/public/userOnBoarding',
  summary: 'Who an on-boarding (invitation) link is for',
  tags,
  access,
  authz: 'anyone',
  querystring: WithToken,
  response: { 200: LinkUser, ...errors },
});

export const completeOnboarding = defineRoute({
  method: 'POST',
  path: '/public/signup/userOnBoarding',
  summary: 'Finish an invited account: names and password; answers a one-time user token to sign in with',
  tags,
  access,
  authz: 'anyone',
  querystring: SubdomainQuery,
  body: OnboardingRequest,
  response: { 200: MessageWithSignInToken, ...errors },
});

export const verificationUser = defineRoute({
  method: 'GET',
  path: '/public/user',
  summary: 'Who a verification link is for',
  tags,
  access,
  authz: 'anyone',
  querystring: WithToken,
  response: { 200: LinkUser, ...errors },
});

export const resetUser = defineRoute({
  method: 'GET',
  path: '/public/userp',
  summary: 'Who a password reset link is for',
  tags,
  access,
  authz: 'anyone',
  querystring: WithToken,
  response: { 200: LinkUser, ...errors },
});

export const signInTokenUser = defineRoute({
  method: 'GET',
  path: '/public/usertoken',
  summary: 'Who a sign-in link or one-time user token is for',
  tags,
  access,
  authz: 'anyone',
  querystring: WithToken,
  response: { 200: LinkUser, ...errors },
});

export const describeUrlToken = defineRoute({
  method: 'POST',
  path: '/public/urlToken',
  summary: 'What a token from an address is for and until when it works (it is not used)',
  tags,
  access,
  authz: 'anyone',
  querystring: WithToken,
  response: { 200: UrlTokenInfo, ...errors },
});

export const sendSignInLink = defineRoute({
  method: 'POST',
  path: '/public/login/:email',
  summary: 'Email a sign-in link (magic password) to the address, if it has an account',
  tags,
  access,
  authz: 'anyone',
  params: Type.Object({ email: EmailParam }),
  querystring: SubdomainQuery,
  response: { 200: Message, ...errors },
});

export const requestOtp = defineRoute({
  method: 'GET',
  path: '/public/organization/:sub/requestOtp/:email',
  summary: 'Email a sign-in code to the address, if it has an account',
  tags,
  access,
  authz: 'anyone',
  params: Type.Object({ sub: Subdomain, email: EmailParam }),
  response: { 200: Message, ...errors },
});

export const checkOtp = defineRoute({
  method: 'GET',
  path: '/public/organization/:sub/checkOtp/:email/:code',
  summary: 'Check an emailed code; answers a one-time user token to sign in with',
  tags,
  access,
  authz: 'anyone',
  params: Type.Object({ sub: Subdomain, email: EmailParam, code: Type.String({ maxLength: 16 }) }),
  response: { 200: OtpCheckResult, ...errors },
});

export const logoutNotification = defineRoute({
  method: 'POST',
  path: '/public/logout-notification',
  summary: "Tell the organisation's support address that a hiring-side user signed out",
  tags,
  access,
  authz: 'anyone',
  querystring: SubdomainQuery,
  body: LogoutNotificationRequest,
  response: { 202: Message, ...errors },
});
