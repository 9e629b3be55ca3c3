import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiError } from '#schemas/api';
import {
  Adjustment,
  CandidatePanel,
  ContactPage,
  ContactQuery,
  ExportBody,
  MatchState,
  Note,
  NoteBody,
  PanelApplication,
  ScoreSave,
  StageScores,
} from '#schemas/candidate-items';
import { OrganizationKey } from '#schemas/role';
import { BEARER, SubdomainQuery, V1_ERRORS } from '../../lib/route-schemas';
import { strictBodyValidatorCompiler } from '../../lib/body-validator';
import { authenticate, requireRole, viewerOf } from '../../plugins/auth';
import { candidatePanelOf, refreshSearchColumns } from './candidate-panel.service';
import { contactPage } from './contacts.service';
import { exportCandidates } from './export.service';
import { setAdjustment, setMatch } from './hiring-flags.service';
import { addNote, editNote } from './notes.service';
import { listScores, saveScores } from './scores.service';

const tags = ['pipeline', 'candidate-items'];
const Params = Type.Object({
  orgId: OrganizationKey,
  id: Type.String({ maxLength: 64, description: 'the application id' }),
});
const NoteParams = Type.Object({ ...Params.properties, noteId: Type.String({ maxLength: 64 }) });
const ContactParams = Type.Object({
  ...Params.properties,
  n: Type.Integer({ minimum: 0, maximum: 100_000, description: 'the page, from 0' }),
});
const Csv = Type.Unsafe<Readable>({
  type: 'string',
  description: 'text/csv attachment: a header row, then one row per application',
});
const errors = { ...V1_ERRORS, 409: ApiError };
const base = '/organization/:orgId/candidate/:id';

/**
 * Spec §7 Organization-candidate: what the hiring side attaches to an application (notes,
 * comments, scores, match, adjustment), what it reads of it (the panel, messages sent) and the
 * CSV export of a selection (decision 0015). Every route is the hiring side's
 * (HIRING_MANAGER and above, 403 otherwise) within the organisation of the token (404 for any
 * other organisation's application). JSON bodies are validated as sent: a wrong type is a 400
 * naming its field, never coerced.
 */
export const candidateItemRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.setValidatorCompiler(strictBodyValidatorCompiler);
  app.addHook('preValidation', authenticate);
  // Before the body is validated: a candidate is told 403 whatever they send.
  app.addHook('preValidation', requireRole('HIRING_MANAGER'));

  app.get(
    base,
    {
      schema: {
        tags,
        security: BEARER,
        summary:
          "The candidate panel: the application, the role's listFields compiled from its form, documents, notes, comments and scores",
        params: Params,
        querystring: SubdomainQuery,
        response: { 200: CandidatePanel, ...errors },
      },
    },
    async (request) => candidatePanelOf(app.db, viewerOf(request), request.params.id),
  );

  app.put(
    `${base}/note`,
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Add a note (1 to 4096 characters, trimmed)',
        params: Params,
        querystring: SubdomainQuery,
        body: NoteBody,
        response: { 201: Note, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addNote(app.db, viewerOf(request), request.params.id, 'NOTE', request.body.comment)),
  );

  app.put(
    `${base}/note/:noteId`,
    {
      schema: {
        tags,
        security: BEARER,
        summary: "Change a note's text: its author or a hiring-manager admin only (403 otherwise)",
        params: NoteParams,
        querystring: SubdomainQuery,
        body: NoteBody,
        response: { 200: Note, ...errors },
      },
    },
    async (request) =>
      editNote(app.db, viewerOf(request), request.params.id, request.params.noteId, request.body.comment),
  );

  app.put(
    `${base}/comment`,
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Add a comment to the thread (1 to 4096 characters, trimmed)',
        params: Params,
        querystring: SubdomainQuery,
        body: NoteBody,
        response: { 201: Note, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await addNote(app.db, viewerOf(request), request.params.id, 'COMMENT', request.body.comment)),
  );

  app.get(
    `${base}/score`,
    {
      schema: {
        tags,
        security: BEARER,
        summary: "Every stage's metrics, values and total score",
        params: Params,
        querystring: SubdomainQuery,
        response: { 200: Type.Array(StageScores), ...errors },
      },
    },
    async (request) => listScores(app.db, viewerOf(request), request.params.id),
  );

  app.put(
    `${base}/score`,
    {
      schema: {
        tags,
        security: BEARER,
        summary:
          "Score one stage: values checked against the stage's metrics; the total defaults to the sum (NUMBER) or mean (PERCENT)",
        params: Params,
        querystring: SubdomainQuery,
        body: ScoreSave,
        response: { 200: StageScores, ...errors },
      },
    },
    async (request) => saveScores(app.db, viewerOf(request), request.params.id, request.body),
  );

  for (const [method, matched] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: `${base}/match`,
      schema: {
        tags,
        security: BEARER,
        summary: matched ? 'Mark the candidate as a match for the role' : 'Remove the match mark',
        params: Params,
        querystring: SubdomainQuery,
        response: { 200: MatchState, ...errors },
      },
      handler: async (request) => setMatch(app.db, viewerOf(request), request.params.id, matched),
    });
  }

  app.put(
    `${base}/adjustment`,
    {
      schema: {
        tags,
        security: BEARER,
        summary:
          'Replace the reasonable adjustments: extra assessment time (0 to 100 percent) and notes; an empty body clears them',
        params: Params,
        querystring: SubdomainQuery,
        body: Adjustment,
        response: { 200: Adjustment, ...errors },
      },
    },
    async (request) => setAdjustment(app.db, viewerOf(request), request.params.id, request.body),
  );

  app.get(
    `${base}/contact/:n`,
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Page n (from 0) of the messages sent to the candidate, newest first',
        params: ContactParams,
        querystring: Type.Object({ ...SubdomainQuery.properties, ...ContactQuery.properties }),
        response: { 200: ContactPage, ...errors },
      },
    },
    async (request) =>
      contactPage(app.db, viewerOf(request), request.params.id, request.params.n, request.query.resultsPerPage ?? 20),
  );

  app.put(
    `${base}/update`,
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Copy the searchable columns from the answers again (after an answer was corrected)',
        params: Params,
        querystring: SubdomainQuery,
        response: { 200: PanelApplication, ...errors },
      },
    },
    async (request) => refreshSearchColumns(app.db, viewerOf(request), request.params.id),
  );

  app.post(
    '/candidate/:roleId/export',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "CSV of the role's selected applications (ids) or of all matching filters less unselectedIds",
        params: Type.Object({ roleId: Type.String({ maxLength: 64 }) }),
        querystring: SubdomainQuery,
        body: ExportBody,
        produces: ['text/csv'],
        response: { 200: Csv, ...errors },
      },
    },
    async (request, reply) => {
      const csv = await exportCandidates(app.db, viewerOf(request), request.params.roleId, request.body);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.fileName}"`)
        .header('x-export-rows', String(csv.rows))
        .header('cache-control', 'private, no-store')
        .send(csv.body);
    },
  );
};
