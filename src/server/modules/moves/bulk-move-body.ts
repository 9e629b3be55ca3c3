import type { BulkMoveBody, BulkMoveSelection } from '#schemas/pipeline';
import { badRequest } from '../../lib/http-error';
import { SentTwice } from '../../lib/sent-twice';
import type { OrganizationRecord } from '../../db/types';

const BULK_BODY_MESSAGE = 'There is a problem with the bulk move';

/**
 * A bulk move's selection from its body (spec §7, decision 0020): the spec's `stageId` and
 * `roleId` repeat the path's (the path wins; another value is a 400 naming the field), its
 * `resource` is the filter payload, our `filters` (both sent and different: a 400 naming
 * `resource`), whose `subdomain` must be the organisation's.
 */
export function bulkMoveSelectionOf(
  organization: Pick<OrganizationRecord, 'subdomain'>,
  path: { stageId: number; roleId: string },
  body: BulkMoveBody,
): BulkMoveSelection {
  const { stageId, roleId, resource, filters, ...selection } = body;
  const twice = new SentTwice();
  twice.pick({ name: "the path's stageId", value: path.stageId }, 'stageId', stageId);
  twice.pick({ name: "the path's roleId", value: path.roleId }, 'roleId', roleId);
  const { subdomain, ...resourceFilters } = resource ?? {};
  twice.expect('resource.subdomain', subdomain, organization.subdomain, 'the subdomain of the organisation');
  const chosen = twice.pick({ name: 'filters', value: filters }, 'resource', resource ? resourceFilters : undefined);
  if (twice.problems.length) throw badRequest(BULK_BODY_MESSAGE, twice.problems);
  return { ...selection, ...(chosen ? { filters: chosen } : {}) };
}
