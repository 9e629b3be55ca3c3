import type { FieldDefinition, SectionId } from './types';

/**
 * The field catalogue: every candidate field of spec §3, grouped by the profile sections of §2.
 * Labels and hints are texts (fields/texts.ts) so that configuration and languages can change them.
 * Whether a field is shown or required comes from configuration (configs/default-configuration.json
 * and the organisation, role and language layers), never from here.
 */

const DOCUMENT_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
];
const FIVE_MB = 5 * 1024 * 1024;
const document = (id: string): FieldDefinition => ({
  id,
  kind: 'file',
  section: 'documents',
  accept: DOCUMENT_TYPES,
  maxBytes: FIVE_MB,
});
const IMAGE_TYPES = ['image/jpeg', 'image/png'];
const TWO_MB = 2 * 1024 * 1024;

const universityItem: readonly FieldDefinition[] = [
  { id: 'universityType', kind: 'select', list: 'UNIVERSITY_TYPE', section: 'universityEducation' },
  { id: 'universityName', kind: 'typeahead', remoteList: 'UNIVERSITY', maxLength: 255, section: 'universityEducation' },
  { id: 'universityStartYear', kind: 'year', years: { back: 50, forward: 2 }, section: 'universityEducation' },
  { id: 'universityGraduationYear', kind: 'year', years: { back: 50, forward: 9 }, section: 'universityEducation' },
  { id: 'degreeType', kind: 'select', list: 'DEGREE_TYPE', section: 'universityEducation' },
  { id: 'degreeSubject', kind: 'typeahead', remoteList: 'SUBJECT', maxLength: 255, section: 'universityEducation' },
  { id: 'degreeClass', kind: 'select', list: 'DEGREE_CLASS', section: 'universityEducation' },
  { id: 'averagePercent', kind: 'percent', section: 'universityEducation' },
];

export const CATALOGUE: readonly FieldDefinition[] = [
  // Personal information
  { id: 'firstName', kind: 'text', maxLength: 255, section: 'personalInformation' },
  { id: 'preferredName', kind: 'text', maxLength: 255, section: 'personalInformation' },
  { id: 'lastName', kind: 'text', maxLength: 255, section: 'personalInformation' },
  { id: 'email', kind: 'email', maxLength: 255, section: 'personalInformation' },
  { id: 'mobile', kind: 'phone', format: 'uk-mobile', section: 'personalInformation' },
  { id: 'postCode', kind: 'postCode', format: 'uk-postcode', section: 'personalInformation' },
  { id: 'nationality', kind: 'select', list: 'COUNTRY', section: 'personalInformation' },
  { id: 'citizen', kind: 'yesno', section: 'personalInformation' },
  // Right to work
  { id: 'permitType', kind: 'radio', list: 'PERMIT_TYPE', section: 'rightToWork' },
  {
    id: 'otherPermit',
    kind: 'text',
    maxLength: 255,
    section: 'rightToWork',
    showIf: { field: 'permitType', oneOf: ['Other'] },
  },
  { id: 'noticePeriod', kind: 'select', list: 'NOTICE_PERIOD', section: 'rightToWork' },
  // Secondary education
  { id: 'secondarySchool', kind: 'typeahead', remoteList: 'SCHOOL', maxLength: 255, section: 'secondaryEducation' },
  { id: 'secondarySchoolCountry', kind: 'select', list: 'SCHOOL_COUNTRY', section: 'secondaryEducation' },
  { id: 'secondarySchoolType', kind: 'select', list: 'SCHOOL_TYPE', section: 'secondaryEducation' },
  { id: 'secondarySchoolCompletedYear', kind: 'year', years: { back: 50, forward: 2 }, section: 'secondaryEducation' },
  // Sixth form education
  { id: 'collegeAttended', kind: 'select', list: 'COLLEGE_ATTENDED', section: 'sixthFormEducation' },
  { id: 'sixthFormSchool', kind: 'typeahead', remoteList: 'SCHOOL', maxLength: 255, section: 'sixthFormEducation' },
  { id: 'sixthFormQualificationType', kind: 'select', list: 'QUALIFICATION_TYPE', section: 'sixthFormEducation' },
  { id: 'sixthFormSchoolCompletedYear', kind: 'year', years: { back: 50, forward: 4 }, section: 'sixthFormEducation' },
  // University education (repeatable)
  {
    id: 'universities',
    kind: 'group',
    items: universityItem,
    minItems: 1,
    maxItems: 5,
    section: 'universityEducation',
  },
  // Contextual recruitment (CRS) information
  { id: 'freeSchoolMeals', kind: 'radio', list: 'BOOLEAN_PREFER_NOT_TO_SAY', section: 'crsInformation' },
  { id: 'firstGenerationUniversity', kind: 'radio', list: 'BOOLEAN_PREFER_NOT_TO_SAY', section: 'crsInformation' },
  { id: 'caringResponsibilities', kind: 'radio', list: 'BOOLEAN_PREFER_NOT_TO_SAY', section: 'crsInformation' },
  { id: 'refugeeOrAsylumSeeker', kind: 'radio', list: 'BOOLEAN_PREFER_NOT_TO_SAY', section: 'crsInformation' },
  { id: 'paidWorkDuringSixteen', kind: 'select', list: 'PAID_WORK_DURING_SIXTEEN', section: 'crsInformation' },
  { id: 'paidWorkDuringUniversity', kind: 'select', list: 'PAID_WORK_DURING_UNIVERSITY', section: 'crsInformation' },
  // Equal opportunities (diversity monitoring)
  { id: 'gender', kind: 'radio', list: 'GENDER', section: 'equalOpportunities' },
  { id: 'pronouns', kind: 'select', list: 'PRONOUNS', section: 'equalOpportunities' },
  { id: 'sexuality', kind: 'select', list: 'ORIENTATION', section: 'equalOpportunities' },
  { id: 'ethnicity', kind: 'select', list: 'ETHNICITY', section: 'equalOpportunities' },
  { id: 'ethnicityMulti', kind: 'checkboxes', list: 'ETHNICITY_GROUP', section: 'equalOpportunities' },
  {
    id: 'ethnicitySpecify',
    kind: 'text',
    maxLength: 255,
    section: 'equalOpportunities',
    showIf: { field: 'ethnicity', oneOf: ['@other'] },
  },
  { id: 'religion', kind: 'select', list: 'RELIGION', section: 'equalOpportunities' },
  { id: 'disability', kind: 'radio', list: 'DISABILITY', section: 'equalOpportunities' },
  { id: 'healthCondition', kind: 'checkboxes', list: 'HEALTH_CONDITION', section: 'equalOpportunities' },
  { id: 'veteran', kind: 'radio', list: 'VETERAN', section: 'equalOpportunities' },
  // Documents (spec §3 document types, plus CV and cover letter)
  document('cv'),
  document('coverLetter'),
  document('transcript'),
  document('rightToWorkDocument'),
  document('writingSample'),
  document('otherDocument'),
  // Spec §3 photo_base64: a photo of the candidate, hidden unless configuration shows it.
  { id: 'photo', kind: 'file', section: 'documents', accept: IMAGE_TYPES, maxBytes: TWO_MB },
  // Terms and consent
  { id: 'acceptTermAndConditions', kind: 'consent', section: 'termsAndConditions' },
  { id: 'acceptRare', kind: 'yesno', section: 'termsAndConditions' },
  { id: 'acceptResearch', kind: 'yesno', section: 'termsAndConditions' },
];

/** Sections of spec §2 in their default order; the accepted-terms section only displays. */
export const SECTIONS: readonly SectionId[] = [
  'personalInformation',
  'rightToWork',
  'secondaryEducation',
  'sixthFormEducation',
  'universityEducation',
  'crsInformation',
  'equalOpportunities',
  'documents',
  'additionalQuestions',
  'termsAndConditions',
  'acceptedTermsAndConditions',
];

function index(fields: readonly FieldDefinition[], into: Map<string, FieldDefinition>): Map<string, FieldDefinition> {
  for (const field of fields) {
    into.set(field.id, field);
    if (field.items) index(field.items, into);
  }
  return into;
}

/** Every catalogue field by id, item fields of repeatable groups included. */
export const CATALOGUE_BY_ID: ReadonlyMap<string, FieldDefinition> = index(CATALOGUE, new Map());
