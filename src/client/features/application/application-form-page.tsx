import { Suspense, useEffect, useMemo } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { type CompiledForm, EMPTY_CANDIDATE_REDIRECT, isCandidate } from '#engine';
import { deleteDocument, uploadDocument } from '../../api/applications';
import { searchReferenceList } from '../../api/reference-data';
import { useApiMessage } from '../../api/use-api-message';
import type { EngineServices } from '../../engine-ui/context';
import { DownloadContext } from '../../engine-ui/download';
import { LazyApplicationFlow } from '../../engine-ui/lazy';
import type { FlowView } from '../../engine-ui/flow/navigation';
import { useApplicationForm } from '../../engine-ui/use-application-form';
import { userAtom } from '../../state/auth';
import { useOrganization } from '../../state/site';
import { LoadState } from '../../ui/page/load-state';
import { usePageTitle } from '../../ui/page/use-page-title';
import { SignInPrompt } from '../../ui/page/sign-in-prompt';
import { useLoad } from '../../ui/page/use-load';
import { DelayedSpinner } from '../../ui/spinner/delayed-spinner';
import { caption } from '../../ui/typography.css';
import { loadApplication, useApplicationActions, type ApplicationSession } from './use-application';
import type { LocalDraft } from './local-draft';
import { useDocumentDownload } from './use-document-download';

/** The step shown is in the address: ?step=<id> (&from=check, &focus=<answer>), ?step=check-answers, or the task list.
 * */
const CHECK_ANSWERS = 'check-answers';

function viewFrom(params: URLSearchParams, form: CompiledForm): FlowView {
  const step = params.get('step');
  if (step === CHECK_ANSWERS) return { page: 'check' };
  if (!step || !form.steps.some((s) => s.id === step)) return { page: 'tasks' };
  const focus = params.get('focus') ?? undefined;
  return {
    page: 'step',
    stepId: step,
    ...(focus && { focus }),
    ...(params.get('from') === 'check' && { from: 'check' as const }),
  };
}

function hrefFor(roleId: string, view: FlowView): string {
  const params = new URLSearchParams();
  if (view.page === 'check') params.set('step', CHECK_ANSWERS);
  if (view.page === 'step') {
    params.set('step', view.stepId);
    if (view.from) params.set('from', view.from);
    if (view.focus) params.set('focus', view.focus);
  }
  const query = params.toString();
  return `/applyp/${roleId}${query ? `?${query}` : ''}`;
}

/** What the page of the flow shown is called: its step's title, check answers or the task list. */
function pageName(form: CompiledForm, view: FlowView, t: TFunction): string | undefined {
  if (view.page === 'step') return form.steps.find((step) => step.id === view.stepId)?.title;
  return view.page === 'check' ? t('form.flow.checkTitle') : t('application.flowTitle');
}

/** Where a candidate coming back continues: the step they reached (spec §4 step), else the next open one, else check
 * answers. */
function resumeView(form: CompiledForm, record: LocalDraft): FlowView {
  const open = form.steps.filter((step, index) => index >= record.step && !record.completedSteps.includes(step.id));
  const next = open[0] ?? form.steps.find((step) => !record.completedSteps.includes(step.id));
  return next ? { page: 'step', stepId: next.id } : { page: 'check' };
}

function AlreadySubmitted({ session }: { session: ApplicationSession }) {
  const { t } = useTranslation();
  return (
    <>
      <span className={caption}>{session.role.name}</span>
      <h1>{t('application.alreadySubmittedTitle')}</h1>
      <p>{t('application.alreadySubmittedBody')}</p>
      <ul>
        <li>
          <Link to={`/screen?${new URLSearchParams({ application: session.record.id }).toString()}`}>
            {t('applications.view')}
          </Link>
        </li>
        <li>
          <Link to="/applications">{t('application.allApplications')}</Link>
        </li>
      </ul>
    </>
  );
}

function ApplicationForm({
  session,
  update,
}: {
  session: ApplicationSession;
  update: (session: ApplicationSession) => void;
}) {
  const { t, i18n } = useTranslation();
  const organization = useOrganization();
  const navigate = useNavigate();
  const apiMessage = useApiMessage();
  const [params] = useSearchParams();
  const { role, record } = session;
  const language = i18n.resolvedLanguage ?? 'en';
  const form = useApplicationForm(
    role.formConfiguration,
    role.jsonConfigurations[language],
    record.organizationConfiguration,
  );
  const { saveStep, submit, documentChanged } = useApplicationActions(session, form, update);
  const download = useDocumentDownload(record.id);
  const resume = params.has('resume');
  const view = viewFrom(params, form);
  usePageTitle([pageName(form, view, t), role.name]);

  useEffect(() => {
    if (resume) navigate(hrefFor(role.id, resumeView(form, record)), { replace: true });
  }, [resume, navigate, role.id, form, record]);

  const services = useMemo<EngineServices>(() => {
    // The file widget shows a rejection's message to the candidate: the server's reason.
    const refused = (error: unknown): never => {
      throw new Error(apiMessage(error));
    };
    return {
      searchList: (list, term) => searchReferenceList(list, term, { signedIn: true, organizationId: organization.id }),
      upload: async (file, fieldId) => {
        const stored = await uploadDocument(record, organization.id, fieldId, file, language).catch(refused);
        await documentChanged(fieldId);
        return stored;
      },
      remove: async (file, fieldId) => {
        await deleteDocument(organization.id, record.id, file.id).catch(refused);
        await documentChanged(fieldId);
      },
    };
  }, [organization.id, record, language, apiMessage, documentChanged]);

  if (record.state !== 'DRAFT') return <AlreadySubmitted session={session} />;
  if (resume) return null;
  return (
    <DownloadContext.Provider value={download}>
      <span className={caption}>{role.name}</span>
      <Suspense fallback={<DelayedSpinner />}>
        <LazyApplicationFlow
          form={form}
          title={t('application.flowTitle')}
          answers={record.answers}
          completedSteps={record.completedSteps}
          onSaveStep={saveStep}
          onSubmit={submit}
          view={view}
          onViewChange={(view) => navigate(hrefFor(role.id, view))}
          hrefFor={(view) => hrefFor(role.id, view)}
          formContext={services}
        />
      </Suspense>
    </DownloadContext.Provider>
  );
}

function ApplicationLoader({ roleId }: { roleId: string }) {
  const { t } = useTranslation();
  const organization = useOrganization();
  const navigate = useNavigate();
  const apiMessage = useApiMessage();
  const { state, set, reload } = useLoad(
    () => loadApplication(organization.subdomain, roleId),
    `${organization.subdomain}:${roleId}`,
  );
  const empty = state.status === 'ready' && state.data === null;
  useEffect(() => {
    // Spec §4 and §8: an empty candidate response goes to /roles.
    if (empty) navigate(EMPTY_CANDIDATE_REDIRECT, { replace: true });
  }, [empty, navigate]);
  return (
    <LoadState state={state} title={t('pages.applicationForm.title')} message={apiMessage} onRetry={reload}>
      {(session) => (session ? <ApplicationForm session={session} update={set} /> : null)}
    </LoadState>
  );
}

/** /applyp/:roleId and /applya/:roleId: the multi-step application of a role, with the step in the address. */
export function ApplicationFormPage() {
  const { t } = useTranslation();
  const { roleId = '' } = useParams();
  const { pathname, search } = useLocation();
  const { user } = useAtomValue(userAtom);
  const organization = useOrganization();
  if (!user) {
    return (
      <SignInPrompt
        title={t('pages.applicationForm.title')}
        body={t('application.signInBody')}
        returnTo={`${pathname}${search}`}
        allowSignUp={!organization.settings.subdomainRestricted}
      />
    );
  }
  if (!isCandidate(user.userType)) {
    return (
      <>
        <h1>{t('pages.applicationForm.title')}</h1>
        <p>{t('application.candidatesOnly')}</p>
      </>
    );
  }
  return <ApplicationLoader key={roleId} roleId={roleId} />;
}
