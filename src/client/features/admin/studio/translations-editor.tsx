import { useState, type ChangeEvent } from 'react';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { PublicOrganization } from '#schemas/organization';
import type { TranslationFile } from '#schemas/studio';
import { errorMessage } from '#client/api/errors';
import { fetchOrganizationTranslation, uploadOrganizationTranslation } from '#client/api/studio';
import { showToastAtom } from '#client/state/process';
import { Button } from '#client/ui/button/button';
import { Radios } from '#client/ui/form/choices';
import * as formStyles from '#client/ui/form/form.css';
import { saveFile } from '#client/ui/download/save-file';
import { LoadState } from '#client/ui/page/load-state';
import { useLoad } from '#client/ui/page/use-load';
import { RefusalList, refusals } from './refusals';
import * as styles from './studio.css';

/**
 * The texts of an uploaded file: `{ "text": { key: text }, "textArrays": { key: [texts] } }` as downloaded (its lists
 * optional), or the bare map of texts.
 */
function textsOf(
  content: string,
): { text: Record<string, string>; textArrays?: Record<string, readonly string[]> } | null {
  try {
    const parsed: unknown = JSON.parse(content);
    if (!parsed || typeof parsed !== 'object') return null;
    const text = 'text' in parsed ? (parsed as { text: unknown }).text : parsed;
    if (!text || typeof text !== 'object' || Array.isArray(text)) return null;
    const lists = 'textArrays' in parsed ? (parsed as { textArrays: unknown }).textArrays : undefined;
    const textArrays =
      lists && typeof lists === 'object' && !Array.isArray(lists)
        ? (lists as Record<string, readonly string[]>)
        : undefined;
    return { text: text as Record<string, string>, ...(textArrays && { textArrays }) };
  } catch {
    return null;
  }
}

/**
 * The Translations tab (issue 15, decision 0052): for each of the organisation's languages, its texts downloaded as a
 * JSON file, an edited file uploaded (checked on the server: unknown keys, lost placeholders) and reloaded at once
 * ('translation file reloaded', spec §8), and the texts not translated yet.
 */
export function TranslationsEditor({ organization }: { organization: PublicOrganization }) {
  const { t } = useTranslation();
  const languages = organization.additionalLanguageSupport;
  const [language, setLanguage] = useState(languages[0]?.code);
  return (
    <section aria-labelledby="studio-translations">
      <h2 id="studio-translations">{t('studio.translations.title')}</h2>
      {language === undefined ? (
        <p>{t('studio.translations.none')}</p>
      ) : (
        <>
          <Radios
            legend={t('studio.translations.language')}
            name="studio-translation-language"
            options={languages.map((l) => ({ value: l.code, label: l.name }))}
            value={language}
            onChange={setLanguage}
          />
          <LanguageTexts key={language} organization={organization} language={language} />
        </>
      )}
    </section>
  );
}

function LanguageTexts({ organization, language }: { organization: PublicOrganization; language: string }) {
  const { t } = useTranslation();
  const showToast = useSetAtom(showToastAtom);
  const loaded = useLoad(() => fetchOrganizationTranslation(organization.id, language), language);
  const [file, setFile] = useState<TranslationFile>();
  const [problems, setProblems] = useState<string[]>([]);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    const uploaded = textsOf(await chosen.text());
    if (!uploaded) {
      setProblems([t('studio.translations.notJson', { name: chosen.name })]);
      return;
    }
    try {
      setFile(await uploadOrganizationTranslation(organization.id, language, uploaded.text, uploaded.textArrays));
      setProblems([]);
      showToast({ kind: 'success', message: t('studio.translations.reloaded') });
    } catch (error) {
      setProblems(refusals(error));
    }
  };

  return (
    <LoadState
      state={loaded.state}
      heading={2}
      title={t('studio.translations.title')}
      message={(error) => errorMessage(error)}
      onRetry={loaded.reload}
    >
      {(downloaded) => {
        const current = file ?? downloaded;
        return (
          <>
            <RefusalList title={t('studio.translations.notLoaded')} problems={problems} />
            <Button
              variant="secondary"
              onClick={() =>
                saveFile(
                  new Blob([JSON.stringify({ language, text: current.text }, null, 2)], { type: 'application/json' }),
                  `${organization.subdomain}.${language}.json`,
                )
              }
            >
              {t('studio.translations.download')}
            </Button>
            <div className={formStyles.formGroup}>
              <label className={formStyles.label} htmlFor="studio-translation-file">
                {t('studio.translations.upload')}
              </label>
              <span className={formStyles.hint} id="studio-translation-file-hint">
                {t('studio.translations.uploadHint')}
              </span>
              <input
                id="studio-translation-file"
                type="file"
                accept="application/json,.json"
                aria-describedby="studio-translation-file-hint"
                onChange={(event) => void upload(event)}
              />
            </div>
            <h3>{t('studio.translations.untranslated', { count: current.untranslated.length })}</h3>
            {current.untranslated.length > 0 && (
              <ul className={styles.keyList}>
                {current.untranslated.map((key) => (
                  <li key={key}>
                    <code>{key}</code>
                  </li>
                ))}
              </ul>
            )}
          </>
        );
      }}
    </LoadState>
  );
}
