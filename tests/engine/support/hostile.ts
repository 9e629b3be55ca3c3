import fc from 'fast-check';
import type { Configuration, CustomQuestion, StepDefinition } from '#schemas/configuration';
import { CATALOGUE, HR_FEATURES, MENUS, SECTIONS, type Answers, type ListField } from '#engine';
import { PRODUCT } from './arbitraries';

/**
 * Hostile but schema-valid configuration layers: each passes the JSON Schema of schemas/configuration.ts, and
 * mixes ordinary ingredients with ones that probe the engine (ids and options named like Object.prototype members,
 * duplicates, impossible bounds, odd text keys, empty texts, views that leave sections out).
 */

/** Names every plain object inherits: read as a function wherever an object is looked up by such a key. */
export const PROTOTYPE_NAMES = [
  'toString',
  'constructor',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
] as const;

const TOP_LEVEL_IDS = CATALOGUE.map((field) => field.id);
/** Questions inside the repeatable universities group (degreeSubject, degreeClass, universityGraduationYear…). */
export const ITEM_FIELD_IDS = CATALOGUE.flatMap((field) => (field.items ?? []).map((item) => item.id));
/** Every catalogue question: top-level and inside groups. */
export const FIELD_IDS = [...TOP_LEVEL_IDS, ...ITEM_FIELD_IDS];

const OPTION_TYPES = ['select', 'radio', 'checkboxes'] as const;
const PLAIN = { noNullPrototype: true } as const;

/** Mostly the ordinary ingredient, sometimes the hostile one. */
function mostly<T>(ordinary: fc.Arbitrary<T>, hostile: fc.Arbitrary<T>, hostileWeight = 1): fc.Arbitrary<T> {
  return fc.oneof({ weight: 3, arbitrary: ordinary }, { weight: hostileWeight, arbitrary: hostile });
}

/** Now and then (one time in `1 + ordinaryWeight`) a value, else undefined. */
function sometimes<T>(value: fc.Arbitrary<T>, ordinaryWeight = 3): fc.Arbitrary<T | undefined> {
  return fc.oneof({ weight: ordinaryWeight, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: value });
}

const questionId = fc.oneof(
  { weight: 12, arbitrary: fc.stringMatching(/^q[A-Za-z0-9]{1,6}$/) },
  // A small pool, so that two questions of a layer share an id now and then.
  { weight: 1, arbitrary: fc.constantFrom('qSame', 'qTwin') },
  { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES) },
);

const label = mostly(
  fc.constantFrom('Why this role?', 'Start date', 'Years of experience', 'Portfolio link'),
  fc.constantFrom(' ', 'constructor', 'toString', '{{label}}', 'a/b ~0 ~1'),
);

const common = fc.record(
  {
    id: questionId,
    label,
    hint: fc.option(fc.constantFrom('', 'A hint', 'toString'), { nil: undefined }),
    section: fc.option(fc.constantFrom(...SECTIONS), { nil: undefined }),
  },
  PLAIN,
);

/** The record without its undefined entries, as a configuration read from JSON has none. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

const plainOptions = fc.uniqueArray(fc.stringMatching(/^[A-Z][a-z]{1,8}$/), { minLength: 1, maxLength: 4 });
const hostileOptions: fc.Arbitrary<string[]> = fc.oneof(
  fc.constant<string[]>(['A', 'A']),
  fc.constantFrom<string[]>(['constructor'], ['toString', 'valueOf'], ['__proto__', 'constructor']),
  // Often with a duplicate.
  fc.array(fc.constantFrom('constructor', 'toString', 'valueOf', 'A', 'B'), { minLength: 1, maxLength: 4 }),
);

type Answering = Pick<CustomQuestion, 'options' | 'list'>;
const answering: fc.Arbitrary<Answering> = fc.oneof(
  { weight: 5, arbitrary: plainOptions.map((options) => ({ options })) },
  { weight: 1, arbitrary: fc.constantFrom('GENDER', 'DEGREE_CLASS', 'COUNTRY').map((list) => ({ list })) },
  { weight: 1, arbitrary: hostileOptions.map((options) => ({ options })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(plainOptions, fc.constantFrom('GENDER', 'NOTICE_PERIOD'))
      .map(([options, list]) => ({ options, list })),
  },
);

const choiceQuestion: fc.Arbitrary<CustomQuestion> = fc
  .tuple(common, fc.constantFrom(...OPTION_TYPES), answering)
  .map(([q, type, answers]) => defined({ ...q, type, ...answers }));

const bound = fc.integer({ min: -5, max: 20 });
type Bounds = Pick<CustomQuestion, 'minimum' | 'maximum'>;
const bounds: fc.Arbitrary<Bounds> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: bound.map((minimum) => ({ minimum })) },
  { weight: 1, arbitrary: bound.map((maximum) => ({ maximum })) },
  {
    weight: 2,
    arbitrary: fc.tuple(bound, bound).map(([a, b]) => ({ minimum: Math.min(a, b), maximum: Math.max(a, b) })),
  },
  { weight: 1, arbitrary: fc.constant({ minimum: 0.5, maximum: 0.75 }) },
  // minimum > maximum: no answer could be given.
  {
    weight: 1,
    arbitrary: fc
      .tuple(bound, fc.integer({ min: 1, max: 10 }))
      .map(([maximum, gap]) => ({ minimum: maximum + gap, maximum })),
  },
);

const numberQuestion: fc.Arbitrary<CustomQuestion> = fc
  .tuple(common, bounds)
  .map(([q, range]) => defined({ ...q, type: 'number' as const, ...range }));

type Extras = Pick<CustomQuestion, 'maxLength' | 'maxWords' | 'minimum' | 'maximum'>;
const otherQuestion: fc.Arbitrary<CustomQuestion> = fc
  .tuple(
    common,
    fc.constantFrom('text', 'textarea', 'yesno', 'date'),
    mostly<Extras>(
      fc.oneof(
        fc.constant({}),
        fc.record({ maxLength: fc.integer({ min: 1, max: 4096 }) }, PLAIN),
        fc.record({ maxWords: fc.integer({ min: 1, max: 2000 }) }, PLAIN),
      ),
      // minimum and maximum on a question that is not a number
      fc.oneof(fc.constant({ minimum: 1 }), fc.constant({ minimum: 3, maximum: 1 }), fc.constant({ maximum: 2 })),
    ),
  )
  .map(([q, type, extras]) => {
    const textual = type === 'text' || type === 'textarea';
    const { maxLength, maxWords, ...range } = extras;
    return defined({ ...q, type, ...range, ...(textual ? { maxLength, maxWords } : {}) });
  });

const customQuestion = fc.oneof(choiceQuestion, numberQuestion, otherQuestion);

const LABEL_KEYS = FIELD_IDS.flatMap((id) => [`field.${id}.label`, `field.${id}.hint`]);
const textKey = mostly(
  fc.constantFrom(
    ...LABEL_KEYS,
    'section.documents.title',
    'section.rightToWork.description',
    'step.aboutYou.title',
    'field.email.error.required',
  ),
  fc.constantFrom(
    'a/b',
    '~x',
    '~1',
    '~0',
    'a.b',
    '/',
    '~',
    '.',
    'field.a/b.label',
    'field.~.hint',
    'toString',
    'constructor',
    'valueOf',
    '__proto__',
  ),
);
const textValue = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('Given name', 'A longer hint', 'Titre') },
  { weight: 1, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);
const texts = fc.dictionary(textKey, textValue, { maxKeys: 5, ...PLAIN });

const flags = (ids: readonly string[]) =>
  fc.dictionary(fc.constantFrom(...ids), fc.boolean(), { maxKeys: 6, ...PLAIN });

/** Step layouts to start from: the product's, one step per section, every section on one step. */
const LAYOUTS: ReadonlyArray<readonly StepDefinition[]> = [
  PRODUCT.views?.application ?? [],
  SECTIONS.map((id) => ({ id, sections: [id] })),
  [{ id: 'everything', sections: [...SECTIONS] }],
];

interface DraftApplication {
  steps: StepDefinition[];
  /** Sections the layout left out, hidden by `subsections: {x: false}`. */
  hidden: string[];
}

const application: fc.Arbitrary<DraftApplication> = fc
  .record(
    {
      layout: fc.constantFrom(...LAYOUTS),
      left: fc.oneof(
        fc.constant<string[]>([]),
        fc.subarray<string>(['crsInformation', 'acceptedTermsAndConditions']),
        fc.subarray<string>(['rightToWork', 'documents', 'additionalQuestions', 'termsAndConditions']),
        fc.subarray<string>([...SECTIONS], { maxLength: 3 }),
      ),
      hide: fc.constantFrom('all', 'none', 'some'),
      renamed: sometimes(fc.tuple(fc.nat(), fc.constantFrom(...PROTOTYPE_NAMES)), 5),
      title: sometimes(fc.tuple(fc.nat(), fc.constantFrom('toString', 'constructor', 'a/b', 'step.aboutYou.title'))),
    },
    PLAIN,
  )
  .map(({ layout, left, hide, renamed, title }) => {
    const steps: StepDefinition[] = layout
      .map((step, i) => ({
        id: renamed && renamed[0] % layout.length === i ? renamed[1] : step.id,
        sections: step.sections.filter((section) => !left.includes(section)),
        ...(title && title[0] % layout.length === i ? { title: title[1] } : {}),
      }))
      .filter((step) => step.sections.length > 0);
    const hidden = hide === 'all' ? left : hide === 'some' ? left.filter((_, i) => i % 2 === 0) : [];
    return { steps: steps.length > 0 ? steps : [{ id: 'only', sections: ['personalInformation'] }], hidden };
  });

/** A profile's sections, sometimes naming one twice (the copy anywhere after the first). */
const profile = fc
  .tuple(fc.shuffledSubarray([...SECTIONS], { minLength: 1 }), sometimes(fc.tuple(fc.nat(), fc.nat())))
  .map(([sections, twice]) => {
    if (!twice) return sections;
    const first = twice[0] % sections.length;
    const at = first + 1 + (twice[1] % (sections.length - first));
    return [...sections.slice(0, at), sections[first]!, ...sections.slice(at)];
  });

interface DraftLayer extends Omit<Configuration, 'views'> {
  views?: { application?: DraftApplication; profile?: string[] };
}

export const hostileLayer: fc.Arbitrary<Configuration> = fc.array(customQuestion, { maxLength: 4 }).chain((custom) => {
  const ids = [...FIELD_IDS, ...custom.map((q) => q.id)];
  const draft: fc.Arbitrary<DraftLayer> = fc.record(
    {
      custom: fc.constant(custom),
      text: texts,
      fields: flags(ids),
      required: flags(ids),
      subsections: flags(SECTIONS),
      menus: flags(MENUS),
      hr: flags(HR_FEATURES),
      views: fc.record({ application, profile }, { requiredKeys: [], ...PLAIN }),
    },
    { requiredKeys: [], ...PLAIN },
  );
  return draft.map(finish);
});

/** The draft as a layer: hides what its steps left out when asked to, and keeps flags of its own fields only. */
function finish({ views, ...draft }: DraftLayer): Configuration {
  const layer: Configuration = { ...draft };
  const known = new Set([...FIELD_IDS, ...(draft.custom ?? []).map((q) => q.id)]);
  for (const group of ['fields', 'required'] as const) {
    const given = draft[group];
    if (given) layer[group] = Object.fromEntries(Object.entries(given).filter(([id]) => known.has(id)));
  }
  if (draft.custom?.length === 0) delete layer.custom;
  if (views?.application || views?.profile) {
    layer.views = {};
    if (views.profile) layer.views.profile = views.profile;
    if (views.application) {
      layer.views.application = views.application.steps;
      const hidden = views.application.hidden;
      if (hidden.length > 0)
        layer.subsections = { ...layer.subsections, ...Object.fromEntries(hidden.map((id) => [id, false])) };
    }
  }
  return layer;
}

/** Keys no flag map accepts (and text keys out of bounds): problems whose paths must escape `/` and `~`. */
const oddKey = fc.constantFrom('a/b', '~x', '~1', 'a~0b', '/', '~', 'x.y', '', ' ', 'a b', '__proto__', 'é');
const FLAG_GROUPS = ['fields', 'required', 'subsections', 'menus', 'hr', 'text'] as const;

/** A hostile layer broken on purpose: an odd key in a flag map or at the top, or a custom question without label. */
export const brokenLayer: fc.Arbitrary<unknown> = fc
  .tuple(
    hostileLayer,
    fc.constantFrom(...FLAG_GROUPS, 'top', 'label'),
    oddKey,
    fc.constantFrom<unknown>(false, true, 'no', 1),
  )
  .map(([layer, where, key, value]) => {
    if (where === 'top') return { ...layer, [key]: value };
    if (where === 'label') {
      const [first, ...rest] = layer.custom ?? [];
      if (!first) return { ...layer, custom: [{ id: 'qNoLabel', type: 'text' }] };
      const { label: _label, ...unlabelled } = first;
      return { ...layer, custom: [unlabelled, ...rest] };
    }
    return { ...layer, [where]: { ...layer[where], [key]: value } };
  });

/** A role's listFields: catalogue ids (top-level and inside groups), custom ids, prototype names, unknown names. */
export function listFieldsOf(customIds: readonly string[]): fc.Arbitrary<ListField[]> {
  const id = fc.oneof(
    fc.constantFrom(...TOP_LEVEL_IDS),
    // The questions wrongShapeAnswers aims at.
    fc.constantFrom('universities', 'email', 'mobile', 'postCode'),
    fc.constantFrom(...ITEM_FIELD_IDS),
    ...(customIds.length > 0 ? [fc.constantFrom(...customIds)] : []),
    fc.constantFrom(...PROTOTYPE_NAMES),
    fc.constantFrom('favouriteColour', 'universities.degreeClass', '', 'a/b', '__proto__'),
  );
  return fc.array(fc.record({ id, candidateResponse: fc.boolean() }, PLAIN), { maxLength: 8 });
}

const blank = fc.constantFrom('', ' ', '   ', '\t\n');
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(
      '',
      '   ',
      'toString',
      [null],
      [1],
      'x',
      [{ degreeSubject: 5 }],
      { toString: 'x' },
      { constructor: 'x', valueOf: 1, hasOwnProperty: [] },
      { name: {} },
      { id: 1, name: null },
      [[]],
      1e308,
    ),
  },
);
/** Parsed from JSON, `__proto__` is an own key of the answers, as it is in a request body. */
const SMUGGLED: Answers = JSON.parse('{"__proto__": {"firstName": 7, "universities": [1]}}');

/**
 * Answers of the wrong shape for questions `ids`: any JSON value, universities that are not lists of objects,
 * objects whose keys are prototype names, blank email, mobile and postcode.
 */
export function wrongShapeAnswers(ids: readonly string[]): fc.Arbitrary<Answers> {
  const keyed = fc.dictionary(fc.constantFrom(...ids, ...PROTOTYPE_NAMES), wrongValue, { maxKeys: 10, ...PLAIN });
  const aimed = fc.record(
    {
      universities: fc.constantFrom<unknown>(
        [null],
        [1],
        'x',
        [{ degreeSubject: 5 }],
        [{ toString: 'x', constructor: [] }],
        [{ degreeClass: 'constructor', valueOf: 'x' }],
        [{}],
        {},
        { 0: { degreeSubject: 'Maths' } },
      ),
      email: blank,
      mobile: blank,
      postCode: blank,
    },
    { requiredKeys: [], ...PLAIN },
  );
  return fc
    .tuple(keyed, aimed, fc.boolean())
    .map(([some, more, smuggle]): Answers => ({ ...some, ...more, ...(smuggle ? SMUGGLED : {}) }));
}
