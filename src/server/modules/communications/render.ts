import {
  DEFAULT_LANGUAGE,
  displayName,
  placeholdersIn,
  renderTemplate,
  slotLabel,
  smsLength,
  stageName,
  type PlaceholderValues,
} from '#engine';
import type { Channel, MessageKind, TemplateText } from '#schemas/communications';
import type { OrganizationRecord } from '../../db/types';
import { bookingLinkOf } from '../../lib/links';
import { plainTextOf, sanitiseEmailHtml } from './message-html';
import type { Recipient, Requirement } from './message.repository';

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

/**
 * A booking link as previews and the contact history show it: the token is the candidate's credential and is
 * stored only as a hash, so no page shows it (decision 0060).
 */
export const shownBookingLink = (siteBase: string) => bookingLinkOf(siteBase, '…');

interface TemplateParts {
  kind: MessageKind;
  texts: Readonly<Record<string, TemplateText>>;
}

/** Whether any of the template's texts uses {{name}}. */
export function usesPlaceholder(template: TemplateParts, name: string): boolean {
  const texts = Object.values(template.texts).flatMap((text) => [text.subject ?? '', text.body]);
  return placeholdersIn(texts).includes(name);
}

/**
 * What a person must have for the template to be filled (decision 0060): an event message their next
 * event; an interview message a booked interview to come when it tells {{interviewTime}}, else an
 * invitation whose booking page still serves them (its link is what {{bookingLink}} carries).
 */
export function requirementOf(template: TemplateParts): Requirement {
  if (template.kind === 'EVENT') return 'EVENT';
  if (template.kind === 'GENERAL') return null;
  return usesPlaceholder(template, 'interviewTime') ? 'BOOKED_INTERVIEW' : 'LIVE_INVITATION';
}

/** The recipient has what `requirement` asks (the same rule as the batch's SQL, on a fetched Recipient). */
export function meetsRequirement(recipient: Recipient, requirement: Requirement): boolean {
  if (requirement === 'BOOKED_INTERVIEW') return recipient.interview_starts_at !== null;
  if (requirement === 'LIVE_INVITATION') return recipient.invitation_id !== null;
  if (requirement === 'EVENT') return recipient.event_title !== null;
  return true;
}

/**
 * Every placeholder's value for one recipient (interview and event ones when they have one coming);
 * `bookingLink` is the invitation's link made for this message (a preview shows where it will point).
 */
export function placeholderValues(
  recipient: Recipient,
  context: {
    organization: OrganizationRecord;
    senderName: string;
    language: string;
    bookingLink: string | null;
  },
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
    ...(interview && { interviewTime: `${interview} (${recipient.interview_time_zone ?? 'UTC'})` }),
    ...(context.bookingLink !== null && { bookingLink: context.bookingLink }),
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
