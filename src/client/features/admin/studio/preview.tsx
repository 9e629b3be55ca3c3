import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, readableTextColour } from '#engine';
import type { PublicOrganization, ThemeConfiguration } from '#schemas/organization';
import { fetchTranslation } from '#client/api/translation';
import { LazyStepForm } from '#client/engine-ui/lazy';
import { Button, ButtonGroup } from '#client/ui/button/button';
import { Radios } from '#client/ui/form/choices';
import { LoadState } from '#client/ui/page/load-state';
import { useLoad } from '#client/ui/page/use-load';
import { DelayedSpinner } from '#client/ui/spinner/delayed-spinner';
import { errorMessage } from '#client/api/errors';
import { previewForm, type Draft } from './studio-model';
import * as styles from './studio.css';

/**
 * The application as a candidate will see it were the draft published: the candidate side's own merge and compile
 * (studio-model previewForm), one step at a time with the engine-ui renderer, in each of the organisation's languages.
 * It shows the last draft the engine accepted.
 */
export function FormPreview({ draft, organization }: { draft: Draft; organization: PublicOrganization }) {
  const { t } = useTranslation();
  const languages = [
    { code: DEFAULT_LANGUAGE, name: t('studio.preview.defaultLanguage') },
    ...organization.additionalLanguageSupport,
  ];
  const [language, setLanguage] = useState<string>(DEFAULT_LANGUAGE);
  const [stepIndex, setStepIndex] = useState(0);
  const layer = useLoad(
    () =>
      language === DEFAULT_LANGUAGE ? Promise.resolve(undefined) : fetchTranslation(organization.subdomain, language),
    `${organization.subdomain}:${language}`,
  );
  return (
    <section className={styles.preview} aria-labelledby="studio-preview-title">
      <h2 id="studio-preview-title">{t('studio.preview.title')}</h2>
      {languages.length > 1 && (
        <Radios
          legend={t('studio.preview.language')}
          name="studio-preview-language"
          options={languages.map((l) => ({ value: l.code, label: l.name }))}
          value={language}
          onChange={(code) => {
            setLanguage(code);
            setStepIndex(0);
          }}
        />
      )}
      <LoadState
        state={layer.state}
        heading={2}
        title={t('studio.preview.title')}
        message={(error) => errorMessage(error)}
        onRetry={layer.reload}
      >
        {(languageLayer) => (
          <PreviewSteps
            draft={draft}
            organization={organization}
            language={language}
            languageLayer={languageLayer}
            stepIndex={stepIndex}
            onStep={setStepIndex}
          />
        )}
      </LoadState>
    </section>
  );
}

function PreviewSteps({
  draft,
  organization,
  language,
  languageLayer,
  stepIndex,
  onStep,
}: {
  draft: Draft;
  organization: PublicOrganization;
  language: string;
  languageLayer: Parameters<typeof previewForm>[3];
  stepIndex: number;
  onStep: (index: number) => void;
}) {
  const { t } = useTranslation();
  const form = useMemo(
    () => previewForm(draft, organization, language, languageLayer),
    [draft, organization, language, languageLayer],
  );
  const index = Math.min(stepIndex, form.steps.length - 1);
  const step = form.steps[index];
  if (!step) return <p>{t('studio.preview.noSteps')}</p>;
  return (
    <div lang={language}>
      <p aria-live="polite">{t('studio.preview.stepOf', { n: index + 1, total: form.steps.length })}</p>
      <h3>{step.title}</h3>
      <ButtonGroup>
        <Button variant="secondary" disabled={index === 0} onClick={() => onStep(index - 1)}>
          {t('studio.preview.previous')}
        </Button>
        <Button variant="secondary" disabled={index === form.steps.length - 1} onClick={() => onStep(index + 1)}>
          {t('studio.preview.next')}
        </Button>
      </ButtonGroup>
      <Suspense fallback={<DelayedSpinner />}>
        <LazyStepForm
          form={form}
          step={step}
          heading={false}
          idPrefix="preview"
          onContinue={() => onStep(Math.min(index + 1, form.steps.length - 1))}
        />
      </Suspense>
    </div>
  );
}

/** The theme's live preview: the header and a button in the draft's colours, with the text colours the product uses. */
export function ThemePreview({ theme, name }: { theme: ThemeConfiguration; name: string }) {
  const { t } = useTranslation();
  const hex = /^#[0-9a-fA-F]{6}$/;
  const header = hex.test(theme.headerBGcolour) ? theme.headerBGcolour : '#ffffff';
  const secondary = hex.test(theme.secondary) ? theme.secondary : '#ffffff';
  return (
    <section className={styles.preview} aria-labelledby="studio-theme-preview">
      <h2 id="studio-theme-preview">{t('studio.theme.preview')}</h2>
      <div className={styles.swatchHeader} style={{ background: header, color: readableTextColour(header) }}>
        {name}
      </div>
      <span className={styles.swatchButton} style={{ background: secondary, color: readableTextColour(secondary) }}>
        {t('studio.theme.sampleButton')}
      </span>
    </section>
  );
}
