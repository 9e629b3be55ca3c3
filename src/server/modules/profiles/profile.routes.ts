import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError } from '#schemas/api';
import { CandidateProfile, ProfileQuery, ProfileSave } from '#schemas/profile';
import { BEARER, SubdomainQuery, V1_ERRORS } from '../../lib/route-schemas';
import { authenticate, viewerOf } from '../../plugins/auth';
import { candidateProfile, saveProfileSection } from './profile.service';

const tags = ['user', 'profile'];

/** The candidate profile (spec §2 /profile, /profile/create), under /api/v1. */
export const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preValidation', authenticate);

  app.get(
    '/user/profile',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "The candidate's profile: answers shared across applications to this organisation",
        querystring: SubdomainQuery,
        response: { 200: CandidateProfile, ...V1_ERRORS },
      },
    },
    async (request) => candidateProfile(app.db, viewerOf(request)),
  );

  app.put(
    '/user/profile',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "Save one profile section: its answers, checked like a form step, replace that section's",
        querystring: ProfileQuery,
        body: ProfileSave,
        response: { 200: CandidateProfile, ...V1_ERRORS, 409: ApiError },
      },
    },
    async (request) =>
      saveProfileSection(app.db, viewerOf(request), request.query.section, request.body, request.query.language),
  );
};
