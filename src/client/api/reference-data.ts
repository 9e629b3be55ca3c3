import type { RemoteListType } from '#engine';
import type { ReferenceItem } from '#schemas/reference-data';
import * as referenceData from '#schemas/contracts/reference-data.contract';
import { call } from './call';

const SUGGESTIONS = 10;

/** Who is searching: signed-in users search schools and subjects too, and their organisation's universities first. */
export interface SearchContext {
  signedIn: boolean;
  organizationId: string;
}

/**
 * Suggestions for the type-ahead questions. Signed out, only universities are searchable (the
 * public list); signed in, schools, subjects and the organisation's universities come from the
 * /v1/data calls. A question always accepts free text too.
 */
export async function searchReferenceList(
  list: RemoteListType,
  term: string,
  context?: SearchContext,
): Promise<string[]> {
  if (!term.trim()) return [];
  const query = { term, limit: SUGGESTIONS };
  if (!context?.signedIn) {
    if (list !== 'UNIVERSITY') return [];
    return (await call(referenceData.publicUniversities, { query })).map((u) => u.name);
  }
  switch (list) {
    case 'UNIVERSITY':
      return (
        await call(referenceData.organizationUniversities, { params: { orgId: context.organizationId }, query })
      ).map((u) => u.name);
    case 'SCHOOL':
      return (await call(referenceData.schools, { query })).map((s) => s.name);
    case 'SUBJECT':
      return call(referenceData.subjects, { query });
  }
}

/** GET /data/type/:type: a reference list (roles, locations, permit types, role attributes). */
export async function fetchReferenceList(type: string): Promise<ReferenceItem[]> {
  return call(referenceData.referenceList, { params: { type } });
}
