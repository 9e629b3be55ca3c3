import { useTranslation } from 'react-i18next';
import { useMergedConfiguration } from '../../engine-ui/use-application-form';

/** A page of the organisation's own text: configuration (textArrays), translated by the language layers. */
function ConfiguredTextPage({ title, paragraphsKey }: { title: string; paragraphsKey: string }) {
  const configuration = useMergedConfiguration();
  return (
    <>
      <h1>{title}</h1>
      {(configuration.textArrays?.[paragraphsKey] ?? []).map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
    </>
  );
}

/** /terms: the organisation's terms and conditions (textArrays 'terms.paragraphs'). */
export function TermsPage() {
  const { t } = useTranslation();
  return <ConfiguredTextPage title={t('pages.terms.title')} paragraphsKey="terms.paragraphs" />;
}

/** /policy: the organisation's privacy policy (textArrays 'policy.paragraphs'). */
export function PolicyPage() {
  const { t } = useTranslation();
  return <ConfiguredTextPage title={t('pages.policy.title')} paragraphsKey="policy.paragraphs" />;
}
