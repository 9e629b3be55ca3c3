import {
  DEFAULT_LANGUAGE,
  displayName,
  renderTemplate,
  slotLabel,
  smsLength,
  stageName,
  type PlaceholderValues,
} from '#engine';
import type { Channel, TemplateText } from '#schemas/communications';
import type { OrganizationRecord } from '../../db/types';
import { plainTextOf, sanitiseEmailHtml } from './message-html';
import type { Recipient } from './message.repository';

export interface RenderedMessage {
  language: string;
  subject: string | null;
  html: string | null;
  text: string;
}

/** The template's language for a person: their own when the template has it, else English. */
export function messageLanguage(texts: Readonly<Record<string, TemplateText>>, wanted: string | null): string {
  return wanted && texts[wanted] ? wanted : DEFAULT_LANGUAGE;
}

const localeOf = (language: string) => (language === DEFAULT_LANGUAGE ? 'en-GB' : language);

/** Every placeholder's value for one recipient (interview and event ones when they have one coming). */
export function placeholderValues(
  recipient: Recipient,
  context: { organization: OrganizationRecord; senderName: string; siteBase: string; language: string },
): PlaceholderValues {
  const { organization } = context;
  const interview =
    recipient.interview_starts_at && recipient.interview_ends_at
      ? slotLabel(
          { start: recipient.interview_starts_at, end: recipient.interview_ends_at },
          recipient.interview_time_zone ?? 'UTC',
          localeOf(context.language),
        )
      : undefined;
  return {
    candidateName: displayName({
      firstName: recipient.first_name,
      preferredName: recipient.preferred_name,
      lastName: recipient.last_name,
      email: recipient.email,
    }),
    roleName: recipient.role_name,
    stageName: recipient.stage_id === null ? '' : stageName(organization.stages, recipient.stage_id),
    organisationName: organization.name,
    senderName: context.senderName,
    ...(interview && {
      interviewTime: `${interview} (${recipient.interview_time_zone ?? 'UTC'})`,
      bookingLink: `${context.siteBase}/applications`,
    }),
    ...(recipient.event_title !== null && { eventName: recipient.event_title }),
  };
}

/**
 * A template's text in `language` with the values put in: an email's subject, sanitised HTML (again,
 * after the values went in) and plain text; an SMS's text.
 */
export function renderMessage(
  template: { channel: Channel; texts: Readonly<Record<string, TemplateText>> },
  language: string,
  values: PlaceholderValues,
): RenderedMessage {
  const text = template.texts[language] ?? template.texts[DEFAULT_LANGUAGE]!;
  if (template.channel === 'SMS')
    return { language, subject: null, html: null, text: renderTemplate(text.body, values) };
  const html = sanitiseEmailHtml(renderTemplate(text.body, values, { html: true }));
  return { language, subject: renderTemplate(text.subject ?? '', values), html, text: plainTextOf(html) };
}

export function smsCount(text: string) {
  const { encoding, units, segments } = smsLength(text);
  return { encoding, units, segments };
}
