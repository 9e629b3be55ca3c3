import type { RemoteListType } from '#engine';
import type { School, University } from '#schemas/reference-data';
import { http } from './http';

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
  const params = { term, limit: SUGGESTIONS };
  if (!context?.signedIn) {
    if (list !== 'UNIVERSITY') return [];
    return (await http.get<University[]>('/public/universities', { params })).data.map((u) => u.name);
  }
  switch (list) {
    case 'UNIVERSITY':
      return (
        await http.get<University[]>(
          `/v1/data/organization/${encodeURIComponent(context.organizationId)}/universities`,
          { params },
        )
      ).data.map((u) => u.name);
    case 'SCHOOL':
      return (await http.get<School[]>('/v1/data/schools', { params })).data.map((s) => s.name);
    case 'SUBJECT':
      return (await http.get<string[]>('/v1/data/subjects', { params })).data;
  }
}
