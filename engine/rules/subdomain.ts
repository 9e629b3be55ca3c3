/**
 * Spec §1: an organisation is identified by its subdomain, the first label of its hosts
 * (`<sub>.<domain>` apply side, `<sub>.hr.<domain>` HR side). What a new one may be called (decision 0040):
 * 2 to 41 lower-case letters, digits and single hyphens, starting with a letter and not ending with a
 * hyphen, and none of the labels the product's hosts use themselves.
 */
const RESERVED_SUBDOMAINS: readonly string[] = [
  'hr',
  'www',
  'api',
  'apiapp',
  'app',
  'admin',
  'mail',
  'static',
  'assets',
  'cdn',
  'docs',
  'status',
  'localhost',
];

/** Why a subdomain cannot name a new organisation (uniqueness is the server's to check), or null. */
export function subdomainProblem(subdomain: string): string | null {
  if (subdomain.length < 2 || subdomain.length > 41) return 'Enter a subdomain of 2 to 41 characters';
  if (!/^[a-z][a-z0-9-]*$/.test(subdomain))
    return 'Use only lower-case letters, digits and hyphens, starting with a letter';
  if (subdomain.endsWith('-') || subdomain.includes('--')) return 'Do not end with a hyphen or use two in a row';
  if (RESERVED_SUBDOMAINS.includes(subdomain)) return `'${subdomain}' is kept for the product's own hosts`;
  return null;
}
