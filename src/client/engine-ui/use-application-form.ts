import { useEffect, useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import productDefault from '#configs/default-configuration.json';
import {
  mergeConfigurations,
  mergeLayers,
  flagUntranslated,
  type CompiledForm,
  type CompileContext,
  DEFAULT_LANGUAGE,
  regionLayer,
} from '#engine';
import { withoutSchemaKey, type Configuration } from '#schemas/configuration';
import type { PublicOrganization } from '#schemas/organization';
import { debugModeAtom, languageLayerAtom } from '../state/language';
import { compileForm, preloadValidators, type FormSource } from './compiled-validators';
import { useOrganization } from '../state/site';

const productConfiguration = withoutSchemaKey(productDefault);
const PRODUCT_DEFAULT = productConfiguration as Configuration;

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * The organisation's layers of the configuration version an application started on, when a later one has been
 * published since (the application record's organizationConfiguration, decision 0042): its form is compiled from them.
 */
type OrganizationLayers = Pick<PublicOrganization, 'defaultConfiguration' | 'formConfiguration'>;

/**
 * The organisation's configuration merged in the browser as the server merges it: product default
 * ▸ region (its countryBase, decision 0034) ▸ organisation default ▸ organisation form ▸ role ▸
 * language (the organisation's translation, then the role's own layer for this language). In debug
 * mode, texts the language layers lack are flagged ⟦like this⟧.
 */
export function useMergedConfiguration(
  role?: Configuration,
  roleLanguage?: Configuration,
  started?: OrganizationLayers,
): Configuration {
  const current = useOrganization();
  const organization = useMemo(() => (started ? { ...current, ...started } : current), [current, started]);
  const languageLayer = useAtomValue(languageLayerAtom);
  const debug = useAtomValue(debugModeAtom);
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? DEFAULT_LANGUAGE;
  return useMemo(
    () =>
      candidateConfiguration(organization, {
        role,
        roleLanguage,
        languageLayer,
        flagUntranslated: debug && language !== DEFAULT_LANGUAGE,
      }),
    [organization, role, roleLanguage, languageLayer, debug, language],
  );
}

/**
 * The configuration a candidate's form is compiled from, merged as the server merges it (useMergedConfiguration); also
 * the configuration studio's preview of an unpublished configuration, so the preview is the candidate's form.
 */
export function candidateConfiguration(
  organization: Pick<PublicOrganization, 'countryBase' | 'defaultConfiguration' | 'formConfiguration'>,
  options: {
    role?: Configuration;
    roleLanguage?: Configuration;
    languageLayer?: Configuration;
    /** Debug mode: texts the language layers lack flagged ⟦like this⟧. */
    flagUntranslated?: boolean;
  } = {},
): Configuration {
  const base = mergeLayers({
    product: PRODUCT_DEFAULT,
    region: regionLayer(organization.countryBase),
    organizationDefault: organization.defaultConfiguration,
    organizationForm: organization.formConfiguration,
    role: options.role,
  });
  const layers = mergeConfigurations(options.languageLayer, options.roleLanguage);
  return mergeConfigurations(base, options.flagUntranslated ? flagUntranslated(base, layers) : layers);
}

/** The compile context of a candidate's form in `language`, today. */
export function candidateContext(language: string, edition: PublicOrganization['edition']): CompileContext {
  return { language, edition, userType: 'CANDIDATE', today: today() };
}

/**
 * The merged configuration (useMergedConfiguration) compiled as `kind`: the application form, or the profile. Its
 * validators start loading at once (decision 0076), beside the form renderer's chunk.
 */
function useCompiledForm(
  kind: FormSource['form'],
  role?: Configuration,
  roleLanguage?: Configuration,
  started?: OrganizationLayers,
): CompiledForm {
  const organization = useOrganization();
  const configuration = useMergedConfiguration(role, roleLanguage, started);
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? DEFAULT_LANGUAGE;
  const form = useMemo(
    () =>
      compileForm({
        subdomain: organization.subdomain,
        form: kind,
        configuration,
        context: candidateContext(language, organization.edition),
      }),
    [kind, configuration, organization.subdomain, organization.edition, language],
  );
  useEffect(() => preloadValidators(form), [form]);
  return form;
}

/** The organisation's application form (with a role's layers), compiled by the same engine the server validates with.
 * */
export function useApplicationForm(
  role?: Configuration,
  roleLanguage?: Configuration,
  started?: OrganizationLayers,
): CompiledForm {
  return useCompiledForm('application', role, roleLanguage, started);
}

/** The candidate profile of the organisation (views.profile): one step per section. */
export function useProfileForm(): CompiledForm {
  return useCompiledForm('profile');
}
