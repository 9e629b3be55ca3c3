import type { MessageKind } from '#schemas/communications';

/*
 * Communication templates (issue 16, decision 0044): the placeholders a message can hold, which of
 * them each kind of message can fill, and rendering a template with a candidate's values. Shared by
 * the server (refused at save, rendered at send) and the client (the placeholder picker, the preview).
 */

/** Every placeholder a template may use, written `{{name}}`. */
export const PLACEHOLDERS = [
  'candidateName',
  'roleName',
  'stageName',
  'interviewTime',
  'bookingLink',
  'eventName',
  'organisationName',
  'senderName',
] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

const COMMON: readonly Placeholder[] = ['candidateName', 'roleName', 'stageName', 'organisationName', 'senderName'];

export const KIND_PLACEHOLDERS: Readonly<Record<MessageKind, readonly Placeholder[]>> = {
  GENERAL: COMMON,
  INTERVIEW: [...COMMON, 'interviewTime', 'bookingLink'],
  EVENT: [...COMMON, 'eventName'],
};

export type PlaceholderValues = Partial<Record<Placeholder, string>>;

const PLACEHOLDER_PATTERN = /\{\{\s*([^{}\s]*)\s*\}\}/g;

/** The placeholder names `texts` use, each once, in order of first use (unknown names included). */
export function placeholdersIn(texts: readonly string[]): string[] {
  return [...new Set(texts.flatMap((text) => [...text.matchAll(PLACEHOLDER_PATTERN)].map((match) => match[1]!)))];
}

/** The placeholders of `texts` a message of `kind` cannot fill: unknown names and those of another kind. */
export function unfillablePlaceholders(kind: MessageKind, texts: readonly string[]): string[] {
  const allowed = new Set<string>(KIND_PLACEHOLDERS[kind]);
  return placeholdersIn(texts).filter((name) => !allowed.has(name));
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);
}

/**
 * The text with each placeholder replaced by its value (HTML-escaped when `html`); a placeholder with
 * no value becomes empty (the save check keeps out those a kind cannot fill).
 */
export function renderTemplate(text: string, values: PlaceholderValues, { html = false } = {}): string {
  return text.replace(PLACEHOLDER_PATTERN, (_, name: string) => {
    const value = values[name as Placeholder] ?? '';
    return html ? escapeHtml(value) : value;
  });
}

/** What a template needs for the stage-move rule: its channel and the stage (and substage, or any) it is sent on. */
export interface TriggeredTemplate {
  channel: string;
  trigger: { stageId: number; substageId: string | null } | null;
}

/**
 * The templates a move to `to` sends (decision 0044): one a channel, the substage's own before the one set for the
 * whole stage.
 */
export function templatesForMove<T extends TriggeredTemplate>(
  templates: readonly T[],
  to: { stageId: number; substageId: string },
): T[] {
  const byChannel = new Map<string, T>();
  for (const template of templates) {
    const trigger = template.trigger;
    if (!trigger || trigger.stageId !== to.stageId) continue;
    if (trigger.substageId !== null && trigger.substageId !== to.substageId) continue;
    const current = byChannel.get(template.channel);
    if (!current || current.trigger?.substageId === null) byChannel.set(template.channel, template);
  }
  return [...byChannel.values()];
}
