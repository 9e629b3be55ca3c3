import { Type } from 'typebox';
import { CandidateStatus } from './vocabularies';
import { UserType } from './organization';

/* Contracts of the signed-in user's calls (spec §7 User), under /api/v1. */

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Name = Type.String({ maxLength: 255 });

export const UserOrganization = Type.Object({
  id: Type.String(),
  name: Type.String(),
  subdomain: Type.String(),
});
export type UserOrganization = Type.Static<typeof UserOrganization>;

/** One application of a candidate (spec §3); the application records arrive with a later issue. */
const UserApplication = Type.Object({
  role: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
  roleType: Type.Optional(Type.String()),
  appliedAt: Type.String({ format: 'date-time' }),
});

/** The signed-in user (spec §3 User), as GET/PUT /api/v1/user answer it. */
export const User = Type.Object({
  id: Type.String(),
  email: Type.String(),
  userType: UserType,
  organization: Nullable(UserOrganization),
  firstName: Nullable(Name),
  preferredName: Nullable(Name),
  lastName: Nullable(Name),
  emailVerified: Type.Boolean(),
  pendingEmail: Nullable(Type.String({ description: 'a new address waiting for its verification link' })),
  otpRequired: Type.Boolean({ description: 'the user asked for a one-time password at sign-in' }),
  organizationRequiresOtp: Type.Boolean(),
  acceptTermAndConditions: Type.Boolean(),
  acceptRare: Type.Boolean(),
  acceptResearch: Type.Boolean(),
  /** Issue 16: whether the person gets the organisation's messages by email and by SMS. */
  acceptEmailMessages: Type.Boolean(),
  acceptSmsMessages: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  /** Spec §3 candidateStatus (decision 0009): ACTIVE, PASSPORT, PASSPORT_ACTIVE, or null. */
  candidateStatus: Nullable(CandidateStatus),
  applications: Type.Array(UserApplication),
  otpCookie: Type.Optional(
    Type.String({ description: 'with cookieRequested=true after a sign-in with a one-time password' }),
  ),
});
export type User = Type.Static<typeof User>;

/** GET /api/v1/user (beside the `subdomain` of every signed-in call). */
export const UserQuery = Type.Object({
  cookieRequested: Type.Optional(Type.Boolean()),
});

/**
 * PUT /api/v1/user. Only these fields can change: userType, organisation, id and the rest are
 * not part of the contract, so they are dropped before the service sees the request.
 */
export const UserUpdate = Type.Object(
  {
    firstName: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    preferredName: Type.Optional(Nullable(Name)),
    lastName: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    email: Type.Optional(Type.String({ minLength: 3, maxLength: 254 })),
    acceptTermAndConditions: Type.Optional(Type.Boolean()),
    acceptRare: Type.Optional(Type.Boolean()),
    acceptResearch: Type.Optional(Type.Boolean()),
    acceptEmailMessages: Type.Optional(Type.Boolean()),
    acceptSmsMessages: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UserUpdate = Type.Static<typeof UserUpdate>;

/** PUT /api/v1/user/security: turning the one-time password on or off needs the password. */
export const SecurityUpdate = Type.Object(
  { otpRequired: Type.Boolean(), currentPassword: Type.String({ maxLength: 1024 }) },
  { additionalProperties: false },
);
export type SecurityUpdate = Type.Static<typeof SecurityUpdate>;

/** PUT /api/v1/user/password */
export const PasswordChange = Type.Object(
  { currentPassword: Type.String({ maxLength: 1024 }), newPassword: Type.String({ maxLength: 1024 }) },
  { additionalProperties: false },
);
export type PasswordChange = Type.Static<typeof PasswordChange>;

/** GET /api/v1/user/userorganizations (beside the `subdomain` of every signed-in call). */
export const UserOrganizationsQuery = Type.Object({
  organizationId: Type.Optional(Type.String({ maxLength: 64 })),
});

/** GET /api/v1/user/rareusers: candidates who agreed to be contacted by RARE (spec §3 acceptRare). */
export const RareUser = Type.Object({
  id: Type.String(),
  email: Type.String(),
  firstName: Nullable(Name),
  lastName: Nullable(Name),
});

/** POST /api/v1/organization/:id/user: invite a Standard or Admin manager (spec §6). */
export const InviteUserRequest = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 254 }),
    firstName: Type.Optional(Type.String({ maxLength: 255 })),
    lastName: Type.Optional(Type.String({ maxLength: 255 })),
    userType: Type.Union([Type.Literal('HIRING_MANAGER'), Type.Literal('HIRING_MANAGER_ADMIN')]),
  },
  { additionalProperties: false },
);
export type InviteUserRequest = Type.Static<typeof InviteUserRequest>;

export const InvitedUser = Type.Object({ id: Type.String(), email: Type.String(), userType: UserType });
