import { mergeConfigurations, regionLayer } from '#engine';
import productDefault from '#configs/default-configuration.json' with { type: 'json' };
import type { Configuration } from '#schemas/configuration';
import type { TranslationFile, TranslationUpload } from '#schemas/studio';
import type { Db } from '../../db/client';
import type { OrganizationRecord } from '../../db/types';
import { badRequest, notFound } from '../../lib/http-error';
import { languageLayer, productTranslation } from './product-translations';
import { findTranslations, saveTranslation } from './translation.repository';

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;
const placeholders = (text: string) => [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);

/**
 * The organisation's texts in English: the product default ▸ its region ▸ its default and form layers, with each custom
 * question's label and hint under the keys that translate them (`field.<id>.label`, as the form compiler reads them).
 */
function englishConfiguration(organization: OrganizationRecord): Configuration {
  const { $schema: _schema, ...product } = productDefault as Configuration & { $schema?: string };
  return mergeConfigurations(
    product,
    regionLayer(organization.country_base),
    organization.default_configuration,
    organization.form_configuration,
  );
}

function englishTexts(organization: OrganizationRecord): Record<string, string> {
  const merged = englishConfiguration(organization);
  const texts = { ...merged.text };
  for (const question of merged.custom ?? []) {
    texts[`field.${question.id}.label`] ??= question.label;
    if (question.hint) texts[`field.${question.id}.hint`] ??= question.hint;
  }
  return texts;
}

function offered(organization: OrganizationRecord, language: string): void {
  if (!organization.additional_language_support.some((l) => l.code === language))
    throw notFound(`The organisation does not offer the language '${language}'.`);
}

async function ownLayer(db: Db, organization: OrganizationRecord, language: string): Promise<Configuration> {
  const [row] = await findTranslations(db, organization.id, language);
  return row?.configuration ?? {};
}

function translationFile(organization: OrganizationRecord, language: string, own: Configuration): TranslationFile {
  const layer = languageLayer(language, own, organization.country_base);
  const shown = layer?.text ?? {};
  const text = Object.fromEntries(Object.keys(englishTexts(organization)).map((key) => [key, shown[key] ?? '']));
  const lists = Object.keys(englishConfiguration(organization).textArrays ?? {});
  const textArrays = Object.fromEntries(lists.map((key) => [key, [...(layer?.textArrays?.[key] ?? [])]]));
  return { language, text, untranslated: Object.keys(text).filter((key) => !text[key]), textArrays };
}

/** GET /v1/organization/:orgId/translations/:language (decision 0052). */
export async function organizationTranslation(
  db: Db,
  organization: OrganizationRecord,
  language: string,
): Promise<TranslationFile> {
  offered(organization, language);
  return translationFile(organization, language, await ownLayer(db, organization, language));
}

/**
 * PUT /v1/organization/:orgId/translations/:language: the uploaded texts become the organisation's own layer for the
 * language (those that differ from the product's translation; empty ones stay untranslated). A key the English texts
 * do not have, or a text that drops a {{placeholder}} of its English one, is refused naming the key (400).
 */
export async function uploadTranslation(
  db: Db,
  organization: OrganizationRecord,
  language: string,
  { text: uploaded, textArrays: uploadedLists }: TranslationUpload,
): Promise<TranslationFile> {
  offered(organization, language);
  const english = englishTexts(organization);
  const englishLists = englishConfiguration(organization).textArrays ?? {};
  const problems = [
    ...Object.entries(uploaded).flatMap(([key, text]) => {
      if (!(key in english)) return [{ field: `text.${key}`, message: `'${key}' is not a text of the organisation` }];
      const lost = text ? placeholders(english[key]!).filter((name) => !placeholders(text).includes(name)) : [];
      return lost.map((name) => ({ field: `text.${key}`, message: `'${key}' must keep the placeholder {{${name}}}` }));
    }),
    ...Object.keys(uploadedLists ?? {})
      .filter((key) => !(key in englishLists))
      .map((key) => ({ field: `textArrays.${key}`, message: `'${key}' is not a list of texts of the organisation` })),
  ];
  if (problems.length > 0) throw badRequest('The translation file was not loaded: correct the keys listed', problems);
  const productLayer = productTranslation(language);
  const product = productLayer?.text ?? {};
  const own = await ownLayer(db, organization, language);
  const text = Object.fromEntries(Object.entries(uploaded).filter(([key, value]) => value && value !== product[key]));
  // A list with no text is untranslated; one the product's translation already has is not kept twice (decision 0078).
  const sameList = (key: string, items: readonly string[]) =>
    JSON.stringify(productLayer?.textArrays?.[key] ?? null) === JSON.stringify(items);
  const textArrays = uploadedLists
    ? Object.fromEntries(
        Object.entries(uploadedLists).filter(([key, items]) => items.some(Boolean) && !sameList(key, items)),
      )
    : own.textArrays;
  const layer = { ...own, text, ...(textArrays && { textArrays }) };
  await saveTranslation(db, organization.id, language, layer);
  return translationFile(organization, language, layer);
}
