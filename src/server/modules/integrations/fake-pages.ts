/*
 * The local fake providers' hosted pages (decision 0080): tiny server-rendered HTML, no scripts, one form that posts
 * to its own address. They stand in for the signing service's and the HR system's own pages in the demo and tests.
 */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const STYLE =
  'body{font-family:Arial,sans-serif;font-size:19px;line-height:1.4;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#0b0c0c}' +
  'button{font-size:19px;padding:.5rem 1rem;margin-right:1rem;border:0;box-shadow:0 2px 0 #002d18;cursor:pointer}' +
  '.sign{background:#00703c;color:#fff}.decline{background:#f3f2f1;color:#0b0c0c;box-shadow:0 2px 0 #929191}' +
  'header{border-bottom:4px solid #1d70b8;margin-bottom:1.5rem;font-weight:bold}';

function page(title: string, body: string, service = 'Fake signing service'): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)} – ${service}</title><style>${STYLE}</style></head>`,
    `<body><header>${service}</header><main>`,
    body,
    '</main></body></html>',
  ].join('');
}

/** The signing page: the document's name and Sign / Decline, posting the ticket back to the same address. */
export function signingPageHtml(documentName: string, ticket: string): string {
  return page(
    'Sign a document',
    `<h1>Sign ${escapeHtml(documentName)}</h1>` +
      '<p>Read the document, then sign it or decline to sign it.</p>' +
      '<form method="post">' +
      `<input type="hidden" name="ticket" value="${escapeHtml(ticket)}">` +
      '<button class="sign" type="submit" name="action" value="sign">Sign</button>' +
      '<button class="decline" type="submit" name="action" value="decline">Decline</button>' +
      '</form>',
  );
}

/** An unknown, used or expired signing view. */
export function expiredPageHtml(): string {
  return page(
    'This signing session has ended',
    '<h1>This signing session has ended</h1>' +
      '<p>It was used already or it has expired. Open the link in your email again to sign.</p>',
  );
}

const HR_SERVICE = 'Fake HR system';

/** The HR system's authorise page: Allow or Deny the connection of the tenant. */
export function authorizePageHtml(fields: { tenant: string; state: string; redirectUri: string }): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  return page(
    'Allow the connection',
    `<h1>Connect Candid to ${escapeHtml(fields.tenant)}?</h1>` +
      '<p>Candid will send the candidates you hire to this HR system.</p>' +
      '<form method="post">' +
      hidden('tenant', fields.tenant) +
      hidden('state', fields.state) +
      hidden('redirect_uri', fields.redirectUri) +
      '<button class="sign" type="submit" name="action" value="allow">Allow</button>' +
      '<button class="decline" type="submit" name="action" value="deny">Deny</button>' +
      '</form>',
    HR_SERVICE,
  );
}

/** A request the HR system cannot answer (no tenant, or a return address that is not this site's). */
export function badAuthorizeHtml(): string {
  return page('This request is not valid', '<h1>This request is not valid</h1>', HR_SERVICE);
}
