import * as communications from '#schemas/contracts/communications.contract';
import type { BatchProgress, Preview, PreviewBody, SendBody, Template, TemplateBody } from '#schemas/communications';
import { call } from './call';

/* The communications calls (issue 16): templates, preview, sending and a batch's progress, the public unsubscribe. */

export type { BatchProgress, Preview, SendBody, Template, TemplateBody };

export async function fetchTemplates(): Promise<Template[]> {
  return call(communications.listTemplates, {});
}

export async function fetchTemplate(templateId: string): Promise<Template> {
  return call(communications.template, { params: { templateId } });
}

/** Creates the template, or replaces it when `templateId` is given. */
export async function saveTemplate(body: TemplateBody, templateId?: string): Promise<Template> {
  return templateId
    ? call(communications.updateTemplate, { params: { templateId }, body })
    : call(communications.createTemplate, { body });
}

export async function deleteTemplate(templateId: string): Promise<void> {
  await call(communications.deleteTemplate, { params: { templateId } });
}

export async function previewMessage(body: PreviewBody): Promise<Preview> {
  return call(communications.previewMessage, { body });
}

export async function sendMessages(body: SendBody): Promise<BatchProgress> {
  return call(communications.sendMessages, { body });
}

export async function fetchBatchProgress(batchId: string): Promise<BatchProgress> {
  return call(communications.batchProgress, { params: { batchId } });
}

export async function unsubscribe(token: string): Promise<void> {
  await call(communications.unsubscribe, { params: { token }, body: { 'List-Unsubscribe': 'One-Click' } });
}
