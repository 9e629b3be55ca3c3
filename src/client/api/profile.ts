import type { Answers } from '#engine';
import type { CandidateProfile } from '#schemas/profile';
import { http } from './http';

/** The candidate's profile: answers shared across their applications to this organisation. */
export async function fetchProfile(): Promise<CandidateProfile> {
  return (await http.get<CandidateProfile>('/v1/user/profile')).data;
}

/** One section's answers replace that section's; `version` is the one read (0 before the first save). */
export async function saveProfileSection(
  section: string,
  answers: Answers,
  version: number,
  language: string,
): Promise<CandidateProfile> {
  return (await http.put<CandidateProfile>('/v1/user/profile', { answers, version }, { params: { section, language } }))
    .data;
}
