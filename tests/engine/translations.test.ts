import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_TEMPLATES,
  compile,
  describeError,
  ERROR_TEMPLATES,
  FORMAT_TEMPLATES,
  KIND_MESSAGES,
  mergeConfigurations,
  mergeLayers,
  regionLayer,
  validateConfiguration,
  type CompiledField,
  type CompiledForm,
  type ErrorTemplate,
  type FieldKind,
} from '#engine';
import { KIND_SCHEMAS, type AnswerFormat } from '#engine/forms/kinds';
import { compileProfile } from '#engine/forms/profile';
import type { Configuration } from '#schemas/configuration';
import { MESSAGES } from '#schemas/messages';
import type { OrganizationFile } from '#schemas/organization';
import { PRODUCT } from './support/arbitraries';
import { CONFIGS, DEMO_LANGUAGES, demoLanguageLayer, productLayer, readJson } from './support/demo-languages';

/*
 * Issue 5, "everything in the organisation's languages": every text a candidate reads on the
 * application and profile forms of each demo organisation (every role's form included) — step
 * and section titles, labels, hints, options, error messages, the terms — and every message the
 * API sends candidates, in each demo language. Compared with the English form: a text still equal
 * to its English is a miss unless it is an acronym or a word the language spells the same.
 */

interface RoleFile {
  name: string;
  formConfiguration?: Configuration;
  jsonConfigurations?: Record<string, Configuration>;
}

/** Acronyms and degree names (BSc, MEng, PhD, GCSE, CV…) read the same in every language. */
const ACRONYM = /^[A-Z][A-Za-z]{0,3}$/;
/** Words a language spells as English does. */
const SAME_AS_ENGLISH: Record<string, readonly string[]> = {
  cy: ['Hybrid', 'Sikh', 'Roma', 'Drama', 'Python', 'C#'],
  fr: [
    'Organisation',
    'Photo',
    'Documents',
    'Queer',
    'Distinction',
    'Architecture',
    'Design',
    'Finance',
    'Marketing',
    'A level',
    'AS level',
    'T level',
    'Graduate Diploma in Law',
  ],
};

function forms(sub: string, language: string): Array<{ name: string; form: CompiledForm }> {
  const org = readJson<OrganizationFile>(join(CONFIGS, 'organizations', sub, 'organization.json'));
  const rolesFile = join(CONFIGS, 'organizations', sub, 'roles.json');
  const roles = existsSync(rolesFile) ? readJson<{ roles: RoleFile[] }>(rolesFile).roles : [];
  const context = { language, edition: org.edition, userType: 'CANDIDATE' as const, today: '2026-11-21' };
  const configuration = (role?: RoleFile) =>
    mergeLayers({
      product: PRODUCT,
      region: regionLayer(org.countryBase),
      organizationDefault: org.defaultConfiguration as Configuration,
      organizationForm: org.formConfiguration as Configuration,
      role: role?.formConfiguration,
      language:
        language === 'en'
          ? undefined
          : mergeConfigurations(demoLanguageLayer(sub, language), role?.jsonConfigurations?.[language]),
    });
  return [
    { name: 'application', form: compile(configuration(), context) },
    { name: 'profile', form: compileProfile(configuration(), context) },
    ...roles
      .filter((role) => role.formConfiguration)
      .map((role) => ({ name: role.name, form: compile(configuration(role), context) })),
  ];
}

const allFields = (fields: readonly CompiledField[]): CompiledField[] =>
  fields.flatMap((f) => [f, ...allFields(f.items ?? [])]);

/** Every text of a form a candidate reads, by where it is, with the messages of a missing and a wrong answer. */
function textsOf(form: CompiledForm): Map<string, string> {
  const texts = new Map<string, string>();
  for (const step of form.steps) {
    texts.set(`step ${step.id}`, step.title);
    for (const section of step.sections) {
      texts.set(`section ${section.id}`, section.title);
      if (section.description) texts.set(`section ${section.id} description`, section.description);
      const fields = allFields(section.fields);
      for (const field of fields) {
        const at = `field ${field.id}`;
        texts.set(`${at} label`, field.label);
        if (field.hint) texts.set(`${at} hint`, field.hint);
        if (field.itemLabel) texts.set(`${at} item`, field.itemLabel);
        // Countries are named by Intl (tested below); many read the same in every language.
        for (const option of field.kind === 'year' || field.list === 'COUNTRY' ? [] : (field.options ?? []))
          texts.set(`${at} option ${option}`, field.optionLabels?.[String(option)] ?? String(option));
        texts.set(`${at} missing`, describeError({ keyword: 'required', params: {} }, fields, field.id, form.texts));
        if (field.maxLength)
          texts.set(
            `${at} too long`,
            describeError({ keyword: 'maxLength', params: { limit: field.maxLength } }, fields, field.id, form.texts),
          );
        if (field.options)
          texts.set(`${at} not listed`, describeError({ keyword: 'enum', params: {} }, fields, field.id, form.texts));
      }
    }
  }
  for (const [key, paragraphs] of Object.entries(form.textArrays))
    paragraphs.forEach((text, i) => texts.set(`${key} ${i}`, text));
  return texts;
}

const isSameWord = (language: string, text: string) =>
  ACRONYM.test(text) || (SAME_AS_ENGLISH[language] ?? []).includes(text);
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('the product translations (configs/translations)', () => {
  const files = readdirSync(join(CONFIGS, 'translations')).map((name) => name.replace(/\.json$/, ''));

  it('ship each demo language, as valid configuration layers', () => {
    expect(files.sort()).toEqual(DEMO_LANGUAGES.map(([, language]) => language).sort());
    for (const language of files) {
      const check = validateConfiguration(productLayer(language));
      expect(check.valid ? [] : check.problems).toEqual([]);
    }
  });

  it.each(files)(
    '%s: every server message to candidates, every error template and every field kind’s messages, with the same placeholders',
    (language) => {
      const text = productLayer(language).text ?? {};
      const problems: string[] = [];
      const check = (key: string, english: string, kind?: FieldKind) => {
        const translated = text[key];
        const at = kind ? `${kind}: ${key}` : key;
        if (!translated?.trim()) problems.push(`${at}: missing`);
        else if (JSON.stringify(placeholders(translated)) !== JSON.stringify(placeholders(english)))
          problems.push(`${at}: placeholders ${placeholders(translated).join(',')}`);
      };
      // Templates that are catalogue messages are translated once, as the message.
      const checkTemplate = (name: ErrorTemplate, kind?: FieldKind) => {
        const code = CATALOGUE_TEMPLATES[name];
        if (code) check(`ui.messages.${code}`, MESSAGES[code], kind);
        else check(`error.${name}`, ERROR_TEMPLATES[name], kind);
      };
      for (const [code, english] of Object.entries(MESSAGES)) check(`ui.messages.${code}`, english);
      for (const name of Object.keys(ERROR_TEMPLATES) as ErrorTemplate[])
        if (!(name in CATALOGUE_TEMPLATES)) checkTemplate(name);
      // What each field kind says (engine KIND_MESSAGES, and the format its schema asks for): a new kind's messages
      // fail here until every language has them.
      for (const kind of Object.keys(KIND_MESSAGES) as FieldKind[])
        for (const name of kindTemplates(kind)) checkTemplate(name, kind);
      expect(problems).toEqual([]);
    },
  );
});

/** The error templates a kind's answers can be told: missing, too few, out of range, not in its format. */
function kindTemplates(kind: FieldKind): ErrorTemplate[] {
  const { missing, tooFew, range } = KIND_MESSAGES[kind];
  const sample: CompiledField = { id: 'sample', kind, label: 'Sample', required: true, options: ['a'] };
  const format = KIND_SCHEMAS[kind](sample).format as AnswerFormat | undefined;
  return [missing, tooFew, range, format && FORMAT_TEMPLATES[format]].filter((name) => name !== undefined);
}

describe.each(DEMO_LANGUAGES)('%s in %s', (sub, language) => {
  const english = forms(sub, 'en');
  const translated = forms(sub, language);

  it('shows every form text in the language: titles, labels, hints, options, error messages and terms', () => {
    const untranslated: string[] = [];
    english.forEach(({ name, form }, i) => {
      const theirs = textsOf(translated[i]!.form);
      for (const [where, text] of textsOf(form)) {
        const shown = theirs.get(where);
        if (shown === undefined) untranslated.push(`${name}: ${where} is not shown`);
        else if (shown === text && !isSameWord(language, text)) untranslated.push(`${name}: ${where}: "${text}"`);
      }
    });
    expect(untranslated).toEqual([]);
  });

  it('names countries in the language while the answer stays the English name', () => {
    const nationality = translated
      .flatMap(({ form }) => form.steps.flatMap((s) => s.sections.flatMap((x) => x.fields)))
      .find((f) => f.id === 'nationality');
    if (!nationality) return;
    expect(nationality.options).toContain('France');
    expect(nationality.optionLabels?.Germany).toBe(new Intl.DisplayNames([language], { type: 'region' }).of('DE'));
    expect(nationality.optionLabels?.France ?? 'France').toBe(
      new Intl.DisplayNames([language], { type: 'region' }).of('FR'),
    );
  });
});
