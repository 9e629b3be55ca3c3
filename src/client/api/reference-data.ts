import type { RemoteListType } from '../../../engine/fields/types';
import type { University } from '../../../schemas/reference-data';
import { http } from './http';

const SUGGESTIONS = 10;

/**
 * Suggestions for the type-ahead questions. Universities come from the public list; schools and
 * subjects are searched through the signed-in data calls once those exist, and meanwhile return none
 * (the question still accepts free text).
 */
export async function searchReferenceList(list: RemoteListType, term: string): Promise<string[]> {
  if (list !== 'UNIVERSITY' || !term.trim()) return [];
  const response = await http.get<University[]>('/public/universities', { params: { term, limit: SUGGESTIONS } });
  return response.data.map((u) => u.name);
}
