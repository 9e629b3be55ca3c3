import { useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import productDefault from '../../../configs/default-configuration.json';
import { mergeConfigurations, mergeLayers } from '../../../engine/config/merge';
import { flagUntranslated } from '../../../engine/config/translations';
import { compile } from '../../../engine/forms/compile';
import type { CompiledForm } from '../../../engine/forms/types';
import { DEFAULT_LANGUAGE } from '../../../engine/rules/language';
import type { Configuration } from '../../../schemas/configuration';
import { debugModeAtom, languageLayerAtom } from '../state/language';
import { useOrganization } from '../state/site';

const PRODUCT_DEFAULT = productDefault as Configuration;

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * The organisation's application form, compiled in the browser by the same engine the server
 * validates with: product default ▸ organisation default ▸ organisation form ▸ role ▸ language.
 * In debug mode, texts the language layer lacks are flagged ⟦like this⟧.
 */
export function useApplicationForm(role?: Configuration): CompiledForm {
  const organization = useOrganization();
  const languageLayer = useAtomValue(languageLayerAtom);
  const debug = useAtomValue(debugModeAtom);
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? DEFAULT_LANGUAGE;
  return useMemo(() => {
    const base = mergeLayers({
      product: PRODUCT_DEFAULT,
      organizationDefault: organization.defaultConfiguration,
      organizationForm: organization.formConfiguration,
      role,
    });
    const languageLayerShown = debug && language !== DEFAULT_LANGUAGE ? flagUntranslated(base, languageLayer) : languageLayer;
    return compile(mergeConfigurations(base, languageLayerShown), {
      language,
      edition: organization.edition,
      userType: 'CANDIDATE',
      today: today(),
    });
  }, [organization, role, languageLayer, debug, language]);
}
