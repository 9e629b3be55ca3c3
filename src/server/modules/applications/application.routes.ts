import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ApplicationListItem,
  ApplicationQuery,
  ApplicationRecord,
  ApplicationSave,
  StartQuery,
} from '#schemas/application';
import { Message } from '#schemas/auth';
import { ApiError } from '#schemas/api';
import { siteBaseUrl } from '../../lib/links';
import { requestLanguage } from '../../lib/request-language';
import { BEARER, SubdomainQuery, V1_ERRORS } from '../../lib/route-schemas';
import type { SiteConfig } from '../../lib/site-config';
import { authenticate, viewerOf } from '../../plugins/auth';
import { getApplication, listApplications } from './read-application.service';
import { saveApplication } from './save-application.service';
import { startApplication } from './start-application.service';
import { submitApplication } from './submit-application.service';
import { deleteDraft, withdrawApplication } from './withdraw-application.service';
import { message } from '#schemas/messages';

const tags = ['candidate'];
const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
const errors = { ...V1_ERRORS, 409: ApiError };

/** Spec §7 Candidate: the candidate's application records, under /api/v1. */
export const applicationRoutes: FastifyPluginAsyncTypebox<{ siteConfig: SiteConfig }> = async (app, { siteConfig }) => {
  app.addHook('preValidation', authenticate);

  app.post(
    '/candidate/applyc/:roleId',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "Start (or find) the candidate's application for a role: one record per candidate and role",
        params: Type.Object({ roleId: Type.String({ maxLength: 64 }) }),
        querystring: StartQuery,
        response: { 200: ApplicationRecord, 201: ApplicationRecord, ...errors },
      },
    },
    async (request, reply) => {
      const { record, created } = await startApplication(
        app.db,
        viewerOf(request),
        request.params.roleId,
        request.query,
      );
      return reply.code(created ? 201 : 200).send(record);
    },
  );

  app.get(
    '/candidate/applications',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "The signed-in candidate's applications to this organisation",
        querystring: SubdomainQuery,
        response: { 200: Type.Array(ApplicationListItem), ...errors },
      },
    },
    async (request) => listApplications(app.db, viewerOf(request)),
  );

  app.get(
    '/candidate/:id',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'One application record (its candidate, or the hiring side)',
        params: IdParams,
        querystring: SubdomainQuery,
        response: { 200: ApplicationRecord, ...errors },
      },
    },
    async (request) => getApplication(app.db, viewerOf(request), request.params.id),
  );

  app.put(
    '/candidate/:id',
    {
      schema: {
        tags,
        security: BEARER,
        summary:
          'Save a step of the application (spec §4): answers checked with the compiled form, step advanced, version checked',
        params: IdParams,
        querystring: ApplicationQuery,
        body: ApplicationSave,
        response: { 200: ApplicationRecord, ...errors },
      },
    },
    async (request) => saveApplication(app.db, viewerOf(request), request.params.id, request.body, request.query),
  );

  app.put(
    '/candidate/:id/submit',
    {
      schema: {
        tags,
        security: BEARER,
        summary:
          "Submit the application: every answer checked; it enters stage 1 'Applied' and a confirmation email is sent",
        params: IdParams,
        querystring: ApplicationQuery,
        response: { 200: ApplicationRecord, ...errors },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      return submitApplication(app.db, viewer, request.params.id, {
        language: requestLanguage(request, viewer.organization),
        siteBase: siteBaseUrl(request, viewer.organization.subdomain, siteConfig),
      });
    },
  );

  app.put(
    '/candidate/:id/withdraw',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "Withdraw a submitted application (stage 15 'Withdrew')",
        params: IdParams,
        querystring: SubdomainQuery,
        response: { 200: ApplicationRecord, ...errors },
      },
    },
    async (request) => withdrawApplication(app.db, viewerOf(request), request.params.id),
  );

  app.delete(
    '/candidate/:id',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Delete a draft application and its documents',
        params: IdParams,
        querystring: SubdomainQuery,
        response: { 200: Message, ...errors },
      },
    },
    async (request) => {
      await deleteDraft(app.db, viewerOf(request), request.params.id);
      return message('draftDeleted');
    },
  );
};
