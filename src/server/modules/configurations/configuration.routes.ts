import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contracts from '#schemas/contracts/studio.contract';
import { route } from '../../lib/route';
import { authenticate, requireRole, viewerOf } from '../../plugins/auth';
import {
  configurationDiff,
  configurationHistory,
  configurationVersion,
  publishConfiguration,
  restoreConfiguration,
} from './configuration.service';
import { organizationTranslation, uploadTranslation } from '../translations/organization-translation.service';
import { contextualData } from '../contextual/contextual.service';

/**
 * The configuration studio's versions (issue 15, decision 0042), as schemas/contracts/studio.contract.ts declares
 * them. `authenticate` loads the organisation of `:orgId` and answers 404 for another organisation's (platform admins
 * reach every one); a Standard hiring manager is refused (403).
 */
export const configurationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preValidation', authenticate);
  // Before the body is validated: a refused caller gets 403, not a 400 about a body it may not send.
  const admins = { preValidation: requireRole('HIRING_MANAGER_ADMIN') };

  route(
    app,
    contracts.configurationHistory,
    async (request) => configurationHistory(app.db, viewerOf(request).organization),
    admins,
  );
  route(
    app,
    contracts.configurationVersion,
    async (request) => configurationVersion(app.db, viewerOf(request).organization, request.params.number),
    admins,
  );
  route(
    app,
    contracts.publishConfiguration,
    async (request, reply) => {
      const viewer = viewerOf(request);
      return reply.code(201).send(await publishConfiguration(app.db, viewer, viewer.organization, request.body));
    },
    admins,
  );
  route(
    app,
    contracts.restoreConfiguration,
    async (request, reply) => {
      const viewer = viewerOf(request);
      const version = await restoreConfiguration(
        app.db,
        viewer,
        viewer.organization,
        request.params.number,
        request.body,
      );
      return reply.code(201).send(version);
    },
    admins,
  );
  route(
    app,
    contracts.configurationDiff,
    async (request) => configurationDiff(app.db, viewerOf(request).organization, request.query.from, request.query.to),
    admins,
  );
  route(
    app,
    contracts.organizationTranslation,
    async (request) => organizationTranslation(app.db, viewerOf(request).organization, request.params.language),
    admins,
  );
  route(
    app,
    contracts.uploadTranslation,
    async (request) => uploadTranslation(app.db, viewerOf(request).organization, request.params.language, request.body),
    admins,
  );
  // The candidate panel previews' contextual rows (decision 0078): the reference data stays on the server.
  route(app, contracts.contextualPreview, async (request) => contextualData(request.body.answers), admins);
};
