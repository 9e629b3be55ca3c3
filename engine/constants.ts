/** Business constants of spec §9, each named once. */
export const TOAST_TIMEOUT_MS = 5000;
export const SPINNER_DELAY_MS = 300;
export const BUTTON_CLICK_LOCK_MS = 1000;
export const LOGOUT_REDIRECT_DELAY_MS = 500;
export const FORCED_LOGOUT_DELAY_MS = 100;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const OTP_COOKIE_LIFETIME_DAYS = 30;

// Page sizes and the default sort are declared with the search call's schema, which defaults to them.
export { DEFAULT_PAGE_SIZE, PAGE_SIZES, DEFAULT_SORT_FIELD, DEFAULT_SORT_ORDER } from '#schemas/search';

export const TEXT_LIMIT_SHORT = 255;
export const TEXT_LIMIT_LONG = 4096;

export const BREAKPOINTS = { xs: 320, sm: 600, md: 1000, lg: 1200, xl: 1500 } as const;

export const COOKIE_CONSENT_KEY = 'acceptCookies';
export const AUTH_STORAGE_KEY = 'auth';
/** The language last chosen on the site (localStorage of its host): kept across page loads. */
export const LANGUAGE_STORAGE_KEY = 'language';
export const REDIRECT_PARAM = 'redirect';

export const GENERIC_ERROR_MESSAGE = 'Some error happened. Please try again later.';
export const FATAL_ERROR_TITLE = "Sorry. There's been a problem.";
