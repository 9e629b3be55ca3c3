import { SECTIONS, validateConfiguration, type CompiledForm } from '#engine';
import type { Configuration, CustomQuestion } from '#schemas/configuration';
import type { Db } from '../../db/client';
import type { OrganizationRecord } from '../../db/types';
import { badRequest } from '../../lib/http-error';
import { applicationForm, overProductDefault } from '../forms/form.service';

/*
 * Registrant questions (issue 14, decision 0038): an event's questions are custom questions of the
 * configuration format. They become a one-step form layer over the organisation's configuration —
 * every catalogue section hidden, the organisation's own custom questions hidden, the event's asked
 * under `additionalQuestions` — compiled by the engine like any form, on the server to check the
 * answers and in the browser to ask them.
 */

const EVENT_STEP = 'eventRegistration';
const QUESTION_SECTION = 'additionalQuestions';

/** What a new event asks when its manager names no questions. */
export const DEFAULT_EVENT_QUESTIONS: CustomQuestion[] = [
  {
    id: 'eventHeardFrom',
    type: 'select',
    label: 'How did you hear about this event?',
    name: 'how you heard about this event',
    options: ['University careers service', 'Social media', 'A friend or colleague', 'Our website', 'Other'],
  },
  {
    id: 'eventDietaryNeeds',
    type: 'text',
    label: 'Dietary requirements',
    hint: 'For example, vegetarian, halal or a food allergy',
    maxLength: 200,
  },
  {
    id: 'eventAccessNeeds',
    type: 'textarea',
    label: 'Do you need any adjustments to take part?',
    hint: 'Tell us about anything that would help you attend, such as step-free access or a hearing loop',
    maxLength: 1000,
  },
];

/** Default questions a registrant may leave unanswered. */
const OPTIONAL_DEFAULTS = new Set(['eventDietaryNeeds', 'eventAccessNeeds']);

function organizationCustomIds(organization: OrganizationRecord): string[] {
  return [...(organization.default_configuration.custom ?? []), ...(organization.form_configuration.custom ?? [])].map(
    (q) => q.id,
  );
}

/** The form layer of an event's questions over the organisation's configuration. */
export function eventFormLayer(organization: OrganizationRecord, questions: readonly CustomQuestion[]): Configuration {
  const own = new Set(questions.map((q) => q.id));
  return {
    views: { application: [{ id: EVENT_STEP, sections: [QUESTION_SECTION] }] },
    // Shown even where the organisation's own form hides it; every other section hidden.
    subsections: {
      ...Object.fromEntries(SECTIONS.filter((s) => s !== QUESTION_SECTION).map((s) => [s, false])),
      [QUESTION_SECTION]: true,
    },
    fields: Object.fromEntries(
      organizationCustomIds(organization)
        .filter((id) => !own.has(id))
        .map((id) => [id, false]),
    ),
    required: Object.fromEntries(questions.filter((q) => OPTIONAL_DEFAULTS.has(q.id)).map((q) => [q.id, false])),
    custom: questions.map(({ section: _section, ...q }) => q),
  };
}

/** Refuses questions the engine would not compile (400 naming each problem). */
export function checkQuestions(organization: OrganizationRecord, questions: readonly CustomQuestion[]): void {
  const layer = eventFormLayer(organization, questions);
  const check = validateConfiguration(layer, {
    beneath: overProductDefault(organization.default_configuration, organization.form_configuration),
  });
  if (!check.valid)
    throw badRequest(
      'The registrant questions are not valid',
      check.problems.map((p) => ({ field: `questions${p.path ? `.${p.path}` : ''}`, message: p.message })),
    );
}

/** The registrant form of an event, compiled as the browser compiles it. */
export function eventForm(
  db: Db,
  organization: OrganizationRecord,
  questions: readonly CustomQuestion[],
  language?: string,
): Promise<CompiledForm> {
  return applicationForm(db, organization, {
    language,
    role: { formConfiguration: eventFormLayer(organization, questions) },
  });
}
