import { Type } from 'typebox';
import { CodedMessage } from './messages';

/*
 * Contracts of sign-in (spec §7 Auth and the sign-in calls under Public). The token endpoint
 * speaks OAuth: form-encoded requests, `{ error, error_description }` errors.
 */

const Text = (maxLength: number, description?: string) =>
  Type.String({ maxLength, ...(description && { description }) });

/**
 * POST /api/oauth/token (form-encoded; the refresh variant may also carry its fields in the query).
 * Every field is optional in the schema: which ones a grant needs is checked by the grant, so a
 * missing one is answered in the OAuth shape.
 */
export const TokenRequest = Type.Object(
  {
    grant_type: Type.Optional(Type.Union([Type.Literal('password'), Type.Literal('refresh_token')])),
    username: Type.Optional(Text(320, "the account's email address; 'token' for an external sign-in token")),
    password: Type.Optional(
      Text(1024, 'the password, a one-time user token (type USER_TOKEN) or an external sign-in token'),
    ),
    type: Type.Optional(Type.Literal('USER_TOKEN', { description: 'password is a one-time user token' })),
    otp: Type.Optional(Text(16, 'the 6-digit one-time password sent by email')),
    otpCookie: Type.Optional(Text(128, 'a login cookie from an earlier sign-in with a one-time password')),
    partner: Type.Optional(Text(100, 'accepted for compatibility; not used')),
    scope: Type.Optional(Text(100)),
    client_id: Type.Optional(Text(100)),
    applicationType: Type.Optional(Text(40, 'accepted for compatibility; not used')),
    refresh_token: Type.Optional(Text(128)),
    subdomain: Type.Optional(
      Type.String({ pattern: '^[a-z][a-z0-9-]{1,40}$', description: 'organisation (else the host)' }),
    ),
  },
  { additionalProperties: false },
);
export type TokenRequest = Type.Static<typeof TokenRequest>;

/** The token record of spec §3 as the server sends it. */
export const TokenResponse = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('bearer'),
  refresh_token: Type.Optional(Type.String({ description: 'absent when the organisation sets a session timeout' })),
  expires_in: Type.Integer({ description: 'seconds' }),
  scope: Type.String(),
});
export type TokenResponse = Type.Static<typeof TokenResponse>;

/** The catalogue code and params of a message (decision 0018), beside the OAuth fields. */
const MessageCode = { code: CodedMessage.properties.code, params: CodedMessage.properties.params };

/** Errors of the OAuth endpoints (and 401s of the API, which add `message`). */
export const OAuthError = Type.Object({
  error: Type.String(),
  error_description: Type.String(),
  message: Type.Optional(Type.String()),
  ...MessageCode,
});
export type OAuthError = Type.Static<typeof OAuthError>;

/** 206 from the token endpoint: the code has been emailed; send it back as `otp`. */
export const OtpRequired = Type.Object({
  error: Type.Literal('otp_required'),
  error_description: Type.String(),
  ...MessageCode,
});
export type OtpRequired = Type.Static<typeof OtpRequired>;

/** DELETE /api/oauth/access-token */
export const RevokeRequest = Type.Object({ deviceId: Type.Optional(Text(200)) }, { additionalProperties: false });

/** A confirmation (or other message) to show: English, with the code and params to translate it by. */
export const Message = CodedMessage;
export type Message = CodedMessage;

const Email = Type.String({
  minLength: 3,
  maxLength: 254,
  description: 'checked with the product email rule (spec §5)',
});
const Password = Type.String({ maxLength: 1024, description: 'checked with the password policy (spec §5)' });
const Name = Type.String({ maxLength: 255 });
/**
 * An emailed link's token. Its form is checked where it is used (TOKEN_PATTERN, server lib/secrets), so a
 * truncated or mangled link answers 'link invalid' like a used one, not a validator's text.
 */
const TokenText = Type.String({ maxLength: 128 });

export const TokenQuery = Type.Object({ token: TokenText });

/** POST /api/public/signup. userType and organisation are never taken from the request. */
export const SignupRequest = Type.Object(
  {
    email: Email,
    password: Password,
    firstName: Type.String({ minLength: 1, maxLength: 255 }),
    lastName: Type.String({ minLength: 1, maxLength: 255 }),
    acceptTermAndConditions: Type.Boolean(),
    acceptRare: Type.Optional(Type.Boolean()),
    acceptResearch: Type.Optional(Type.Boolean()),
    /** A page of the site to come back to after verifying and signing in (e.g. the role applied for). */
    redirect: Type.Optional(Type.String({ maxLength: 512 })),
  },
  { additionalProperties: false },
);
export type SignupRequest = Type.Static<typeof SignupRequest>;

/** POST /api/public/confirm: the account verification link of sign-up. */
export const ConfirmRequest = Type.Object(
  { token: TokenText, candidateId: Type.Optional(Type.String({ maxLength: 64 })) },
  { additionalProperties: false },
);

/** POST /api/public/verifyEmail: the link sent to a new email address. */
export const VerifyEmailRequest = Type.Object({ token: TokenText }, { additionalProperties: false });

export const ForgotRequest = Type.Object({ email: Email }, { additionalProperties: false });

export const ResetRequest = Type.Object({ token: TokenText, newPassword: Password }, { additionalProperties: false });

export const OnboardingRequest = Type.Object(
  {
    token: TokenText,
    password: Password,
    firstName: Type.String({ minLength: 1, maxLength: 255 }),
    lastName: Type.String({ minLength: 1, maxLength: 255 }),
  },
  { additionalProperties: false },
);
export type OnboardingRequest = Type.Static<typeof OnboardingRequest>;

/** A one-time user token: exchange it at POST /api/oauth/token with type USER_TOKEN. */
export const OneTimeToken = Type.Object({
  token: Type.String(),
  expiresIn: Type.Integer({ description: 'seconds' }),
});
export type OneTimeToken = Type.Static<typeof OneTimeToken>;

/** Who a link belongs to, shown before the user acts on it (GET user / userp / usertoken / userOnBoarding). */
export const LinkUser = Type.Object({
  email: Type.String(),
  firstName: Type.Union([Name, Type.Null()]),
  lastName: Type.Union([Name, Type.Null()]),
  organizationName: Type.String(),
});
export type LinkUser = Type.Static<typeof LinkUser>;

/** POST /api/public/urlToken: what a link token is for, without using it. */
export const UrlTokenInfo = Type.Object({
  purpose: Type.Union([
    Type.Literal('verify_account'),
    Type.Literal('verify_email'),
    Type.Literal('reset_password'),
    Type.Literal('magic_link'),
    Type.Literal('onboarding'),
    Type.Literal('user_token'),
  ]),
  expiresAt: Type.String({ format: 'date-time' }),
});
export type UrlTokenInfo = Type.Static<typeof UrlTokenInfo>;

export const OtpCheckResult = Type.Object({
  valid: Type.Literal(true),
  token: Type.String({ description: 'a one-time user token for POST /api/oauth/token type USER_TOKEN' }),
  expiresIn: Type.Integer(),
});

/** A confirmation and a one-time user token to sign in with (finished on-boarding, verified sign-up). */
export const MessageWithSignInToken = Type.Object({
  ...CodedMessage.properties,
  token: Type.String({ description: 'a one-time user token: sign in with it (type USER_TOKEN)' }),
  expiresIn: Type.Integer(),
});

/** POST /api/public/signup/resend: the verification link again, for the address typed at sign-up. */
export const ResendVerificationRequest = Type.Object(
  { email: Email, redirect: SignupRequest.properties.redirect },
  { additionalProperties: false },
);
export type ResendVerificationRequest = Type.Static<typeof ResendVerificationRequest>;

/** POST /api/public/logout-notification (spec §6). */
export const LogoutNotificationRequest = Type.Object(
  {
    userEmail: Email,
    clientName: Type.String({ minLength: 1, maxLength: 255 }),
    currentPath: Type.String({ maxLength: 2048 }),
  },
  { additionalProperties: false },
);
export type LogoutNotificationRequest = Type.Static<typeof LogoutNotificationRequest>;
