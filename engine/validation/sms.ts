import { DEFAULT_SMS_SEGMENT_LIMIT } from '#schemas/organization';

/*
 * Spec §5 and issue 16: SMS text and how a phone splits it (GSM 03.38, decision 0045). Text in the GSM
 * basic character set takes one 7-bit septet a character, the extension table's characters two (an
 * escape and the character); 160 septets fit one message, and a longer text goes in parts of 153 (each
 * part carries a header). Any other character switches the whole message to UCS-2: 70 UTF-16 units in
 * one message, 67 a part.
 */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';

export function isGsmText(text: string): boolean {
  for (const ch of text) if (!GSM_BASIC.includes(ch) && !GSM_EXTENDED.includes(ch)) return false;
  return true;
}

export interface SmsLength {
  encoding: 'GSM' | 'UCS2';
  /** Septets (GSM) or UTF-16 units (UCS-2). */
  units: number;
  /** What one message holds: 160 or 70; a part of a longer one 153 or 67. */
  single: number;
  perPart: number;
  segments: number;
}

function segmentsOf(units: number, single: number, perPart: number): number {
  return units <= single ? 1 : Math.ceil(units / perPart);
}

export function smsLength(text: string): SmsLength {
  if (isGsmText(text)) {
    let units = 0;
    for (const ch of text) units += GSM_EXTENDED.includes(ch) ? 2 : 1;
    return { encoding: 'GSM', units, single: 160, perPart: 153, segments: segmentsOf(units, 160, 153) };
  }
  const units = text.length;
  return { encoding: 'UCS2', units, single: 70, perPart: 67, segments: segmentsOf(units, 70, 67) };
}

/** The most parts an organisation's SMS may take: its own setting, else spec §5's 3 (decision 0060). */
export function smsSegmentLimit(settings: { smsSegmentLimit?: number }): number {
  return settings.smsSegmentLimit ?? DEFAULT_SMS_SEGMENT_LIMIT;
}

/** How many messages the text takes; null when more than `limit`. */
export function smsSegments(text: string, limit: number): number | null {
  const { segments } = smsLength(text);
  return segments > limit ? null : segments;
}
