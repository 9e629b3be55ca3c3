import { Type } from 'typebox';
import { ApiError } from '../api';
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
} from '../candidate-items';
import { OrganizationKey } from '../role';
import { defineRoute } from '../contract';

/*
 * Spec §7 Organization-candidate (decision 0015): what the hiring side attaches to an application
 * (notes, comments, scores, match, adjustment), what it reads of it (the panel, messages sent) and
 * the CSV export of a selection. Hiring side only; every call may answer 409.
 */
const tags = ['pipeline', 'candidate-items'];
const access = 'signed-in';
const Conflict = { 409: ApiError };
const base = '/v1/organization/:orgId/candidate/:id';
const params = Type.Object({
  orgId: OrganizationKey,
  id: Type.String({ maxLength: 64, description: 'the application id' }),
});
const item = { tags, access, authz: 'hiring', params } as const;

export const candidatePanel = defineRoute({
  ...item,
  method: 'GET',
  audit: { action: 'view', target: 'application', param: 'id' },
  path: base,
  summary:
    "The candidate panel: the application, the role's listFields compiled from its form, documents, notes, comments and scores",
  response: { 200: CandidatePanel, ...Conflict },
});

export const addNote = defineRoute({
  ...item,
  method: 'PUT',
  audit: { action: 'change', target: 'application', param: 'id' },
  path: `${base}/note`,
  summary: 'Add a note (1 to 4096 characters, trimmed)',
  body: NoteBody,
  response: { 201: Note, ...Conflict },
});

export const editNote = defineRoute({
  ...item,
  method: 'PUT',
  audit: { action: 'change', target: 'application', param: 'id' },
  path: `${base}/note/:noteId`,
  summary: "Change a note's text: its author or a hiring-manager admin only (403 otherwise)",
  params: Type.Object({ ...params.properties, noteId: Type.String({ maxLength: 64 }) }),
  body: NoteBody,
  response: { 200: Note, ...Conflict },
});

export const addComment = defineRoute({
  ...item,
  method: 'PUT',
  audit: { action: 'change', target: 'application', param: 'id' },
  path: `${base}/comment`,
  summary: 'Add a comment to the thread (1 to 4096 characters, trimmed)',
  body: NoteBody,
  response: { 201: Note, ...Conflict },
});

export const listScores = defineRoute({
  ...item,
  method: 'GET',
  path: `${base}/score`,
  summary: "Every stage's metrics, values and total score",
  response: { 200: Type.Array(StageScores), ...Conflict },
});

export const saveScores = defineRoute({
  ...item,
  method: 'PUT',
  audit: { action: 'change', target: 'application', param: 'id' },
  path: `${base}/score`,
  summary:
    "Score one stage: values checked against the stage's metrics; the total defaults to the sum (NUMBER) or mean (PERCENT)",
  body: ScoreSave,
  response: { 200: StageScores, ...Conflict },
});

export const markMatch = defineRoute({
  ...item,
  method: 'PUT',
  audit: { action: 'change', target: 'application', param: 'id' },
  path: `${base}/match`,
  summary: 'Mark the candidate as a match for the role',
  response: { 200: MatchState, ...Conflict },
});

export const unmarkMatch = defineRoute({
  ...item,
  method: 'DELETE',
  audit: { action: 'change', target: 'application', param: 'id' },
  path: `${base}/match`,
  summary: 'Remove the match mark',
  response: { 200: MatchState, ...Conflict },
});

export const saveAdjustment = defineRoute({
  ...item,
  method: 'PUT',
  audit: { action: 'change', target: 'application', param: 'id' },
  path: `${base}/adjustment`,
  summary:
    'Replace the reasonable adjustments: extra assessment time (0 to 100 percent) and notes; an empty body clears them',
  body: Adjustment,
  response: { 200: Adjustment, ...Conflict },
});

export const contactPage = defineRoute({
  ...item,
  method: 'GET',
  audit: { action: 'view', target: 'application', param: 'id' },
  path: `${base}/contact/:n`,
  summary: 'Page n (from 0) of the messages sent to the candidate, newest first',
  params: Type.Object({
    ...params.properties,
    n: Type.Integer({ minimum: 0, maximum: 100_000, description: 'the page, from 0' }),
  }),
  querystring: ContactQuery,
  response: { 200: ContactPage, ...Conflict },
});

export const refreshSearchColumns = defineRoute({
  ...item,
  method: 'PUT',
  path: `${base}/update`,
  summary: 'Copy the searchable columns from the answers again (after an answer was corrected)',
  response: { 200: PanelApplication, ...Conflict },
});

/*
 * A file answer: the client receives it as a Blob (download()), the server streams it, and Fastify
 * sends a stream as it is, never through the schema, which only documents it (as text/csv, so the
 * error answers stay JSON in OpenAPI).
 */
const Csv = Type.Unsafe<Blob | NodeJS.ReadableStream>({
  description: 'text/csv attachment: a header row, then one row per application',
  content: { 'text/csv': { schema: { type: 'string', format: 'binary' } } },
});

export const exportCandidates = defineRoute({
  method: 'POST',
  audit: { action: 'export', target: 'role', param: 'roleId' },
  path: '/v1/candidate/:roleId/export',
  summary: "CSV of the role's selected applications (ids) or of all matching filters less unselectedIds",
  tags,
  access,
  authz: 'hiring',
  params: Type.Object({ roleId: Type.String({ maxLength: 64 }) }),
  body: ExportBody,
  response: { 200: Csv, ...Conflict },
});
