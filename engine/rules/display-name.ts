import { isAnonymisedEmail, isOptedOutEmail } from '../validation/email';

export interface NamedPerson {
  id?: string | number | null;
  firstName?: string | null;
  preferredName?: string | null;
  lastName?: string | null;
  email?: string | null;
  anonymousEmail?: string | null;
  externalCandidateId?: string | null;
  anonymised?: boolean | null;
}

export const OPTED_OUT_LABEL = 'Opted out';
export const ANONYMISED_LABEL = 'Anonymised candidate';

/**
 * Spec §3 display name: first (preferred) last; without a name, the anonymous email, the email,
 * the external id, then the id. Opted-out and anonymised people show their labels instead.
 */
export function displayName(person: NamedPerson): string {
  if (person.anonymised || isAnonymisedEmail(person.email)) return ANONYMISED_LABEL;
  if (isOptedOutEmail(person.email)) return OPTED_OUT_LABEL;
  const first = person.firstName?.trim();
  const preferred = person.preferredName?.trim();
  const last = person.lastName?.trim();
  const name = [first, preferred && preferred !== first ? `(${preferred})` : undefined, last].filter(Boolean).join(' ');
  if (name) return name;
  return (
    person.anonymousEmail?.trim() ||
    person.email?.trim() ||
    person.externalCandidateId?.trim() ||
    String(person.id ?? '')
  );
}
