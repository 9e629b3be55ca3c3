import type { ContextualData, ContextualFlagId } from '#schemas/contextual';

/*
 * Contextual data as rows of the hiring side's candidate panel and list columns (listFields,
 * spec §3 template.viewConfiguration.listFields): a role lists these ids beside its questions.
 * English, like the panel's other rows (engine/screens/candidate-panel.ts).
 */

export const CONTEXTUAL_LIST_FIELDS = [
  'contextualFlags',
  'performanceIndex',
  'schoolPercentile',
  'universityPercentile',
] as const;
type ContextualListField = (typeof CONTEXTUAL_LIST_FIELDS)[number];

export const isContextualListField = (id: string): id is ContextualListField =>
  (CONTEXTUAL_LIST_FIELDS as readonly string[]).includes(id);

export const FLAG_NAMES: Readonly<Record<ContextualFlagId, string>> = {
  FREE_SCHOOL_MEALS: 'Free school meals',
  FIRST_IN_FAMILY: 'First in family at university',
  CARE_EXPERIENCE: 'Care experience',
  REFUGEE_OR_ASYLUM: 'Refugee or asylum seeker',
  YOUNG_CARER: 'Young carer',
  DISRUPTED_EDUCATION: 'Disrupted education',
  LOW_PERFORMING_SCHOOL: 'School in the bottom performance band',
  LOW_PARTICIPATION_AREA: 'Low-participation or deprived home area',
};

const LABELS: Readonly<Record<ContextualListField, string>> = {
  contextualFlags: 'Contextual flags',
  performanceIndex: 'Performance Index',
  schoolPercentile: 'School percentile',
  universityPercentile: 'University percentile',
};

function value(id: ContextualListField, data: ContextualData): string {
  switch (id) {
    case 'contextualFlags':
      return data.flags.map((f) => FLAG_NAMES[f.id]).join('; ');
    case 'performanceIndex': {
      const pi = data.performanceIndex;
      if (!pi) return '';
      const side = pi.outperformance >= 0 ? 'above' : 'below';
      return `${pi.index} (${Math.abs(pi.outperformance)}% ${side} their school's average)`;
    }
    case 'schoolPercentile': {
      const last = data.schools.find((s) => s.field === 'sixthFormSchool') ?? data.schools[0];
      return last?.percentile == null ? '' : `${last.percentile} (band ${last.band} of 5)`;
    }
    case 'universityPercentile':
      return data.university.percentile === null ? '' : String(data.university.percentile);
  }
}

/** The label and text of a contextual listFields id for one application. */
export const contextualPanelRow = (id: ContextualListField, data: ContextualData) => ({
  label: LABELS[id],
  value: value(id, data),
});
