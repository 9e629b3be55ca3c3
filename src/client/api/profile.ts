import type { Answers } from '#engine';
import type { CandidateProfile } from '#schemas/profile';
import * as profiles from '#schemas/contracts/profiles.contract';
import { call } from './call';

/** The candidate's profile: answers shared across their applications to this organisation. */
export async function fetchProfile(): Promise<CandidateProfile> {
  return call(profiles.getProfile);
}

/** One section's answers replace that section's; `version` is the one read (0 before the first save). */
export async function saveProfileSection(
  section: string,
  answers: Answers,
  version: number,
  language: string,
): Promise<CandidateProfile> {
  return call(profiles.saveProfileSection, { query: { section, language }, body: { answers, version } });
}
