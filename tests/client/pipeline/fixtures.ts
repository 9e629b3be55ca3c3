import { afterEach, beforeEach } from 'vitest';
import type { AxiosAdapter } from 'axios';
import axe from 'axe-core';
import type { PublicOrganization } from '#schemas/organization';
import type { OrganizationStage, StageCatalogue } from '#schemas/pipeline';
import type { CandidateListItem, CandidateSearchPage, StageTotals } from '#schemas/search';
import { resolveStages } from '#engine/pipeline/organization-stages';
import { pageInfo } from '#engine/pipeline/search';
import { http } from '#client/api/http';
import type { CurrentUser } from '#client/state/auth';
import catalogue from '#configs/stages.json';
import { organisationFixture, renderApp } from '../support';
import { fakeAdapter, type Call, type Handler, type Reply } from '../auth/fake-api';

/** Acme's pipeline as the server resolves it: Applied, For review, online test, interview, … */
export const stages = resolveStages(catalogue as StageCatalogue, [1, 28, 2, 3, 9, 10, 11, 14, 15, 16]);
export const organization = organisationFixture();
export const manager: CurrentUser = { id: 'u-hr', userType: 'HIRING_MANAGER', email: 'recruiter@acme.example' };

export function candidateRow(overrides: Partial<CandidateListItem> = {}): CandidateListItem {
  return {
    id: 'a1',
    candidateId: 'c1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    roleId: 'r1',
    roleName: 'Graduate Analyst',
    stageId: 1,
    stageName: 'Applied',
    substageId: '1-new',
    substageName: 'New',
    stageStatus: 'PENDING',
    step: 2,
    source: 'Careers site',
    location: 'Leeds',
    universityName: 'University of Leeds',
    universityGroups: ['RUSSELL'],
    degreeClass: 'First',
    averagePercent: 71.5,
    totalScore: null,
    matched: false,
    assignee: null,
    appliedAt: '2026-10-01T09:00:00.000Z',
    lastChangeAt: '2026-10-02T09:00:00.000Z',
    ...overrides,
  };
}

export const people = [
  candidateRow(),
  candidateRow({ id: 'a2', candidateId: 'c2', name: 'Grace Hopper', email: 'grace@example.com' }),
  candidateRow({ id: 'a3', candidateId: 'c3', name: 'Alan Turing', email: 'alan@example.com' }),
];

export function searchPage(
  content: CandidateListItem[],
  options: { total?: number; number?: number; size?: number; totals?: StageTotals } = {},
): CandidateSearchPage {
  const size = options.size ?? 20;
  return {
    ...pageInfo(options.number ?? 0, size, options.total ?? content.length, content.length),
    content,
    ...(options.totals ? { totalForStage: options.totals } : {}),
  };
}

/** The common reference calls of the hiring pages; anything else goes to `handler`. */
export function hiringApi(handler: Handler, pipeline: readonly OrganizationStage[] = stages): Handler {
  return (call: Call): Reply | Promise<Reply> => {
    if (call.method === 'GET' && call.url === `/v1/organization/${organization.id}/stages`)
      return { status: 200, data: pipeline };
    if (call.method === 'GET' && call.url === '/v1/data/type/ROLE')
      return {
        status: 200,
        data: [
          { id: 'r1', value: 'Graduate Analyst' },
          { id: 'r2', value: 'Summer Intern' },
        ],
      };
    if (call.method === 'GET' && call.url === '/v1/data/type/PERMIT_TYPE')
      return { status: 200, data: [{ id: 'British citizen', value: 'British citizen' }] };
    if (call.method === 'GET' && call.url === '/v1/data/type/PERMIT_TYPE_OZ')
      return { status: 200, data: [{ id: 'Australian citizen', value: 'Australian citizen' }] };
    if (call.method === 'GET' && call.url.startsWith('/v1/data/type/')) return { status: 200, data: [] };
    // The organisation's menus and hiring-side features: the handler's, else every one shown.
    if (call.method === 'GET' && call.url === '/v1/data/modules')
      return Promise.resolve(handler(call)).then((reply) =>
        reply !== 'network-error' && reply.status === 200 && Array.isArray(reply.data)
          ? reply
          : { status: 200, data: [] },
      );
    // The message templates a move or "Send a message" offers (issue 16): the handler's, else none.
    if (call.method === 'GET' && call.url === '/v1/communications/templates')
      return Promise.resolve(handler(call)).then((reply) =>
        reply !== 'network-error' && reply.status === 200 ? reply : { status: 200, data: [] },
      );
    // The events the filters and the candidate page offer (issue 14): none.
    if (call.method === 'GET' && (call.url === '/v1/events' || /^\/v1\/candidate\/[^/]+\/events$/.test(call.url)))
      return { status: 200, data: [] };
    // The documents sent for signature (decision 0080): the handler's, else none.
    if (call.method === 'GET' && /^\/v1\/organization\/[^/]+\/candidate\/[^/]+\/signature-requests$/.test(call.url))
      return Promise.resolve(handler(call)).then((reply) =>
        reply !== 'network-error' && reply.status === 200 ? reply : { status: 200, data: [] },
      );
    // Whether a hired candidate went to the HR system (decision 0080): the handler's, else never sent.
    if (call.method === 'GET' && /^\/v1\/organization\/[^/]+\/candidate\/[^/]+\/hr-export$/.test(call.url))
      return Promise.resolve(handler(call)).then((reply) =>
        reply !== 'network-error' && reply.status === 200
          ? reply
          : { status: 200, data: { status: null, sentAt: null } },
      );
    return handler(call);
  };
}

let original: AxiosAdapter | undefined;
beforeEach(() => {
  original = http.defaults.adapter as AxiosAdapter | undefined;
});
afterEach(() => {
  http.defaults.adapter = original;
});

/** The app at `path` for a signed-in hiring manager on the HR host, with the API answering from `handler`. */
export function startHiring(
  path: string,
  handler: Handler,
  pipeline: readonly OrganizationStage[] = stages,
  of: PublicOrganization = organization,
) {
  const fake = fakeAdapter(hiringApi(handler, pipeline));
  http.defaults.adapter = fake.adapter;
  return { ...renderApp(path, { organization: of, user: manager, side: 'hr' }), calls: fake.calls };
}

/** The JSON body of a recorded call. */
export function bodyOf(call: Call | undefined): unknown {
  return call && typeof call.data === 'string' ? JSON.parse(call.data) : call?.data;
}

/** Serious and critical axe violations (colour contrast needs a layout engine: checked in Chromium). */
export async function seriousViolations(root: Element): Promise<string[]> {
  const results = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The university part of contextual data when no university was named (ContextualData['university']). */
export const NO_UNIVERSITY = {
  name: null,
  groups: [],
  averageMark: null,
  percentile: null,
  percentileSource: null,
  startYear: null,
  graduationYear: null,
};
