import type { Answers } from '#engine';
import * as site from '#schemas/contracts/site.contract';
import { call } from './call';

/** Checks answers against the organisation's application form on the server, saving nothing. */
export async function validateOnServer(subdomain: string, answers: Answers, language?: string): Promise<Answers> {
  const body = { answers, ...(language ? { language } : {}) };
  return (await call(site.validateAnswers, { params: { sub: subdomain }, body })).answers;
}
