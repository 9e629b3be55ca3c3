import type { CandidateStatus } from '#schemas/vocabularies';

/** Spec §4 "Candidate load and save": the rules of the application record's progress. */
export type { CandidateStatus };

/** The step advances by one when the step being saved to is the next one; otherwise it stays. */
export function stepAfterSave(currentStep: number, targetStep: number, maxSteps: number): number {
  return targetStep === currentStep + 1 ? Math.min(currentStep + 1, maxSteps) : currentStep;
}

/** On load, a server record newer than the stored one replaces it. */
export function newerRecord<T extends { updatedAt: string | number | Date }>(
  stored: T | null | undefined,
  server: T,
): T {
  if (!stored) return server;
  return new Date(server.updatedAt).getTime() > new Date(stored.updatedAt).getTime() ? server : stored;
}

/** A candidate becoming PASSPORT or PASSPORT_ACTIVE leaves its organisation. */
export function organizationAfterStatus<O>(status: CandidateStatus | undefined, organization: O | null): O | null {
  return status === 'PASSPORT' || status === 'PASSPORT_ACTIVE' ? null : organization;
}

/**
 * The candidate's status (spec §3 candidateStatus; decision 0009): a candidate whose shared
 * profile is complete holds a passport (PASSPORT), PASSPORT_ACTIVE once they also have an active
 * application; without a complete profile an active application makes them ACTIVE; otherwise none.
 */
export function candidateStatusOf(input: {
  profileComplete: boolean;
  activeApplication: boolean;
}): CandidateStatus | null {
  if (input.profileComplete) return input.activeApplication ? 'PASSPORT_ACTIVE' : 'PASSPORT';
  return input.activeApplication ? 'ACTIVE' : null;
}

export type SaveDecision = { kind: 'save' } | { kind: 'skip'; step: number };

/**
 * Saves are skipped when a doNotSave setting applies, or when overload is set and no files are
 * present; the step is then only incremented, unless the status is ACTIVE or the step is already
 * at its maximum.
 */
export function saveDecision(input: {
  doNotSave: boolean;
  overload: boolean;
  hasFiles: boolean;
  status: CandidateStatus | undefined;
  step: number;
  maxSteps: number;
}): SaveDecision {
  const skip = input.doNotSave || (input.overload && !input.hasFiles);
  if (!skip) return { kind: 'save' };
  const frozen = input.status === 'ACTIVE' || input.step >= input.maxSteps;
  return { kind: 'skip', step: frozen ? input.step : input.step + 1 };
}

/** Where an empty candidate response sends the candidate (spec §4, §8). */
export const EMPTY_CANDIDATE_REDIRECT = '/roles';
