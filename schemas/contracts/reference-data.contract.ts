import { Type } from 'typebox';
import { defineRoute } from '../contract';
import {
  Country,
  Degrees,
  ListSearch,
  PostCodeCheck,
  ReferenceItem,
  School,
  University,
  UniversitySearch,
} from '../reference-data';
import { OrganizationKey } from '../role';

/*
 * Spec §7 reference lists: the public ones (universities, countries, the post-code check) and,
 * under /v1/data, those for signed-in users (lists by type, schools, subjects, degrees, an
 * organisation's universities).
 */
const publicTags = ['public', 'reference data'];
const tags = ['reference data'];
const access = 'signed-in';

export const publicUniversities = defineRoute({
  method: 'GET',
  path: '/public/universities',
  summary: 'Universities with their groups (Russell, Oxbridge, Go8), searchable by name',
  tags: publicTags,
  access: 'public',
  authz: 'anyone',
  querystring: UniversitySearch,
  response: { 200: Type.Array(University) },
});

export const countries = defineRoute({
  method: 'GET',
  path: '/public/countries',
  summary: 'Every country (ISO 3166-1)',
  tags: publicTags,
  access: 'public',
  authz: 'anyone',
  response: { 200: Type.Array(Country) },
});

export const postCodeValidation = defineRoute({
  method: 'GET',
  path: '/public/postCode/validation',
  summary: 'Checks the format of a UK post code',
  tags: publicTags,
  access: 'public',
  authz: 'anyone',
  querystring: Type.Object({ postCode: Type.String({ maxLength: 20 }) }),
  response: { 200: PostCodeCheck },
});

export const referenceList = defineRoute({
  method: 'GET',
  path: '/v1/data/type/:type',
  summary: 'A reference list by type (spec §3): shipped lists, role attributes, ROLE and STAGE',
  tags,
  access,
  authz: 'signed-in',
  params: Type.Object({ type: Type.String({ pattern: '^[A-Z][A-Z0-9_]{0,63}$' }) }),
  response: { 200: Type.Array(ReferenceItem) },
});

export const schools = defineRoute({
  method: 'GET',
  path: '/v1/data/schools',
  summary: 'UK schools and colleges, searchable by name',
  tags,
  access,
  authz: 'signed-in',
  querystring: ListSearch,
  response: { 200: Type.Array(School) },
});

export const subjects = defineRoute({
  method: 'GET',
  path: '/v1/data/subjects',
  summary: 'Degree subjects, searchable by name',
  tags,
  access,
  authz: 'signed-in',
  querystring: ListSearch,
  response: { 200: Type.Array(Type.String()) },
});

export const degrees = defineRoute({
  method: 'GET',
  path: '/v1/data/degrees',
  summary: 'Degree types and classes',
  tags,
  access,
  authz: 'signed-in',
  response: { 200: Degrees },
});

export const organizationUniversities = defineRoute({
  method: 'GET',
  path: '/v1/data/organization/:orgId/universities',
  summary: "Universities for an organisation's candidates: its own region first",
  tags,
  access,
  authz: 'member',
  params: Type.Object({ orgId: OrganizationKey }),
  querystring: UniversitySearch,
  response: { 200: Type.Array(University) },
});
