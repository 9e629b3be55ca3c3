import { Type } from 'typebox';
import { Message, OneTimeToken } from '../auth';
import {
  InvitedUser,
  InviteUserRequest,
  PasswordChange,
  RareUser,
  SecurityUpdate,
  User,
  UserOrganization,
  UserOrganizationsQuery,
  UserQuery,
  UserUpdate,
} from '../user';
import { defineRoute } from '../contract';

/* Spec §7 User: the signed-in user's own record, tokens and erasure, and the invitation of managers. */
const tags = ['user'];
const access = 'signed-in';
const Id = Type.String({ maxLength: 64 });

export const currentUser = defineRoute({
  method: 'GET',
  path: '/v1/user',
  summary: 'The signed-in user; with cookieRequested, a login cookie after a sign-in with a one-time password',
  tags,
  access,
  authz: 'signed-in',
  querystring: UserQuery,
  response: { 200: User },
});

export const updateUser = defineRoute({
  method: 'PUT',
  path: '/v1/user',
  summary:
    'Update names, contact preferences, terms or the email address (confirmed by a link); userType and organisation cannot change',
  tags,
  access,
  authz: 'signed-in',
  body: UserUpdate,
  response: { 200: User },
});

export const updateSecurity = defineRoute({
  method: 'PUT',
  path: '/v1/user/security',
  summary: 'Turn the one-time password at sign-in on or off (needs the password)',
  tags,
  access,
  authz: 'signed-in',
  body: SecurityUpdate,
  response: { 200: User },
});

export const changePassword = defineRoute({
  method: 'PUT',
  path: '/v1/user/password',
  summary: 'Change the password (needs the current one); other sessions end',
  tags,
  access,
  authz: 'signed-in',
  body: PasswordChange,
  response: { 200: Message },
});

export const userOrganizations = defineRoute({
  method: 'GET',
  path: '/v1/user/userorganizations',
  summary: 'The organisations the user works in (admins: all)',
  tags,
  access,
  authz: 'signed-in',
  querystring: UserOrganizationsQuery,
  response: { 200: Type.Array(UserOrganization) },
});

export const userToken = defineRoute({
  method: 'POST',
  path: '/v1/user/token',
  summary: 'A one-time user token (2 minutes) to sign in on another host of this organisation',
  tags,
  access,
  authz: 'signed-in',
  response: { 200: OneTimeToken },
});

export const hrToken = defineRoute({
  method: 'POST',
  path: '/v1/user/hrtoken',
  summary: 'A one-time user token for the HR host (hiring side only)',
  tags,
  access,
  authz: 'hiring',
  response: { 200: OneTimeToken },
});

export const rareUsers = defineRoute({
  method: 'GET',
  path: '/v1/user/rareusers',
  summary: 'Candidates who agreed to be contacted by RARE (hiring-manager admins)',
  tags,
  access,
  authz: 'hiring-admin',
  response: { 200: Type.Array(RareUser) },
});

export const deleteMe = defineRoute({
  method: 'DELETE',
  audit: { action: 'erase', target: 'user', param: 'self' },
  path: '/v1/user/deleteMe',
  summary: "Erase the signed-in person's data (anonymous statistics stay)",
  tags,
  access,
  authz: 'signed-in',
  response: { 200: Message },
});

export const deleteUser = defineRoute({
  method: 'DELETE',
  audit: { action: 'erase', target: 'user', param: 'id' },
  path: '/v1/user/:id',
  summary: "Erase a user's data (admins; hiring-manager admins within their organisation)",
  tags,
  access,
  // Anyone may erase themselves; a platform admin any user; the user is looked up before the role is checked.
  authz: {
    who: 'hiring-admin',
    except: {
      'candidate/own': 'ok',
      'candidate/same': 404,
      'candidate/other': 404,
      'manager/other': 404,
      'platformAdmin/other': 'ok',
    },
  },
  params: Type.Object({ id: Id }),
  response: { 200: Message },
});

export const inviteUser = defineRoute({
  method: 'POST',
  audit: { action: 'manage-user', target: 'user' },
  path: '/v1/organization/:orgId/user',
  summary: 'Invite a Standard or Admin manager; they set a password from the emailed on-boarding link',
  tags,
  access,
  authz: 'hiring-admin',
  // orgId: the tenancy plugin loads this organisation (a platform admin invites into any; others 404).
  params: Type.Object({ orgId: Id }),
  body: InviteUserRequest,
  response: { 201: InvitedUser },
});
