import type { Configuration, CustomQuestion } from '#schemas/configuration';

/** One question of every kind the renderer has, on one step: the widget gallery of /ui/widgets. */
export const WIDGET_GALLERY: Configuration = {
  views: {
    application: [
      {
        id: 'widgets',
        sections: [
          'personalInformation',
          'rightToWork',
          'secondaryEducation',
          'equalOpportunities',
          'universityEducation',
          'documents',
          'additionalQuestions',
          'termsAndConditions',
        ],
      },
    ],
  },
  subsections: {
    personalInformation: true,
    rightToWork: true,
    secondaryEducation: true,
    equalOpportunities: true,
    universityEducation: true,
    documents: true,
    additionalQuestions: true,
    termsAndConditions: true,
  },
  fields: {
    firstName: false,
    preferredName: false,
    lastName: false,
    nationality: false,
    noticePeriod: false,
    pronouns: false,
    sexuality: false,
    religion: false,
    disability: false,
    veteran: false,
    ethnicity: false,
    coverLetter: false,
    transcript: false,
    secondarySchoolCountry: false,
  },
  required: {
    secondarySchool: false,
    secondarySchoolType: false,
    secondarySchoolCompletedYear: false,
    email: false,
    mobile: false,
    permitType: false,
    gender: false,
    universities: false,
    cv: false,
    acceptTermAndConditions: true,
  },
  text: { 'step.widgets.title': 'Every question type' },
  custom: [
    {
      id: 'motivation',
      type: 'textarea',
      label: 'Long answer with a word limit',
      hint: 'Up to 50 words',
      maxWords: 50,
    },
    { id: 'yearsExperience', type: 'number', label: 'A number', minimum: 0, maximum: 50 },
    { id: 'availableFrom', type: 'date', label: 'A date', hint: 'For example, 27 3 2027' },
    { id: 'interests', type: 'checkboxes', label: 'Several choices', options: ['Consulting', 'Technology', 'Finance'] },
    { id: 'relocate', type: 'yesno', label: 'A yes or no question', hint: 'Tap the chosen answer again to clear it' },
  ],
};

const KINDS: Array<[CustomQuestion['type'], number]> = [
  ['text', 150],
  ['textarea', 20],
  ['number', 30],
  ['select', 40],
  ['radio', 30],
  ['checkboxes', 10],
  ['yesno', 10],
  ['date', 10],
];

/** A role layer asking `count` custom questions of every kind on one step: forms at scale (/ui/large-form). */
export function largeFormLayer(count = 300): Configuration {
  const custom: CustomQuestion[] = [];
  const total = KINDS.reduce((n, [, c]) => n + c, 0);
  for (const [type, share] of KINDS) {
    for (let i = 0; i < Math.round((share * count) / total); i += 1) {
      const needsOptions = type === 'select' || type === 'radio' || type === 'checkboxes';
      custom.push({
        id: `q${type}${i}`,
        type,
        label: `Question ${custom.length + 1} (${type})`,
        ...(i % 3 === 0 ? { hint: 'A hint for this question' } : {}),
        ...(needsOptions ? { options: ['Alpha', 'Beta', 'Gamma', 'Delta'] } : {}),
        ...(type === 'textarea' ? { maxWords: 200 } : {}),
      } as CustomQuestion);
    }
  }
  return {
    views: { application: [{ id: 'questions', sections: ['additionalQuestions'] }] },
    subsections: { additionalQuestions: true },
    text: { 'step.questions.title': `A ${custom.length}-question form` },
    custom,
  };
}
