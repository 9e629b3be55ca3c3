import { analyticsCookieNames, expiringCookieAssignments, tagManagerUrl } from './consent';

/** Removes analytics cookies left from before a rejection (spec §4: cleared on load). */
export function clearAnalyticsCookies(doc: Document = document, hostname = window.location.hostname): void {
  for (const name of analyticsCookieNames(doc.cookie)) {
    for (const assignment of expiringCookieAssignments(name, hostname)) doc.cookie = assignment;
  }
}

const TAG_MANAGER_SCRIPT_ID = 'google-tag-manager';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * Loads Google Tag Manager after consent. Google's snippet is an inline script, which the strict
 * Content-Security-Policy forbids, so its two effects are done here: start the dataLayer, then
 * add the external script.
 */
export function loadTagManager(gtmId: string, doc: Document = document): void {
  if (doc.getElementById(TAG_MANAGER_SCRIPT_ID)) return;
  const layer = (window.dataLayer ??= []);
  layer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = doc.createElement('script');
  script.id = TAG_MANAGER_SCRIPT_ID;
  script.async = true;
  script.src = tagManagerUrl(gtmId);
  doc.head.appendChild(script);
}
