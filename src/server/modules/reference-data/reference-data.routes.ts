import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { OrganizationKey } from '#schemas/role';
import { Degrees, ListSearch, ReferenceItem, School, University, UniversitySearch } from '#schemas/reference-data';
import { BEARER, SubdomainQuery, V1_ERRORS } from '../../lib/route-schemas';
import { authenticate, viewerOf } from '../../plugins/auth';
import { degrees, referenceList, searchSchools, searchSubjects, searchUniversities } from './reference-data.service';

const tags = ['reference data'];
const Search = Type.Object({ ...SubdomainQuery.properties, ...ListSearch.properties });

/** Spec §7 Data: reference lists for signed-in users, under /api/v1. */
export const referenceDataRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preValidation', authenticate);

  app.get(
    '/data/type/:type',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'A reference list by type (spec §3): shipped lists, role attributes, ROLE and STAGE',
        params: Type.Object({ type: Type.String({ pattern: '^[A-Z][A-Z0-9_]{0,63}$' }) }),
        querystring: SubdomainQuery,
        response: { 200: Type.Array(ReferenceItem), ...V1_ERRORS },
      },
    },
    async (request) => referenceList(app.db, viewerOf(request).organization, request.params.type),
  );

  app.get(
    '/data/schools',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'UK schools and colleges, searchable by name',
        querystring: Search,
        response: { 200: Type.Array(School), ...V1_ERRORS },
      },
    },
    async (request) => searchSchools(request.query.term, request.query.limit ?? 50),
  );

  app.get(
    '/data/subjects',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Degree subjects, searchable by name',
        querystring: Search,
        response: { 200: Type.Array(Type.String()), ...V1_ERRORS },
      },
    },
    async (request) => searchSubjects(request.query.term, request.query.limit ?? 50),
  );

  app.get(
    '/data/degrees',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Degree types and classes',
        querystring: SubdomainQuery,
        response: { 200: Degrees, ...V1_ERRORS },
      },
    },
    async () => degrees(),
  );

  app.get(
    '/data/organization/:orgId/universities',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "Universities for an organisation's candidates: its own region first",
        params: Type.Object({ orgId: OrganizationKey }),
        querystring: Type.Object({ ...SubdomainQuery.properties, ...UniversitySearch.properties }),
        response: { 200: Type.Array(University), ...V1_ERRORS },
      },
    },
    async (request) => searchUniversities(request.query, viewerOf(request).organization.country_base),
  );
};
