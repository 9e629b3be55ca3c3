import i18next from 'i18next';
import { fillTemplate, type MessageParams } from '#schemas/messages';
import { DEFAULT_LANGUAGE, LANGUAGE_PARAM } from '#engine';
import type { OutgoingEmail } from './mail-transport';

/*
 * The messages the product sends about accounts, sign-in and applications. Plain words, one action
 * each, the link on its own line (GOV.UK Notify style). Rendered when queued, in the recipient's
 * language (decision 0019); the job keeps the result until it is sent, then drops it.
 */

export type EmailTemplate =
  | { kind: 'verify_account'; organizationName: string; firstName: string | null; link: string }
  | { kind: 'verify_email'; organizationName: string; link: string }
  | { kind: 'reset_password'; organizationName: string; link: string }
  | { kind: 'magic_link'; organizationName: string; link: string }
  | { kind: 'onboarding'; organizationName: string; firstName: string | null; link: string }
  | { kind: 'otp_code'; organizationName: string; code: string; minutes: number }
  | { kind: 'sign_in_attacked'; organizationName: string; failures: number; link: string }
  | { kind: 'account_exists'; organizationName: string; signInLink: string; resetLink: string }
  | { kind: 'logout_notification'; userEmail: string; clientName: string; currentPath: string; at: string }
  | {
      kind: 'application_submitted';
      organizationName: string;
      firstName: string | null;
      roleName: string;
      link: string;
    }
  | InterviewEmail
  | {
      kind: 'signature_request';
      organizationName: string;
      firstName: string | null;
      roleName: string;
      documentName: string;
      link: string;
    };

/** Interview scheduling (issue 13): the invitation, its reminder, and each change of the booking. */
type InterviewEmail =
  | {
      kind: 'interview_invitation' | 'interview_reminder';
      organizationName: string;
      firstName: string | null;
      roleName: string;
      /** The due date as the candidate reads it. */
      due: string;
      link: string;
    }
  | {
      kind: 'interview_booked' | 'interview_updated' | 'interview_cancelled';
      organizationName: string;
      firstName: string | null;
      roleName: string;
      /** The interview's time as the candidate reads it, with its time zone. */
      when: string;
      location: string;
      link: string;
    };

/**
 * The English texts of the emails to candidates and invited users. A language layer (the product's
 * configs/translations/<language>.json, then the organisation's own) replaces any of them by key.
 * The logout notification goes to the organisation's support address and stays English.
 */
export const EMAIL_TEXTS = {
  'email.hello': 'Hello,',
  'email.helloName': 'Hello {{firstName}},',
  'email.ignore': 'If you did not ask for it, you can ignore this email.',
  'email.verifyAccount.subject': 'Verify your {{organizationName}} account',
  'email.verifyAccount.body':
    'Open this link to verify your email address and finish creating your {{organizationName}} account. The link works once and expires in 48 hours.',
  'email.verifyEmail.subject': 'Confirm your new email address',
  'email.verifyEmail.body':
    'Open this link to use this email address for your {{organizationName}} account. The link works once and expires in 24 hours.',
  'email.resetPassword.subject': 'Reset your password',
  'email.resetPassword.body':
    'Open this link to choose a new password for your {{organizationName}} account. The link works once and expires in 1 hour.',
  'email.resetPassword.ignore': 'If you did not ask to reset your password, you can ignore this email.',
  'email.magicLink.subject': 'Sign in to {{organizationName}}',
  'email.magicLink.body': 'Open this link to sign in. The link works once and expires in 15 minutes.',
  'email.onboarding.subject': 'Set up your {{organizationName}} account',
  'email.onboarding.body':
    'You have been invited to {{organizationName}}. Open this link to choose your password. The link works once and expires in 7 days.',
  'email.otpCode.subject': 'Your {{organizationName}} sign-in code: {{code}}',
  'email.otpCode.code': 'Your sign-in code is {{code}}',
  'email.otpCode.body': 'It works once and expires in {{minutes}} minutes. Do not share it with anyone.',
  'email.signInAttacked.subject': 'Failed attempts to sign in to your {{organizationName}} account',
  'email.signInAttacked.body':
    'Someone has just tried to sign in to your {{organizationName}} account {{failures}} times with a wrong password or code. Your account is not locked: each new try from them has to wait longer.',
  'email.signInAttacked.you':
    'If it was you, you can ignore this email, or reset your password if you have forgotten it.',
  'email.signInAttacked.notYou':
    'If it was not you, nobody has signed in, but reset your password to be safe, especially if you use it anywhere else:',
  'email.accountExists.subject': 'You already have an account with {{organizationName}}',
  'email.accountExists.body': 'Someone tried to create an account with this email address, but you already have one.',
  'email.accountExists.signIn': 'Sign in: {{link}}',
  'email.accountExists.reset': 'Forgotten your password? Reset it: {{link}}',
  'email.accountExists.ignore': 'If this was not you, you can ignore this email.',
  'email.applicationSubmitted.subject': 'Application received: {{roleName}}',
  'email.applicationSubmitted.body':
    'Thank you for applying for {{roleName}} at {{organizationName}}. We have received your application.',
  'email.applicationSubmitted.follow':
    'We will email you when there is news. You can see your applications and their progress at any time:',
  'email.interviewInvitation.subject': 'Book your interview: {{roleName}}',
  'email.interviewInvitation.body':
    '{{organizationName}} invites you to an interview for {{roleName}}. Choose a time that suits you by {{due}}:',
  'email.interviewReminder.subject': 'Reminder: book your interview for {{roleName}}',
  'email.interviewReminder.body':
    'You have not booked your interview for {{roleName}} at {{organizationName}} yet. Please choose a time by {{due}}:',
  'email.interviewBooked.subject': 'Interview booked: {{roleName}}',
  'email.interviewBooked.body': 'Your interview for {{roleName}} at {{organizationName}} is booked for {{when}}.',
  'email.interviewUpdated.subject': 'Interview moved: {{roleName}}',
  'email.interviewUpdated.body': 'Your interview for {{roleName}} at {{organizationName}} is now on {{when}}.',
  'email.interviewCancelled.subject': 'Interview cancelled: {{roleName}}',
  'email.interviewCancelled.body': 'Your interview for {{roleName}} at {{organizationName}} on {{when}} is cancelled.',
  'email.interview.location': 'Where: {{location}}',
  'email.interview.calendar': 'The attached invitation adds it to your calendar. To see or change your booking:',
  'email.signatureRequest.subject': 'Please sign: {{documentName}}',
  'email.signatureRequest.body':
    '{{organizationName}} asks you to sign {{documentName}} for your application for {{roleName}}. Open this link to read and sign it (you can also decline):',
} as const;

type EmailTextKey = keyof typeof EMAIL_TEXTS;

/** An email's words in one language: the translated texts by key (missing ones are English). */
export interface EmailLanguage {
  code: string;
  texts: Readonly<Record<string, string>>;
}

const ENGLISH: EmailLanguage = { code: DEFAULT_LANGUAGE, texts: {} };

interface Body {
  subject: string;
  paragraphs: string[];
  link?: string;
}

function body(template: EmailTemplate, language: EmailLanguage): Body {
  const say = (key: EmailTextKey, params?: MessageParams) =>
    fillTemplate(language.texts[key] ?? EMAIL_TEXTS[key], params);
  const hello = (firstName: string | null) => (firstName ? say('email.helloName', { firstName }) : say('email.hello'));
  // A link opens the site in the email's language (spec §2 `language` parameter).
  const localLink = (url: string) => {
    if (language.code === DEFAULT_LANGUAGE) return url;
    const localised = new URL(url);
    localised.searchParams.set(LANGUAGE_PARAM, language.code);
    return localised.toString();
  };
  if (template.kind === 'logout_notification') {
    return {
      subject: `Sign-out: ${template.userEmail} (${template.clientName})`,
      paragraphs: [
        `${template.userEmail} signed out of ${template.clientName} at ${template.at}.`,
        `Page: ${template.currentPath || '/'}`,
      ],
    };
  }
  const { organizationName } = template;
  switch (template.kind) {
    case 'verify_account':
      return {
        subject: say('email.verifyAccount.subject', { organizationName }),
        paragraphs: [hello(template.firstName), say('email.verifyAccount.body', { organizationName })],
        link: localLink(template.link),
      };
    case 'verify_email':
      return {
        subject: say('email.verifyEmail.subject'),
        paragraphs: [hello(null), say('email.verifyEmail.body', { organizationName })],
        link: localLink(template.link),
      };
    case 'reset_password':
      return {
        subject: say('email.resetPassword.subject'),
        paragraphs: [
          hello(null),
          say('email.resetPassword.body', { organizationName }),
          say('email.resetPassword.ignore'),
        ],
        link: localLink(template.link),
      };
    case 'magic_link':
      return {
        subject: say('email.magicLink.subject', { organizationName }),
        paragraphs: [hello(null), say('email.magicLink.body'), say('email.ignore')],
        link: localLink(template.link),
      };
    case 'onboarding':
      return {
        subject: say('email.onboarding.subject', { organizationName }),
        paragraphs: [hello(template.firstName), say('email.onboarding.body', { organizationName })],
        link: localLink(template.link),
      };
    case 'otp_code':
      return {
        subject: say('email.otpCode.subject', { organizationName, code: template.code }),
        paragraphs: [
          hello(null),
          say('email.otpCode.code', { code: template.code }),
          say('email.otpCode.body', { minutes: template.minutes }),
        ],
      };
    case 'sign_in_attacked':
      return {
        subject: say('email.signInAttacked.subject', { organizationName }),
        paragraphs: [
          hello(null),
          say('email.signInAttacked.body', { organizationName, failures: template.failures }),
          say('email.signInAttacked.you'),
          say('email.signInAttacked.notYou'),
        ],
        link: localLink(template.link),
      };
    case 'account_exists':
      return {
        subject: say('email.accountExists.subject', { organizationName }),
        paragraphs: [
          hello(null),
          say('email.accountExists.body'),
          say('email.accountExists.signIn', { link: localLink(template.signInLink) }),
          say('email.accountExists.reset', { link: localLink(template.resetLink) }),
          say('email.accountExists.ignore'),
        ],
      };
    case 'application_submitted':
      return {
        subject: say('email.applicationSubmitted.subject', { roleName: template.roleName }),
        paragraphs: [
          hello(template.firstName),
          say('email.applicationSubmitted.body', { roleName: template.roleName, organizationName }),
          say('email.applicationSubmitted.follow'),
        ],
        link: localLink(template.link),
      };
    case 'interview_invitation':
    case 'interview_reminder': {
      const texts = template.kind === 'interview_invitation' ? 'interviewInvitation' : 'interviewReminder';
      const params = { roleName: template.roleName, organizationName, due: template.due };
      return {
        subject: say(`email.${texts}.subject`, params),
        paragraphs: [hello(template.firstName), say(`email.${texts}.body`, params)],
        link: localLink(template.link),
      };
    }
    case 'interview_booked':
    case 'interview_updated':
    case 'interview_cancelled': {
      const texts = INTERVIEW_TEXTS[template.kind];
      const params = { roleName: template.roleName, organizationName, when: template.when };
      return {
        subject: say(`email.${texts}.subject`, params),
        paragraphs: [
          hello(template.firstName),
          say(`email.${texts}.body`, params),
          say('email.interview.location', { location: template.location }),
          ...(template.kind === 'interview_cancelled' ? [] : [say('email.interview.calendar')]),
        ],
        link: localLink(template.link),
      };
    }
    case 'signature_request': {
      const params = { documentName: template.documentName, organizationName, roleName: template.roleName };
      return {
        subject: say('email.signatureRequest.subject', params),
        paragraphs: [hello(template.firstName), say('email.signatureRequest.body', params)],
        link: localLink(template.link),
      };
    }
  }
}

const INTERVIEW_TEXTS = {
  interview_booked: 'interviewBooked',
  interview_updated: 'interviewUpdated',
  interview_cancelled: 'interviewCancelled',
} as const;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function renderEmail(to: string, template: EmailTemplate, language: EmailLanguage = ENGLISH): OutgoingEmail {
  const { subject, paragraphs, link } = body(template, language);
  const text = [...paragraphs, ...(link ? [link] : [])].join('\n\n') + '\n';
  const html = [
    `<!doctype html><html lang="${escapeHtml(language.code)}" dir="${i18next.dir(language.code)}"><body style="font-family:Arial,sans-serif;font-size:19px;line-height:1.4">`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    // The address itself reads left to right in any language.
    ...(link ? [`<p dir="ltr"><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`] : []),
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html, ...(link && { link }) };
}
