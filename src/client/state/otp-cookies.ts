import { OTP_COOKIE_LIFETIME_DAYS, normaliseEmail, OTP_COOKIES_STORAGE_KEY } from '#engine';

/*
 * Spec §4, §9: the login cookie returned after a sign-in with a one-time password is kept 30 days
 * per email, so this browser skips the code for that address. 'Invalid login cookie.' forgets it.
 */

interface SavedCookie {
  value: string;
  expiresOn: number;
}

type SavedCookies = Record<string, SavedCookie>;

function readAll(): SavedCookies {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(OTP_COOKIES_STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as SavedCookies) : {};
  } catch {
    return {};
  }
}

function writeAll(cookies: SavedCookies): void {
  if (Object.keys(cookies).length === 0) localStorage.removeItem(OTP_COOKIES_STORAGE_KEY);
  else localStorage.setItem(OTP_COOKIES_STORAGE_KEY, JSON.stringify(cookies));
}

/** The saved cookie for this address, unless it is older than 30 days (then it is forgotten). */
export function savedOtpCookie(email: string, now: number = Date.now()): string | undefined {
  const cookies = readAll();
  const key = normaliseEmail(email);
  const saved = cookies[key];
  if (!saved) return undefined;
  if (typeof saved.value !== 'string' || typeof saved.expiresOn !== 'number' || saved.expiresOn <= now) {
    delete cookies[key];
    writeAll(cookies);
    return undefined;
  }
  return saved.value;
}

export function saveOtpCookie(email: string, value: string, now: number = Date.now()): void {
  const cookies = readAll();
  cookies[normaliseEmail(email)] = { value, expiresOn: now + OTP_COOKIE_LIFETIME_DAYS * 24 * 3600_000 };
  writeAll(cookies);
}

export function forgetOtpCookie(email: string): void {
  const cookies = readAll();
  delete cookies[normaliseEmail(email)];
  writeAll(cookies);
}
