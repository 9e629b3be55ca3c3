import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contracts from '#schemas/contracts/profiles.contract';
import { route } from '../../lib/route';
import { authenticate, viewerOf } from '../../plugins/auth';
import { candidateProfile, saveProfileSection } from './profile.service';

/** The candidate profile (spec §2 /profile, /profile/create), as schemas/contracts/profiles.contract.ts declares it. */
export const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preValidation', authenticate);

  route(app, contracts.getProfile, async (request) => candidateProfile(app.db, viewerOf(request)));
  route(app, contracts.saveProfileSection, async (request) =>
    saveProfileSection(app.db, viewerOf(request), request.query.section, request.body, request.query.language),
  );
};
