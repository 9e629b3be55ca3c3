import { ApiError } from '../api';
import { defineRoute } from '../contract';
import { CandidateProfile, ProfileQuery, ProfileSave } from '../profile';

/* The candidate profile (spec §2 /profile, /profile/create): answers shared across applications. */
const tags = ['user', 'profile'];
const access = 'signed-in';

export const getProfile = defineRoute({
  method: 'GET',
  path: '/v1/user/profile',
  summary: "The candidate's profile: answers shared across applications to this organisation",
  tags,
  access,
  authz: 'candidate',
  response: { 200: CandidateProfile },
});

export const saveProfileSection = defineRoute({
  method: 'PUT',
  path: '/v1/user/profile',
  summary: "Save one profile section: its answers, checked like a form step, replace that section's",
  tags,
  access,
  authz: 'candidate',
  querystring: ProfileQuery,
  body: ProfileSave,
  response: { 200: CandidateProfile, 409: ApiError },
});
