/**
 * What a file is, from its first bytes (its "magic number"), never from its name or the type the
 * browser claims: a renamed executable is not a PDF. Covers the types the field catalogue accepts.
 */
const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

const PDF = ascii('%PDF-');
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
/** OLE2 compound file: Word 97-2003 .doc (and other old Office files). */
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const RTF = ascii('{\\rtf');

/** A .docx is a zip whose entries include word/document.xml; the name sits in the local headers. */
function isDocx(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, ZIP)) return false;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes('word/document.xml', 0, 'latin1');
}

/** The content type of the bytes, or null when they are none of the known kinds. */
export function detectContentType(bytes: Uint8Array): string | null {
  if (startsWith(bytes, PDF)) return 'application/pdf';
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, OLE2)) return 'application/msword';
  if (isDocx(bytes)) return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  if (startsWith(bytes, RTF)) return 'application/rtf';
  return null;
}
