import { urlFor } from './browser';

/** A hiring user's API token, from the password grant the web client uses, for set-up and checks through the API. */
export async function hiringToken(subdomain: string, email: string, password: string): Promise<string> {
  const response = await fetch(urlFor('127.0.0.1', `/api/oauth/token?subdomain=${subdomain}`), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: email,
      password,
      client_id: 'web',
      scope: 'write',
    }).toString(),
  });
  if (response.status !== 200) throw new Error(`Sign-in of ${email} on ${subdomain}: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}
