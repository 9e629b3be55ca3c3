import type { CandidateSearchFilters, SearchBody } from '#schemas/search';
import { badRequest } from '../../lib/http-error';
import { SentTwice } from '../../lib/sent-twice';
import type { OrganizationRecord } from '../../db/types';
import { INVALID_FILTERS_MESSAGE } from './search.service';

const idOf = <T>(reference: T | { id: T } | null | undefined): T | undefined =>
  reference !== null && typeof reference === 'object' ? (reference as { id: T }).id : (reference ?? undefined);

/**
 * The filters of a search body (spec §7 Search, decision 0020). The spec's top-level `role`,
 * `stage`, `substage` and `scores` are the filters' roleId, stageId, substageId and scores;
 * `subdomain` (top level or in the filters, spec §3) must be the organisation of the path. Sent
 * in both places a value must agree, else a 400 names the spec's field.
 */
export function searchFiltersOf(
  organization: Pick<OrganizationRecord, 'subdomain'>,
  body: SearchBody | undefined,
): CandidateSearchFilters {
  if (!body) return {};
  const { subdomain: filtersSubdomain, ...filters } = body.filters ?? {};
  const twice = new SentTwice();
  twice.expect('subdomain', body.subdomain, organization.subdomain, "the subdomain of the path's organisation");
  twice.expect(
    'filters.subdomain',
    filtersSubdomain,
    organization.subdomain,
    "the subdomain of the path's organisation",
  );
  const roleId = twice.pick({ name: 'filters.roleId', value: filters.roleId }, 'role', idOf(body.role));
  const stageId = twice.pick({ name: 'filters.stageId', value: filters.stageId }, 'stage', idOf(body.stage));
  const substageId = twice.pick(
    { name: 'filters.substageId', value: filters.substageId },
    'substage',
    idOf(body.substage),
  );
  const scores = twice.pick({ name: 'filters.scores', value: filters.scores }, 'scores', body.scores);
  if (twice.problems.length) throw badRequest(INVALID_FILTERS_MESSAGE, twice.problems);
  return { ...filters, roleId, stageId, substageId, scores };
}
