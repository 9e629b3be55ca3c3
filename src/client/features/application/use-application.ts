import { useCallback, useLayoutEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import {
  mergeStepAnswers,
  type Answers,
  type CompiledForm,
  type CompiledStep,
  newerRecord,
  organizationAfterStatus,
  saveDecision,
} from '#engine';
import type { ApplicationRecord } from '#schemas/application';
import type { Role } from '#schemas/role';
import { fetchApplication, saveApplication, startApplication, submitApplication } from '../../api/applications';
import { errorStatus } from '../../api/errors';
import { fetchRole } from '../../api/roles';
import { useApiMessage } from '../../api/use-api-message';
import { showToastAtom } from '../../state/process';
import { clearDraft, readDraft, writeDraft, type LocalDraft } from './local-draft';

export interface ApplicationSession {
  role: Role;
  record: LocalDraft;
}

/**
 * Spec §4 Candidate load: the role and the candidate's record for it (created once per candidate
 * and role); a newer record kept in this browser replaces the server's; a candidate becoming
 * PASSPORT or PASSPORT_ACTIVE has no organisation any more. Null when the server sent nothing
 * (the caller goes to /roles).
 */
export async function loadApplication(organization: string, roleId: string): Promise<ApplicationSession | null> {
  const [role, server] = await Promise.all([fetchRole(organization, roleId), startApplication(roleId)]);
  if (!server?.id) return null;
  const record: LocalDraft = newerRecord(readDraft(server.id), server);
  return {
    role,
    record: {
      ...record,
      organization: organizationAfterStatus(record.candidateStatus ?? undefined, record.organization),
    },
  };
}

/**
 * A step saved to the server after skipped ones: the server's record, with this step's answers as
 * the server kept them, while the skipped steps' answers stay in this browser (still unsynced:
 * they are sent before submit).
 */
function withSkippedSteps(local: LocalDraft, saved: ApplicationRecord, step: CompiledStep): LocalDraft {
  const stepAnswers = Object.fromEntries(
    step.fieldIds.filter((id) => saved.answers[id] !== undefined).map((id) => [id, saved.answers[id]]),
  );
  return {
    ...saved,
    answers: mergeStepAnswers(step, local.answers, stepAnswers),
    completedSteps: [...new Set([...local.completedSteps, ...saved.completedSteps])],
    step: Math.max(local.step, saved.step),
    unsynced: true,
  };
}

function stepHasFiles(step: CompiledStep, answers: Answers): boolean {
  return step.sections.some((section) =>
    section.fields.some((field) => field.kind === 'file' && answers[field.id] !== undefined),
  );
}

/**
 * Spec §4 Candidate save, one step at a time: the step's answers go to the server (which checks
 * them with the same compiled form) unless the role's doNotSave or overload rule skips the save,
 * in which case only this browser's copy moves on. Submit sends skipped answers first, then
 * submits. A record changed elsewhere (409) is reloaded and the candidate told.
 */
export function useApplicationActions(
  session: ApplicationSession,
  form: CompiledForm,
  update: (session: ApplicationSession) => void,
) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const navigate = useNavigate();
  const apiMessage = useApiMessage();
  const showToast = useSetAtom(showToastAtom);
  const current = useRef(session);
  useLayoutEffect(() => {
    current.current = session;
  });

  const keep = useCallback(
    (record: LocalDraft) => {
      writeDraft(record);
      update({ ...current.current, record });
    },
    [update],
  );

  const fail = useCallback(
    async (error: unknown) => {
      if (errorStatus(error) === 409) {
        const latest = await fetchApplication(current.current.record.id).catch(() => null);
        if (latest) keep(latest);
      }
      showToast({ kind: 'error', message: apiMessage(error) });
      throw error;
    },
    [apiMessage, keep, showToast],
  );

  /**
   * An upload or a removal changed the stored record: a file answers its question the moment it is
   * stored (decision 0030). The server's version, documents and that answer are taken in; the other
   * answers stay as this browser has them (skipped steps are not on the server yet). Should the
   * read fail, the next save meets the old version (409) and reloads the record as usual.
   */
  const documentChanged = useCallback(
    async (fieldId: string) => {
      const latest = await fetchApplication(current.current.record.id).catch(() => null);
      if (!latest) return;
      const { record } = current.current;
      const { [fieldId]: _previous, ...answers } = record.answers;
      const answer = latest.answers[fieldId];
      keep({
        ...record,
        version: latest.version,
        updatedAt: latest.updatedAt,
        documents: latest.documents,
        answers: answer === undefined ? answers : { ...answers, [fieldId]: answer },
      });
    },
    [keep],
  );

  const saveStep = useCallback(
    async (stepId: string, stepAnswers: Answers) => {
      const { role, record } = current.current;
      const index = form.steps.findIndex((s) => s.id === stepId);
      const step = form.steps[index]!;
      const decision = saveDecision({
        doNotSave: role.settings.doNotSave === true,
        overload: role.settings.overload === true,
        hasFiles: stepHasFiles(step, stepAnswers),
        status: record.candidateStatus ?? undefined,
        step: record.step,
        maxSteps: form.steps.length,
      });
      if (decision.kind === 'skip') {
        const completedSteps = record.completedSteps.includes(stepId)
          ? record.completedSteps
          : [...record.completedSteps, stepId];
        keep({
          ...record,
          answers: mergeStepAnswers(step, record.answers, stepAnswers),
          step: decision.step,
          completedSteps,
          updatedAt: new Date().toISOString(),
          unsynced: true,
        });
        return;
      }
      try {
        const saved = await saveApplication(
          record,
          { step: index + 1, stepId, answers: stepAnswers },
          form.steps.length,
          language,
        );
        keep(record.unsynced ? withSkippedSteps(record, saved, step) : saved);
      } catch (error) {
        await fail(error);
      }
    },
    [form, keep, fail, language],
  );

  const submit = useCallback(async () => {
    let { record } = current.current;
    try {
      if (record.unsynced)
        record = await saveApplication(
          record,
          { step: form.steps.length, answers: record.answers },
          form.steps.length,
          language,
        );
      await submitApplication(record.id, language);
    } catch (error) {
      await fail(error).catch(() => undefined);
      return;
    }
    clearDraft(record.id);
    showToast({ kind: 'success', message: t('application.submittedToast') });
    navigate(`/submitted?${new URLSearchParams({ application: record.id }).toString()}`);
  }, [form, fail, language, navigate, showToast, t]);

  return { saveStep, submit, documentChanged };
}
