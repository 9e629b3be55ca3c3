import i18next from 'i18next';
import { createEvent } from 'ics';
import { DEFAULT_LANGUAGE, LANGUAGE_PARAM } from '#engine';
import { fillTemplate, type MessageParams } from '#schemas/messages';
import type { Region } from '#schemas/organization';
import type { Db } from '../../db/client';
import type { EventRow, OrganizationRecord } from '../../db/types';
import type { OutgoingEmail } from '../../email/mail-transport';
import { enqueueJob } from '../../jobs/job.repository';
import { languageLayer } from '../translations/product-translations';
import { findTranslations } from '../translations/translation.repository';

/*
 * The emails about a registration (issue 14): a place (with the .ics invitation), a place on the
 * waiting list, a freed place offered to the first on it (with the invitation). Written in the
 * recipient's language like every email (decision 0019: the product's translation ▸ the
 * organisation's own; English for a missing text), queued as `email` jobs for the worker.
 */

const EMAIL_JOB = 'email';

const EVENT_EMAIL_TEXTS = {
  'email.event.hello': 'Hello {{firstName}},',
  'email.event.helloAnonymous': 'Hello,',
  'email.event.registered.subject': 'You are registered: {{title}}',
  'email.event.registered.body': 'You have a place at {{title}} with {{organizationName}} on {{when}}.',
  'email.event.calendar': 'The invitation attached adds the event to your calendar.',
  'email.event.where': 'Where: {{place}}',
  'email.event.waiting.subject': 'You are on the waiting list: {{title}}',
  'email.event.waiting.body':
    '{{title}} with {{organizationName}} on {{when}} is full. You are on the waiting list: if a place becomes free, it is yours and we will email you.',
  'email.event.promoted.subject': 'A place is now yours: {{title}}',
  'email.event.promoted.body':
    'A place has become free at {{title}} with {{organizationName}} on {{when}}, and it is now yours.',
  'email.event.manage': 'To see the event or cancel your place:',
} as const;

type TextKey = keyof typeof EVENT_EMAIL_TEXTS;
export type EventEmailKind = 'registered' | 'waiting' | 'promoted';

/** The time zone event times are written in, by the organisation's region. */
const REGION_TIME_ZONES: Record<Region, string> = {
  UK: 'Europe/London',
  OZ: 'Australia/Sydney',
  HK: 'Asia/Hong_Kong',
  GCC: 'Asia/Dubai',
  OTHER: 'UTC',
};

export interface EventEmail {
  organization: OrganizationRecord;
  event: EventRow;
  kind: EventEmailKind;
  user: { id: string; email: string; first_name: string | null; language?: string | null };
  /** The event page on the apply host. */
  link: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The event as an iCalendar invitation (RFC 5545), made by the `ics` package. */
function eventInvitation(event: EventRow, link: string): string {
  const { error, value } = createEvent({
    uid: `${event.id}@candid-events`,
    productId: 'candid/events',
    method: 'PUBLISH',
    title: event.title,
    description: [event.description, link].filter(Boolean).join('\n\n'),
    start: event.start_at.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: event.end_at.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    ...((event.place ?? event.online_link) && { location: event.place ?? event.online_link ?? '' }),
    url: event.online_link ?? link,
    status: 'CONFIRMED',
  });
  if (error || !value) throw error ?? new Error('the calendar invitation could not be made');
  return value;
}

async function texts(db: Db, organizationId: string, language: string | null | undefined) {
  if (!language || language === DEFAULT_LANGUAGE)
    return { code: DEFAULT_LANGUAGE, texts: {} as Record<string, string> };
  const [translation] = await findTranslations(db, organizationId, language);
  const layer = languageLayer(language, translation?.configuration);
  return layer ? { code: language, texts: layer.text ?? {} } : { code: DEFAULT_LANGUAGE, texts: {} };
}

async function renderEventEmail(db: Db, email: EventEmail): Promise<OutgoingEmail> {
  const { organization, event, kind, user } = email;
  const language = await texts(db, organization.id, email.user.language);
  const say = (key: TextKey, params?: MessageParams) =>
    fillTemplate(language.texts[key] ?? EVENT_EMAIL_TEXTS[key], params);
  const when = new Intl.DateTimeFormat(language.code, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: REGION_TIME_ZONES[organization.country_base] ?? 'UTC',
  }).format(event.start_at);
  const params = { title: event.title, organizationName: organization.name, when };
  const link =
    language.code === DEFAULT_LANGUAGE
      ? email.link
      : `${email.link}?${LANGUAGE_PARAM}=${encodeURIComponent(language.code)}`;
  const place = event.place ?? event.online_link;
  const paragraphs = [
    user.first_name ? say('email.event.hello', { firstName: user.first_name }) : say('email.event.helloAnonymous'),
    say(`email.event.${kind}.body`, params),
    ...(place && kind !== 'waiting' ? [say('email.event.where', { place })] : []),
    ...(kind !== 'waiting' ? [say('email.event.calendar')] : []),
    say('email.event.manage'),
  ];
  const html = [
    `<!doctype html><html lang="${escapeHtml(language.code)}" dir="${i18next.dir(language.code)}"><body style="font-family:Arial,sans-serif;font-size:19px;line-height:1.4">`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p dir="ltr"><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    '</body></html>',
  ].join('\n');
  return {
    to: user.email,
    subject: say(`email.event.${kind}.subject`, params),
    text: [...paragraphs, link].join('\n\n') + '\n',
    html,
    link,
    ...(kind !== 'waiting' && {
      calendar: { method: 'PUBLISH', content: eventInvitation(event, email.link), filename: 'event.ics' },
    }),
  };
}

/** Renders the message and puts it on the jobs table; the worker sends it (a contact the hiring side sees). */
export async function queueEventEmail(db: Db, email: EventEmail): Promise<void> {
  const message = await renderEventEmail(db, email);
  await enqueueJob(db, {
    organizationId: email.organization.id,
    userId: email.user.id,
    kind: EMAIL_JOB,
    payload: message,
    contactSubject: message.subject,
  });
}
