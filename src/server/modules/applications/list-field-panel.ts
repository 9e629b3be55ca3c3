import {
  type Answers,
  candidatePanel,
  isAnonymisedEmail,
  isContextualListField,
  listFieldRows,
  type PanelRow,
} from '#engine';
import { contextualData } from '../contextual/contextual.service';
import type { Db } from '../../db/client';
import type { OrganizationRecord } from '../../db/types';
import { profileForm } from '../forms/form.service';
import type { RoleRecord } from '../roles/role.repository';
import { roleForm } from './role-form';

/** What the hiring side reads of a candidate's account. */
interface Account {
  first_name: string | null;
  last_name: string | null;
  email: string;
  anonymised_at: Date | null;
}

/** The address shown for a person: none once anonymised (spec §3: an email with the ANON marker is hidden). */
export function visibleEmail(person: Pick<Account, 'email' | 'anonymised_at'>): string | null {
  return person.anonymised_at !== null || isAnonymisedEmail(person.email) ? null : person.email;
}

/** The profile answers an account gives: its names and (visible) address, as a new profile starts (decision 0010). */
export function accountAnswers(account: Account): Answers {
  return {
    firstName: account.first_name ?? undefined,
    lastName: account.last_name ?? undefined,
    email: visibleEmail(account) ?? undefined,
  };
}

/** A role's listFields rows for one application: its answers, and its candidate's profile started from the account. */
export type ListFieldPanel = (data: { application: Answers; profile: Answers }) => PanelRow[];

/**
 * The candidate panel of a role (spec §3 template.viewConfiguration.listFields), compiled once for any number of
 * its applications: the role's form gives the labels, visibility and formats; a profile question the role's form
 * does not ask is found in the organisation's profile form (read only when the role lists one). The candidate page
 * and the list's answer columns (candidatev) both show these rows, so they read the same.
 */
export async function listFieldPanel(
  db: Db,
  organization: OrganizationRecord,
  role: RoleRecord,
): Promise<ListFieldPanel> {
  const listFields = role.template.viewConfiguration.listFields;
  const form = await roleForm(db, organization, role);
  const asked = new Set(candidatePanel(form, listFields, { application: {}, profile: {} }).map((row) => row.id));
  const profileOnly = listFields.filter((f) => !f.candidateResponse && !asked.has(f.id));
  const profile = profileOnly.length > 0 ? await profileForm(db, organization) : undefined;
  return (data) => {
    const rows = [
      ...candidatePanel(form, listFields, data),
      ...(profile ? candidatePanel(profile, profileOnly, data) : []),
    ];
    // Contextual measures (issue 17) listed by the role: computed from the application's answers.
    const contextual = listFields.some((f) => isContextualListField(f.id)) ? contextualData(data.application) : null;
    return listFieldRows(listFields, rows, contextual);
  };
}
