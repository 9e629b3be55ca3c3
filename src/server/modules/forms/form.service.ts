import productDefault from '#configs/default-configuration.json' with { type: 'json' };
import {
  mergeConfigurations,
  mergeLayers,
  type Answers,
  compile,
  compileProfile,
  type CompileContext,
  type CompiledForm,
  validateApplication,
  validateStep,
  DEFAULT_LANGUAGE,
  offeredLanguage,
  sealConfiguration,
  regionLayer,
  compiledChecks,
} from '#engine';
import { withoutSchemaKey, type Configuration } from '#schemas/configuration';
import { message } from '#schemas/messages';
import type { UserType } from '#schemas/organization';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/http-error';
import type { OrganizationRecord } from '../../db/types';
import { languageLayer } from '../translations/product-translations';
import { findTranslations } from '../translations/translation.repository';

const productConfiguration = withoutSchemaKey(productDefault);
const PRODUCT_DEFAULT = productConfiguration as Configuration;

/**
 * The product default with these layers merged over it, in order: what a layer sits on, for validateConfiguration's
 * `beneath` (a region's layer sits on the product default alone; an organisation's default layer on that and its
 * region's, decision 0034; a role's on those and the organisation's default and form layers), so a layer is checked
 * as it is used.
 */
export function overProductDefault(...layers: ReadonlyArray<Configuration | undefined>): Configuration {
  return mergeConfigurations(PRODUCT_DEFAULT, ...layers);
}

export interface FormRequest {
  language?: string;
  /** A role's own formConfiguration (and its jsonConfigurations[language], when given). */
  role?: { formConfiguration?: Configuration; languageConfiguration?: Configuration };
  userType?: UserType;
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Merged configurations by the content of the layers read from the database (the product's own
 * layers never change while the server runs). A save finds the one merged for the previous save,
 * and the engine's compile cache then knows it by identity: no merging of the ~880 texts of a
 * product translation, and no hashing of them, on every save (docs/performance.md).
 */
const merged = new Map<string, Configuration>();
const MERGED_LIMIT = 64;

/**
 * The configuration of an organisation (and role) merged in this order: product default ▸ region
 * (its countryBase) ▸ organisation default ▸ organisation form ▸ role ▸ language (the product's translation, the
 * organisation's, then the role's own language layer), with the compile context of the request.
 */
async function mergedConfiguration(
  db: Db,
  organization: OrganizationRecord,
  request: FormRequest,
): Promise<{ configuration: Configuration; context: CompileContext }> {
  const language = offeredLanguage(request.language, organization.additional_language_support) ?? DEFAULT_LANGUAGE;
  const [translation] = language === DEFAULT_LANGUAGE ? [] : await findTranslations(db, organization.id, language);
  const layers = [
    organization.country_base,
    organization.default_configuration,
    organization.form_configuration,
    request.role?.formConfiguration,
    translation?.configuration,
    request.role?.languageConfiguration,
  ];
  const key = `${language}|${JSON.stringify(layers)}`;
  let configuration = merged.get(key);
  if (!configuration) {
    configuration = mergeLayers({
      product: PRODUCT_DEFAULT,
      region: regionLayer(organization.country_base),
      organizationDefault: organization.default_configuration,
      organizationForm: organization.form_configuration,
      role: request.role?.formConfiguration,
      language: mergeConfigurations(
        languageLayer(language, translation?.configuration, organization.country_base),
        request.role?.languageConfiguration,
      ),
    });
    // Sealed (a frozen copy): compile's cache knows it by identity, and nobody can change it under the cache.
    configuration = sealConfiguration(configuration);
    if (merged.size >= MERGED_LIMIT) merged.delete(merged.keys().next().value!);
    merged.set(key, configuration);
  }
  return {
    configuration,
    context: { language, edition: organization.edition, userType: request.userType ?? 'CANDIDATE', today: today() },
  };
}

/** The application form of an organisation (and role), compiled by the same engine the client uses. */
export async function applicationForm(
  db: Db,
  organization: OrganizationRecord,
  request: FormRequest = {},
): Promise<CompiledForm> {
  const { configuration, context } = await mergedConfiguration(db, organization, request);
  return compile(configuration, context);
}

/** The candidate profile of an organisation (views.profile): one step per section. */
export async function profileForm(
  db: Db,
  organization: OrganizationRecord,
  request: FormRequest = {},
): Promise<CompiledForm> {
  const { configuration, context } = await mergedConfiguration(db, organization, request);
  return compileProfile(configuration, context);
}

/**
 * The answers that may be kept (hidden fields dropped), or a 400 naming every field at fault:
 * callers save nothing unless this returns.
 */
export function acceptedAnswers(form: CompiledForm, answers: Answers, stepId?: string): Answers {
  const result = stepId
    ? validateStep(form, stepId, answers, compiledChecks)
    : validateApplication(form, answers, compiledChecks);
  if (!result.valid) throw badRequest(message('invalidAnswers'), result.errors);
  return result.answers;
}
