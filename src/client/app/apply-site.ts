import type { i18n } from 'i18next';
import type { PublicOrganization } from '#schemas/organization';
import type { HostSide } from '#schemas/product';
import { pageTitle } from '#engine';
import { http } from '../api/http';
import { product } from '../state/site';
import { applyBrandTheme } from '../ui/apply-theme';
import { shownLanguage } from '../i18n';

/**
 * Brands the document for the loaded organisation: title (spec §1), language and theme. Every API
 * call then says the page's language, so the emails it causes are written in it (decision 0019).
 */
export function applySite(
  organization: PublicOrganization,
  side: HostSide,
  i18nInstance: i18n,
  doc: Document = document,
) {
  doc.title = pageTitle(organization, side, product);
  const language = shownLanguage(i18nInstance);
  doc.documentElement.lang = language;
  doc.documentElement.dir = i18nInstance.dir(language);
  http.defaults.headers.common['Accept-Language'] = language;
  applyBrandTheme(doc.documentElement, organization.themeConfiguration);
}
