import type { OutgoingEmail } from './mail-transport';

/*
 * The messages the product sends about accounts and sign-in. Plain words, one action each,
 * the link on its own line (GOV.UK Notify style). Rendered when queued; the job keeps the
 * result until it is sent, then drops it.
 */

export type EmailTemplate =
  | { kind: 'verify_account'; organizationName: string; firstName: string | null; link: string }
  | { kind: 'verify_email'; organizationName: string; link: string }
  | { kind: 'reset_password'; organizationName: string; link: string }
  | { kind: 'magic_link'; organizationName: string; link: string }
  | { kind: 'onboarding'; organizationName: string; firstName: string | null; link: string }
  | { kind: 'otp_code'; organizationName: string; code: string; minutes: number }
  | { kind: 'account_exists'; organizationName: string; signInLink: string; resetLink: string }
  | { kind: 'logout_notification'; userEmail: string; clientName: string; currentPath: string; at: string }
  | { kind: 'application_submitted'; organizationName: string; firstName: string | null; roleName: string; link: string };

interface Body {
  subject: string;
  paragraphs: string[];
  link?: string;
}

function body(template: EmailTemplate): Body {
  const hello = (name: string | null) => (name ? `Hello ${name},` : 'Hello,');
  switch (template.kind) {
    case 'verify_account':
      return {
        subject: `Verify your ${template.organizationName} account`,
        paragraphs: [hello(template.firstName), `Open this link to verify your email address and finish creating your ${template.organizationName} account. The link works once and expires in 48 hours.`],
        link: template.link,
      };
    case 'verify_email':
      return {
        subject: 'Confirm your new email address',
        paragraphs: ['Hello,', `Open this link to use this email address for your ${template.organizationName} account. The link works once and expires in 24 hours.`],
        link: template.link,
      };
    case 'reset_password':
      return {
        subject: 'Reset your password',
        paragraphs: ['Hello,', `Open this link to choose a new password for your ${template.organizationName} account. The link works once and expires in 1 hour.`, 'If you did not ask to reset your password, you can ignore this email.'],
        link: template.link,
      };
    case 'magic_link':
      return {
        subject: `Sign in to ${template.organizationName}`,
        paragraphs: ['Hello,', 'Open this link to sign in. The link works once and expires in 15 minutes.', 'If you did not ask for it, you can ignore this email.'],
        link: template.link,
      };
    case 'onboarding':
      return {
        subject: `Set up your ${template.organizationName} account`,
        paragraphs: [hello(template.firstName), `You have been invited to ${template.organizationName}. Open this link to choose your password. The link works once and expires in 7 days.`],
        link: template.link,
      };
    case 'otp_code':
      return {
        subject: `Your ${template.organizationName} sign-in code: ${template.code}`,
        paragraphs: ['Hello,', `Your sign-in code is ${template.code}`, `It works once and expires in ${template.minutes} minutes. Do not share it with anyone.`],
      };
    case 'account_exists':
      return {
        subject: `You already have a ${template.organizationName} account`,
        paragraphs: ['Hello,', 'Someone tried to create an account with this email address, but you already have one.', `Sign in: ${template.signInLink}`, `Forgotten your password? Reset it: ${template.resetLink}`, 'If this was not you, you can ignore this email.'],
      };
    case 'application_submitted':
      return {
        subject: `Application received: ${template.roleName}`,
        paragraphs: [
          hello(template.firstName),
          `Thank you for applying for ${template.roleName} at ${template.organizationName}. We have received your application.`,
          'We will email you when there is news. You can see your applications and their progress at any time:',
        ],
        link: template.link,
      };
    case 'logout_notification':
      return {
        subject: `Sign-out: ${template.userEmail} (${template.clientName})`,
        paragraphs: [`${template.userEmail} signed out of ${template.clientName} at ${template.at}.`, `Page: ${template.currentPath || '/'}`],
      };
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function renderEmail(to: string, template: EmailTemplate): OutgoingEmail {
  const { subject, paragraphs, link } = body(template);
  const text = [...paragraphs, ...(link ? [link] : [])].join('\n\n') + '\n';
  const html = [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;font-size:19px;line-height:1.4">',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`] : []),
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html, ...(link && { link }) };
}
