import { useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import productDefault from '#configs/default-configuration.json';
import {
  mergeConfigurations,
  mergeLayers,
  flagUntranslated,
  compile,
  compileProfile,
  type CompiledForm,
  DEFAULT_LANGUAGE,
  regionLayer,
} from '#engine';
import { withoutSchemaKey, type Configuration } from '#schemas/configuration';
import { debugModeAtom, languageLayerAtom } from '../state/language';
import { useOrganization } from '../state/site';

const productConfiguration = withoutSchemaKey(productDefault);
const PRODUCT_DEFAULT = productConfiguration as Configuration;

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * The organisation's configuration merged in the browser as the server merges it: product default
 * ▸ region (its countryBase, decision 0034) ▸ organisation default ▸ organisation form ▸ role ▸
 * language (the organisation's translation, then the role's own layer for this language). In debug
 * mode, texts the language layers lack are flagged ⟦like this⟧.
 */
export function useMergedConfiguration(role?: Configuration, roleLanguage?: Configuration): Configuration {
  const organization = useOrganization();
  const languageLayer = useAtomValue(languageLayerAtom);
  const debug = useAtomValue(debugModeAtom);
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? DEFAULT_LANGUAGE;
  return useMemo(() => {
    const base = mergeLayers({
      product: PRODUCT_DEFAULT,
      region: regionLayer(organization.countryBase),
      organizationDefault: organization.defaultConfiguration,
      organizationForm: organization.formConfiguration,
      role,
    });
    const layers = mergeConfigurations(languageLayer, roleLanguage);
    const languageLayerShown = debug && language !== DEFAULT_LANGUAGE ? flagUntranslated(base, layers) : layers;
    return mergeConfigurations(base, languageLayerShown);
  }, [organization, role, roleLanguage, languageLayer, debug, language]);
}

/** The merged configuration (useMergedConfiguration) compiled by `compileWith`: the application form, or the profile.
 * */
function useCompiledForm(
  compileWith: typeof compile,
  role?: Configuration,
  roleLanguage?: Configuration,
): CompiledForm {
  const organization = useOrganization();
  const configuration = useMergedConfiguration(role, roleLanguage);
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? DEFAULT_LANGUAGE;
  return useMemo(
    () =>
      compileWith(configuration, {
        language,
        edition: organization.edition,
        userType: 'CANDIDATE',
        today: today(),
      }),
    [compileWith, configuration, organization.edition, language],
  );
}

/** The organisation's application form (with a role's layers), compiled by the same engine the server validates with.
 * */
export function useApplicationForm(role?: Configuration, roleLanguage?: Configuration): CompiledForm {
  return useCompiledForm(compile, role, roleLanguage);
}

/** The candidate profile of the organisation (views.profile): one step per section. */
export function useProfileForm(): CompiledForm {
  return useCompiledForm(compileProfile);
}
