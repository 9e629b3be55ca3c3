import type { ContextualData, ContextualFlag, ContextualFlagId, ReferenceMeasure } from '#schemas/contextual';

/*
 * Contextual data as rows of the hiring side's candidate panel and list columns (listFields,
 * spec §3 template.viewConfiguration.listFields): a role lists these ids beside its questions.
 * Each flag and measure carries its one line of why (the answer, or the reference figure with its
 * source and year), as the candidate page's section does. English, like the panel's other rows
 * (engine/screens/candidate-panel.ts).
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

/** What the question of each answer flag asks about (the candidate page words it the same). */
const FLAG_QUESTIONS: Readonly<Record<ContextualFlagId, string>> = {
  FREE_SCHOOL_MEALS: 'free school meals (or family income support)',
  FIRST_IN_FAMILY: 'first in their family to go to university',
  CARE_EXPERIENCE: 'having been in care',
  REFUGEE_OR_ASYLUM: 'coming to the country as a refugee or asylum seeker',
  YOUNG_CARER: 'having had caring responsibilities',
  DISRUPTED_EDUCATION: 'seriously disrupted schooling',
  LOW_PERFORMING_SCHOOL: 'their school',
  LOW_PARTICIPATION_AREA: 'their home postcode',
};

const MEASURE_NAMES: Readonly<Record<string, string>> = {
  KS5_APS_PER_ENTRY: 'A level points per entry',
  ATTAINMENT_8: 'Attainment 8',
  HIGHERS_TARIFF_PER_ENTRY: 'Higher tariff points per entry',
  IB_AVERAGE_POINTS: 'average IB points',
  MEDIAN_ATAR: 'median ATAR',
  ICSEA: 'ICSEA',
  POLAR4_QUINTILE: 'POLAR4 quintile',
  IMD_DECILE: 'IMD decile',
  SEIFA_IRSD_DECILE: 'SEIFA IRSD decile',
};

const measureText = (m: ReferenceMeasure) =>
  `${MEASURE_NAMES[m.measure] ?? m.measure} ${m.value} (source: ${m.source}, ${m.year})`;

/** The one line that says what set a flag. */
function flagReason(flag: ContextualFlag): string {
  if (flag.id === 'LOW_PERFORMING_SCHOOL' && flag.measure)
    return `${flag.answer} is in the bottom fifth of schools: ${measureText(flag.measure)}`;
  if (flag.id === 'LOW_PARTICIPATION_AREA' && flag.measure)
    return `home postcode ${flag.answer} is in a low-participation or deprived area: ${measureText(flag.measure)}`;
  return `answered “Yes” to the question about ${FLAG_QUESTIONS[flag.id]}`;
}

const LABELS: Readonly<Record<ContextualListField, string>> = {
  contextualFlags: 'Contextual flags',
  performanceIndex: 'Performance Index',
  schoolPercentile: 'School percentile',
  universityPercentile: 'University percentile',
};

function value(id: ContextualListField, data: ContextualData): string {
  switch (id) {
    case 'contextualFlags':
      return data.flags.map((f) => `${FLAG_NAMES[f.id]} (${flagReason(f)})`).join('; ');
    case 'performanceIndex': {
      const pi = data.performanceIndex;
      if (!pi) return '';
      const side = pi.outperformance >= 0 ? 'above' : 'below';
      const measure = MEASURE_NAMES[pi.measure.measure] ?? pi.measure.measure;
      return (
        `${pi.index} (${Math.abs(pi.outperformance)}% ${side} their school's average: ${pi.candidatePoints} ` +
        `against ${pi.school}'s ${measure} of ${pi.schoolPoints}, ${pi.measure.source}, ${pi.measure.year})`
      );
    }
    case 'schoolPercentile': {
      const last = data.schools.find((s) => s.field === 'sixthFormSchool') ?? data.schools[0];
      if (last?.percentile == null) return '';
      return `${last.percentile} (band ${last.band} of 5; ${last.name}: ${last.measures.map(measureText).join('; ')})`;
    }
    case 'universityPercentile': {
      const u = data.university;
      if (u.percentile === null) return '';
      const source = u.percentileSource ? `, source: ${u.percentileSource.source}, ${u.percentileSource.year}` : '';
      return `${u.percentile} (average mark ${u.averageMark}, placed among graduates' marks${source})`;
    }
  }
}

/** The label and text of a contextual listFields id for one application. */
export const contextualPanelRow = (id: ContextualListField, data: ContextualData) => ({
  label: LABELS[id],
  value: value(id, data),
});
