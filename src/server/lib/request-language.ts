import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, offeredLanguage } from '#engine';
import type { OrganizationRecord } from '../db/types';

/**
 * The language a request is made in, among those the organisation offers: its `language` query
 * parameter when the call has one (spec §2), else its Accept-Language header, which the client
 * sets to the page's language. Undefined when the request names none the organisation offers.
 */
export function requestLanguage(
  request: FastifyRequest,
  organization: Pick<OrganizationRecord, 'additional_language_support'>,
): string | undefined {
  const supported = organization.additional_language_support;
  const query = (request.query as { language?: unknown } | undefined)?.language;
  if (typeof query === 'string') return offeredLanguage(query, supported);
  if (!request.headers['accept-language']) return undefined;
  return request.accepts().language([DEFAULT_LANGUAGE, ...supported.map((l) => l.code)]) || undefined;
}
