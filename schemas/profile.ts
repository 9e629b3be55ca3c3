import { Type } from 'typebox';
import { CandidateStatus } from './vocabularies';

/*
 * The candidate profile (spec §2 Profile sections): the answers a candidate shares across their
 * applications to one organisation. GET and PUT /api/v1/user/profile.
 */

export const CandidateProfile = Type.Object({
  answers: Type.Record(Type.String(), Type.Unknown()),
  /** Sections the candidate has saved on the profile pages. */
  completedSections: Type.Array(Type.String()),
  /** 0 before anything is saved; a save names the version it read. */
  version: Type.Integer(),
  updatedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /**
   * Spec §3 candidateStatus of the candidate (decision 0009): PASSPORT once every profile section
   * is saved, PASSPORT_ACTIVE with an active application too, ACTIVE with an active application
   * only, null otherwise.
   */
  candidateStatus: Type.Union([CandidateStatus, Type.Null()]),
  /** The profile's organisation; none once the candidate holds a passport (spec §4: PASSPORT resets the organisation).
   * */
  organization: Type.Union([Type.Object({ id: Type.String() }), Type.Null()]),
});
export type CandidateProfile = Type.Static<typeof CandidateProfile>;

export const ProfileSave = Type.Object(
  {
    answers: Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { maxProperties: 200 }),
    version: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type ProfileSave = Type.Static<typeof ProfileSave>;

export const ProfileQuery = Type.Object({
  /** The profile section being saved (its answers replace that section's). */
  section: Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9_]{0,63}$' }),
  language: Type.Optional(Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z]{2,4})?$' })),
});
export type ProfileQuery = Type.Static<typeof ProfileQuery>;
