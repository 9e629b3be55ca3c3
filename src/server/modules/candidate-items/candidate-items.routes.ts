import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contracts from '#schemas/contracts/candidate-items.contract';
import { DEFAULT_PAGE_SIZE } from '#schemas/search';
import { attachment } from '../../lib/attachment';
import { strictBodyValidatorCompiler } from '../../lib/body-validator';
import { route } from '../../lib/route';
import { authenticate, requireRole, viewerOf } from '../../plugins/auth';
import { candidatePanelOf, refreshSearchColumns } from './candidate-panel.service';
import { contactPage } from './contacts.service';
import { exportCandidates } from './export.service';
import { setAdjustment, setMatch } from './hiring-flags.service';
import { addNote, editNote } from './notes.service';
import { stageScoreSaveOf } from './score-body';
import { listScores, saveScores } from './scores.service';

/**
 * Spec §7 Organization-candidate, as schemas/contracts/candidate-items.contract.ts declares it:
 * what the hiring side attaches to an application (notes, comments, scores, match, adjustment),
 * what it reads of it (the panel, messages sent) and the CSV export of a selection (decision
 * 0015). Every route is the hiring side's (HIRING_MANAGER and above, 403 otherwise) within the
 * organisation of the token (404 for any other organisation's application). JSON bodies are
 * validated as sent: a wrong type is a 400 naming its field, never coerced.
 */
export const candidateItemRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.setValidatorCompiler(strictBodyValidatorCompiler);
  app.addHook('preValidation', authenticate);
  // Before the body is validated: a candidate is told 403 whatever they send.
  app.addHook('preValidation', requireRole('HIRING_MANAGER'));

  route(app, contracts.candidatePanel, async (request) =>
    candidatePanelOf(app.db, viewerOf(request), request.params.id),
  );
  route(app, contracts.addNote, async (request, reply) =>
    reply.code(201).send(await addNote(app.db, viewerOf(request), request.params.id, 'NOTE', request.body.comment)),
  );
  route(app, contracts.editNote, async (request) =>
    editNote(app.db, viewerOf(request), request.params.id, request.params.noteId, request.body.comment),
  );
  route(app, contracts.addComment, async (request, reply) =>
    reply.code(201).send(await addNote(app.db, viewerOf(request), request.params.id, 'COMMENT', request.body.comment)),
  );
  route(app, contracts.listScores, async (request) => listScores(app.db, viewerOf(request), request.params.id));
  route(app, contracts.saveScores, async (request) =>
    saveScores(app.db, viewerOf(request), request.params.id, stageScoreSaveOf(request.body)),
  );
  route(app, contracts.markMatch, async (request) => setMatch(app.db, viewerOf(request), request.params.id, true));
  route(app, contracts.unmarkMatch, async (request) => setMatch(app.db, viewerOf(request), request.params.id, false));
  route(app, contracts.saveAdjustment, async (request) =>
    setAdjustment(app.db, viewerOf(request), request.params.id, request.body),
  );
  route(app, contracts.contactPage, async (request) =>
    contactPage(
      app.db,
      viewerOf(request),
      request.params.id,
      request.params.n,
      request.query.resultsPerPage ?? DEFAULT_PAGE_SIZE,
    ),
  );
  route(app, contracts.refreshSearchColumns, async (request) =>
    refreshSearchColumns(app.db, viewerOf(request), request.params.id),
  );
  route(app, contracts.exportCandidates, async (request, reply) => {
    const csv = await exportCandidates(app.db, viewerOf(request), request.params.roleId, request.body);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', attachment(csv.fileName))
      .header('x-export-rows', String(csv.rows))
      .header('cache-control', 'private, no-store')
      .send(csv.body);
  });
};
