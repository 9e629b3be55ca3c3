import sanitizeHtml from 'sanitize-html';

/*
 * Email bodies are rich text limited to safe markup (decision 0044): sanitised when a template is saved,
 * and again after rendering, so a value put into a placeholder cannot add markup or a script link.
 */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'h2', 'h3', 'blockquote'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  disallowedTagsMode: 'discard',
};

export function sanitiseEmailHtml(html: string): string {
  return sanitizeHtml(html, ALLOWED).trim();
}

/** The plain-text part of an email: paragraphs and line breaks kept, every tag dropped, entities decoded. */
export function plainTextOf(html: string): string {
  const lines = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|li|h2|h3|blockquote)>/gi, '\n');
  const text = sanitizeHtml(lines, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
