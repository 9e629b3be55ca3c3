/** Spec §5: SMS text is limited to the GSM 03.38 character set; 160 characters a message, up to 3 messages. */
const SMS_SEGMENT_LENGTH = 160;
const SMS_MAX_SEGMENTS = 3;

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';

export function isGsmText(text: string): boolean {
  for (const ch of text) if (!GSM_BASIC.includes(ch) && !GSM_EXTENDED.includes(ch)) return false;
  return true;
}

/** n/160 with 1 message, up to 320 as 2, up to 480 as 3; null when longer than 3 messages. */
export function smsSegments(text: string): number | null {
  const length = [...text].length;
  const segments = Math.max(1, Math.ceil(length / SMS_SEGMENT_LENGTH));
  return segments > SMS_MAX_SEGMENTS ? null : segments;
}
