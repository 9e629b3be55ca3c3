import type { Answers } from '#engine';
import { http } from './http';

/** Checks answers against the organisation's application form on the server, saving nothing. */
export async function validateOnServer(subdomain: string, answers: Answers, language?: string): Promise<Answers> {
  const response = await http.post<{ valid: true; answers: Answers }>(
    `/public/organization/${encodeURIComponent(subdomain)}/application-form/validate`,
    { answers, ...(language ? { language } : {}) },
  );
  return response.data.answers;
}
