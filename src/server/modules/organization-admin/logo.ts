import sanitizeHtml from 'sanitize-html';
import { HttpError } from '../../lib/http-error';
import { detectContentType } from '../documents/file-type';
import { hiddenContent } from '../documents/hidden-content';

/** An organisation's logo: 512 kB at most (a header image, shown on every page). */
export const MAX_LOGO_BYTES = 512 * 1024;

export interface LogoUpload {
  fileName: string;
  bytes: Uint8Array;
}

const SVG_TAGS = [
  'svg',
  'g',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'defs',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'title',
  'desc',
];

/** Geometry and presentation only: no event handlers, no href, no style (which may load a url). */
const SVG_ATTRIBUTES = [
  'xmlns',
  'viewBox',
  'width',
  'height',
  'preserveAspectRatio',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'd',
  'points',
  'fill',
  'fill-opacity',
  'fill-rule',
  'clip-rule',
  'clip-path',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-opacity',
  'opacity',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'id',
  'transform',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'letter-spacing',
  'text-anchor',
  'dominant-baseline',
  'role',
  'aria-label',
];

const refused = (text: string) => new HttpError(415, text, [{ field: 'file', message: text }]);

/** Where the text starts to be markup: after a byte-order mark, an XML declaration, comments and a doctype. */
function looksLikeSvg(text: string): boolean {
  const start = text
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml[^>]*\?>/, '')
    .replace(/^(\s*<!--[\s\S]*?-->)*/, '')
    .replace(/^\s*<!DOCTYPE[^>]*>/i, '')
    .trimStart();
  return /^<svg[\s>]/.test(start);
}

/**
 * An SVG reduced to shapes and text (decision 0041): scripts, event handlers, links, images,
 * foreign objects and styles go; a url() reference that leaves the document refuses the file.
 */
function sanitiseSvg(text: string): string {
  const clean = sanitizeHtml(text, {
    allowedTags: SVG_TAGS,
    allowedAttributes: { '*': SVG_ATTRIBUTES },
    parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
    selfClosing: ['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'stop'],
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'foreignObject', 'textarea', 'noscript'],
  }).trim();
  if (!/^<svg[\s>]/.test(clean) || !clean.endsWith('</svg>')) throw refused('The SVG file has no <svg> image in it');
  if (/url\(\s*['"]?(?!#)/i.test(clean)) throw refused('The SVG file refers to another file; embed everything in it');
  return clean;
}

/** The stored logo: PNG or JPEG as sent, SVG sanitised; anything else or too large is refused. */
export function checkedLogo(upload: LogoUpload): { bytes: Uint8Array; contentType: string } {
  if (upload.bytes.byteLength === 0) throw refused('The selected file is empty');
  if (upload.bytes.byteLength > MAX_LOGO_BYTES)
    throw new HttpError(413, 'The logo must be smaller than 512 KB', [
      { field: 'file', message: 'The logo must be smaller than 512 KB' },
    ]);
  const type = detectContentType(upload.bytes);
  if (type === 'image/png' || type === 'image/jpeg') {
    // A logo is shown inline on every page: an image that is also a page or an archive (GIFAR) is refused.
    if (hiddenContent(upload.bytes, type))
      throw refused(
        'The logo has hidden content (web page code or another file inside it): save it again and upload that',
      );
    return { bytes: upload.bytes, contentType: type };
  }
  if (type === null) {
    const text = new TextDecoder('utf-8', { fatal: false }).decode(upload.bytes);
    if (looksLikeSvg(text)) return { bytes: new TextEncoder().encode(sanitiseSvg(text)), contentType: 'image/svg+xml' };
  }
  throw refused('The logo must be a PNG, JPEG or SVG image');
}

const escapeXml = (text: string): string =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** A new organisation's logo until one is uploaded: its name in white, for the default header colour. */
export function defaultLogo(name: string): { bytes: Uint8Array; contentType: string } {
  const label = escapeXml(name.slice(0, 40));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 48" role="img" aria-label="${label}">` +
    `<text x="0" y="31" fill="#ffffff" font-family="Helvetica, Arial, sans-serif" font-size="20" font-weight="700">` +
    `${label}</text></svg>`;
  return { bytes: new TextEncoder().encode(svg), contentType: 'image/svg+xml' };
}
