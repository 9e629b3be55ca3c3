import {
  formFields,
  isFieldShown,
  type Answers,
  type CompiledField,
  type CompiledForm,
  type FieldKind,
  validateApplication,
  compiledChecks,
} from '#engine';
import type { DemoPerson, Random } from './demo-people';

/*
 * Complete answers to a compiled application form for one demo person: every visible question is
 * answered the way a real candidate would (their name, university, school, a plausible choice
 * elsewhere), then checked with the engine's validateApplication, exactly as a submit is.
 */

/** A file answer waiting for its document row: the id is chosen here so the answer can name it. */
export interface DemoFile {
  id: string;
  fieldId: string;
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface DemoAnswers {
  answers: Answers;
  files: DemoFile[];
}

/** A one-page PDF that any reader opens, naming the candidate and the document. */
function demoPdf(title: string): Uint8Array {
  const text = title.replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

const TEXTS: Record<string, readonly string[]> = {
  whyAcme: [
    'I enjoy untangling messy problems with other people, and the projects your consultants describe are exactly that kind of work.',
    'My internship showed me how much I like working with clients. Acme’s training and the variety of sectors appeal to me.',
    'I want to help public and private organisations make better decisions, and your work on sustainability stood out at the careers fair.',
  ],
  leadMatter: [
    'I ran a contractual dispute between two shipping companies from letter before action to a mediated settlement, leading a team of three.',
    'I led a shareholder dispute through an expedited trial, managing disclosure, witness evidence and counsel.',
  ],
  currentTeam: ['Asset Operations', 'Grid Control', 'Data and Analytics', 'Health and Safety', 'Reservoir Engineering'],
  employeeNumber: ['E104233', 'E118907', 'E120415', 'E097612', 'E131050'],
};

/** How often a demo candidate answers "Yes" to each contextual question. */
const YES_RATES: Readonly<Record<string, number>> = {
  freeSchoolMeals: 0.2,
  firstGenerationUniversity: 0.3,
  caringResponsibilities: 0.08,
  refugeeOrAsylumSeeker: 0.04,
  careExperience: 0.04,
  disruptedEducation: 0.1,
};

const DEFAULT_TEXT = [
  'Yes, as described in my CV.',
  'I am happy to discuss this at interview.',
  'Please see my CV for details.',
];

function chooseOption(
  field: CompiledField,
  random: Random,
  preferred?: readonly string[],
): string | number | undefined {
  const options = field.options ?? [];
  if (options.length === 0) return undefined;
  for (const value of preferred ?? []) if (options.includes(value)) return value;
  // Real people seldom pick 'Other' or 'Prefer not to say'; keep those rare.
  const usual = options.filter((o) => typeof o !== 'string' || !/^(other|prefer not to say)$/i.test(o));
  return random.chance(0.9) && usual.length ? random.pick(usual) : random.pick(options);
}

function nearestYear(field: CompiledField, year: number): number | undefined {
  const years = (field.options ?? []).filter((o): o is number => typeof o === 'number');
  if (years.length === 0) return undefined;
  return years.reduce((best, y) => (Math.abs(y - year) < Math.abs(best - year) ? y : best), years[0]!);
}

interface Context {
  person: DemoPerson;
  random: Random;
  /** The current year: graduation and school years are worked out from it. */
  year: number;
  files: DemoFile[];
  newId: () => string;
}

function universityItem(
  items: readonly CompiledField[],
  context: Context,
  which: 'undergraduate' | 'postgraduate',
): Answers {
  const { person, random, year } = context;
  const graduation = which === 'undergraduate' ? year - (person.postgraduate ? 1 : random.int(0, 1)) : year;
  const university = which === 'undergraduate' ? person.university : person.postgraduate!;
  // Every region's list of degree results (configs/regions) starts with its three best, best first.
  const degreeClasses = items.find((field) => field.id === 'degreeClass')?.options ?? [];
  const degreeClass =
    degreeClasses[person.strength > 0.55 ? (person.strength > 0.85 ? 0 : 1) : random.chance(0.7) ? 1 : 2];
  const values: Answers = {
    universityType: which === 'undergraduate' ? 'Undergraduate' : 'Postgraduate',
    universityName: university.name,
    degreeSubject: person.degreeSubject,
    degreeType: which === 'undergraduate' ? (random.chance(0.5) ? 'BSc' : 'BA') : random.chance(0.5) ? 'MSc' : 'MA',
    degreeClass: which === 'undergraduate' ? degreeClass : 'Distinction',
    averagePercent: Math.round((52 + person.strength * 30 + random.next() * 4) * 10) / 10,
  };
  const answers: Answers = {};
  for (const field of items) {
    if (field.id === 'universityStartYear')
      answers[field.id] = nearestYear(field, which === 'undergraduate' ? graduation - 3 : graduation - 1);
    else if (field.id === 'universityGraduationYear') answers[field.id] = nearestYear(field, graduation);
    else if (
      field.id in values &&
      (field.kind !== 'select' || (field.options ?? []).includes(values[field.id] as string))
    )
      answers[field.id] = values[field.id];
    else answers[field.id] = answerFor(field, context);
  }
  return answers;
}

function answerFor(field: CompiledField, context: Context): unknown {
  const { person, random, year } = context;
  switch (field.id) {
    case 'firstName':
      return person.firstName;
    case 'lastName':
      return person.lastName;
    case 'preferredName':
      return undefined;
    case 'email':
      return person.email;
    case 'mobile':
      return person.mobile;
    case 'postCode':
      return person.postCode || undefined;
    case 'nationality':
      return chooseOption(field, random, person.nationality);
    case 'secondarySchool':
    case 'sixthFormSchool':
      return person.school.name;
    case 'secondarySchoolCountry':
      return chooseOption(field, random, [person.school.country]);
    case 'secondarySchoolType':
      return chooseOption(field, random, [person.school.schoolType]);
    case 'secondarySchoolCompletedYear':
      return nearestYear(field, year - 6);
    case 'sixthFormSchoolCompletedYear':
      return nearestYear(field, year - 4);
    // Each region's lists (configs/regions) start with the same school, and with the citizens' right to work.
    case 'collegeAttended':
      return chooseOption(field, random, field.options?.slice(0, 1).map(String));
    case 'sixthFormQualificationType':
      return chooseOption(field, random, [
        'A level',
        'ATAR: HSC (New South Wales)',
        'HKDSE',
        'International Baccalaureate',
      ]);
    case 'permitType':
      return chooseOption(
        field,
        random,
        random.chance(0.8)
          ? field.options?.slice(0, 1).map(String)
          : [
              'Graduate visa',
              'Skilled Worker visa',
              'Temporary Graduate visa (subclass 485)',
              'IANG visa (non-local graduate)',
            ],
      );
    case 'otherPermit':
      return 'Dependant visa';
    case 'ethnicitySpecify':
      return 'Mixed heritage';
    case 'pqe':
      return random.int(2, 6);
    // Contextual questions (issue 17) answered "Yes" about as often as applicants to graduate schemes do.
    case 'freeSchoolMeals':
    case 'firstGenerationUniversity':
    case 'caringResponsibilities':
    case 'refugeeOrAsylumSeeker':
    case 'careExperience':
    case 'disruptedEducation':
      return random.chance(0.05) ? 'Prefer not to say' : random.chance(YES_RATES[field.id]!) ? 'Yes' : 'No';
    // Stronger candidates have higher ranks; two decimals, 99.95 at most, as an ATAR is.
    case 'atar':
      return Math.min(99.95, Math.round((55 + person.strength * 40 + random.next() * 8) * 100) / 100);
  }
  return DEMO_ANSWERS[field.kind](field, context);
}

function freeText(field: CompiledField, { random }: Context): string {
  const text = random.pick(TEXTS[field.id] ?? DEFAULT_TEXT);
  return field.maxLength ? text.slice(0, field.maxLength) : text;
}

const anOption = (field: CompiledField, { random }: Context) => chooseOption(field, random);

/** A plausible answer of each kind, for questions the person's story above does not answer. */
const DEMO_ANSWERS: Record<FieldKind, (field: CompiledField, context: Context) => unknown> = {
  text: freeText,
  textarea: freeText,
  typeahead: freeText,
  email: (_field, { person }) => person.email,
  phone: (_field, { person }) => person.mobile,
  postCode: (_field, { person }) => person.postCode || undefined,
  select: anOption,
  radio: anOption,
  checkboxes: (field, { random }) => {
    const first = chooseOption(field, random);
    const second = chooseOption(field, random);
    return [...new Set([first, second])].filter((v) => v !== undefined);
  },
  yesno: (_field, { random }) => random.chance(0.7),
  consent: () => true,
  year: (field, { year }) => nearestYear(field, year),
  date: (_field, { random, year }) => `${year}-0${random.int(1, 9)}-1${random.int(0, 9)}`,
  number: (field, { random }) => {
    const min = field.minimum ?? 0;
    const max = Math.min(field.maximum ?? min + 10, min + 10);
    return random.int(min, max);
  },
  percent: (_field, { person }) => Math.round((50 + person.strength * 40) * 10) / 10,
  file: (field, context) => {
    const { person } = context;
    // Optional uploads other than a CV are left out, as most candidates do.
    if (!field.required && field.id !== 'cv') return undefined;
    const fileName = `${person.firstName}-${person.lastName}-${field.id}.pdf`.replace(/\s+/g, '-').toLowerCase();
    const bytes = demoPdf(`${person.firstName} ${person.lastName}: ${field.label}`);
    const id = context.newId();
    context.files.push({ id, fieldId: field.id, fileName, contentType: 'application/pdf', bytes });
    return { id, name: fileName, size: bytes.length, contentType: 'application/pdf' };
  },
  group: (field, context) => {
    if (field.id === 'universities') {
      const items = [universityItem(field.items ?? [], context, 'undergraduate')];
      if (context.person.postgraduate && (field.maxItems ?? 5) > 1)
        items.push(universityItem(field.items ?? [], context, 'postgraduate'));
      return items;
    }
    return [objectAnswers(field.items ?? [], context)];
  },
};

/** Answers to sibling fields: the unconditional ones, then those whose condition the answers meet. */
function objectAnswers(fields: readonly CompiledField[], context: Context): Answers {
  const answers: Answers = {};
  for (const field of fields.filter((f) => !f.showIf)) {
    const value = answerFor(field, context);
    if (value !== undefined) answers[field.id] = value;
  }
  for (const field of fields.filter((f) => f.showIf)) {
    if (!isFieldShown(field, answers)) continue;
    const value = answerFor(field, context);
    if (value !== undefined) answers[field.id] = value;
  }
  return answers;
}

/**
 * A complete application for `person` that `form` accepts (checked with validateApplication, as
 * a submit is), with the documents its file answers name. Throws when the form refuses it: the
 * demo data must always be what the product itself would have stored.
 */
export function demoAnswers(
  form: CompiledForm,
  person: DemoPerson,
  random: Random,
  options: { year: number; newId: () => string },
): DemoAnswers {
  const context: Context = { person, random, year: options.year, files: [], newId: options.newId };
  const answers = objectAnswers(formFields(form), context);
  const result = validateApplication(form, answers, compiledChecks);
  if (!result.valid) {
    throw new Error(
      `demo answers for ${person.email} are refused: ${result.errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`,
    );
  }
  return { answers: result.answers, files: context.files };
}
