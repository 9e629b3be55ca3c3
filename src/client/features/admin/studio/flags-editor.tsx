import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, HR_FEATURES, MENUS, validateConfiguration } from '#engine';
import type { Configuration } from '#schemas/configuration';
import type { PublicOrganization } from '#schemas/organization';
import type { TranslationFile } from '#schemas/studio';
import { errorMessage } from '#client/api/errors';
import { fetchOrganizationTranslation, uploadOrganizationTranslation } from '#client/api/studio';
import { showToastAtom } from '#client/state/process';
import { Button } from '#client/ui/button/button';
import { Checkbox } from '#client/ui/form/checkbox';
import { Radios } from '#client/ui/form/choices';
import { ErrorSummary } from '#client/ui/form/error-summary';
import { LoadState } from '#client/ui/page/load-state';
import { useLoad } from '#client/ui/page/use-load';
import { TextArea, TextInput } from '#client/ui/form/text-input';
import * as formStyles from '#client/ui/form/form.css';
import { visuallyHidden } from '#client/ui/visually-hidden.css';
import { Folded } from './folded';
import { errorsAt, summaryOf } from './problem-display';
import { RefusalList, refusals } from './refusals';
import { moved } from './stage-model';
import { controlId, escape, withFlag, withTextArray } from './studio-model';
import * as styles from './studio.css';

const FORM = '/formConfiguration';

interface Props {
  merged: Configuration;
  /** The form layer being edited: its own lists of texts may be taken away (the default list then shows). */
  form: Configuration;
  errorAt: (pointer: string) => string | undefined;
  onForm: (change: (form: Configuration) => Configuration) => void;
}

/**
 * The organisation's `menus` and `hr` flags (spec §3: visible unless false; decision 0078): one check box per menu and
 * hiring-side feature the product knows, ticked while it shows. A flag the product does not know (typed in the JSON)
 * is shown at its group with the engine's message.
 */
export function FlagsEditor({ merged, errorAt, onForm }: Omit<Props, 'form'>) {
  const { t } = useTranslation();
  const group = (name: 'menus' | 'hr', ids: readonly string[], label: (id: string) => string) => {
    const pointer = `${FORM}/${name}`;
    const error = errorAt(pointer);
    return (
      <fieldset
        id={controlId(pointer)}
        tabIndex={-1}
        className={error ? `${styles.panel} ${styles.panelError}` : styles.panel}
      >
        <legend className={formStyles.legend}>{t(`studio.flags.${name}`)}</legend>
        <p className={formStyles.hint}>{t(`studio.flags.${name}Hint`)}</p>
        {error && <p className={formStyles.errorMessage}>{error}</p>}
        <div className={styles.flagGrid}>
          {ids.map((id) => (
            <Checkbox
              key={id}
              id={controlId(`${pointer}/${id}`)}
              label={label(id)}
              checked={merged[name]?.[id] !== false}
              error={errorAt(`${pointer}/${id}`)}
              onChange={(on) => onForm((layer) => withFlag(layer, name, id, on))}
            />
          ))}
        </div>
      </fieldset>
    );
  };
  return (
    <>
      <h2>{t('studio.flags.title')}</h2>
      {group('menus', MENUS, (id) => t(`studio.flags.menusNames.${id as (typeof MENUS)[number]}`))}
      {group('hr', HR_FEATURES, (id) => t(`studio.flags.hrNames.${id as (typeof HR_FEATURES)[number]}`))}
    </>
  );
}

/**
 * The lists of texts (spec §3 `textArrays`, such as the paragraphs of the terms and the privacy policy), in English
 * and, for the organisation's editor, in each of its languages (decision 0078): each text of a list edited, added,
 * removed and moved up or down with buttons. In English a change writes the whole list to the form layer (a later layer
 * replaces a list whole) and is published with the configuration; *Use the default list* takes the layer's own list
 * away. In another language the lists are the organisation's translation, saved with their own button.
 */
export function TextArraysEditor({
  merged,
  form,
  errorAt,
  onForm,
  organization,
}: Props & { organization?: Pick<PublicOrganization, 'id' | 'additionalLanguageSupport'> }) {
  const { t } = useTranslation();
  const lists = merged.textArrays ?? {};
  const [language, setLanguage] = useState<string>(DEFAULT_LANGUAGE);
  const languages = organization?.additionalLanguageSupport ?? [];
  return (
    <>
      <h2>{t('studio.lists.title')}</h2>
      <p className={formStyles.hint}>{t('studio.lists.hint')}</p>
      {organization && languages.length > 0 && (
        <Radios
          legend={t('studio.lists.language')}
          name="studio-lists-language"
          options={[
            { value: DEFAULT_LANGUAGE, label: t('studio.preview.defaultLanguage') },
            ...languages.map((l) => ({ value: l.code, label: l.name })),
          ]}
          value={language}
          onChange={setLanguage}
        />
      )}
      {organization && language !== DEFAULT_LANGUAGE ? (
        <LanguageLists
          key={language}
          organizationId={organization.id}
          language={language}
          name={languages.find((l) => l.code === language)?.name ?? language}
          english={lists}
        />
      ) : (
        <>
          {Object.entries(lists).map(([key, items]) => (
            <TextList
              key={key}
              base={FORM}
              name={key}
              items={items}
              own={form.textArrays?.[key] !== undefined}
              errorAt={errorAt}
              onChange={(next) => onForm((layer) => withTextArray(layer, key, next))}
            />
          ))}
          <NewList
            taken={new Set(Object.keys(lists))}
            onAdd={(key) => onForm((layer) => withTextArray(layer, key, ['']))}
          />
        </>
      )}
    </>
  );
}

/**
 * The organisation's lists of texts in one of its languages (its translation, decision 0052): checked by the engine's
 * configuration check as they are typed (each problem at its text), saved by the translation call. A list left empty
 * is untranslated: candidates read the English one.
 */
function LanguageLists({
  organizationId,
  language,
  name,
  english,
}: {
  organizationId: string;
  language: string;
  name: string;
  english: Record<string, readonly string[]>;
}) {
  const { t } = useTranslation();
  const loaded = useLoad(() => fetchOrganizationTranslation(organizationId, language), `${organizationId}:${language}`);
  return (
    <LoadState
      state={loaded.state}
      heading={2}
      title={t('studio.lists.title')}
      message={(error) => errorMessage(error)}
      onRetry={loaded.reload}
    >
      {(file) => (
        <LanguageListsForm
          organizationId={organizationId}
          file={file}
          language={language}
          name={name}
          english={english}
        />
      )}
    </LoadState>
  );
}

function LanguageListsForm({
  organizationId,
  file,
  language,
  name,
  english,
}: {
  organizationId: string;
  file: TranslationFile;
  language: string;
  name: string;
  english: Record<string, readonly string[]>;
}) {
  const { t } = useTranslation();
  const showToast = useSetAtom(showToastAtom);
  const [lists, setLists] = useState<Record<string, readonly string[]>>(file.textArrays ?? {});
  const [refused, setRefused] = useState<string[]>([]);
  const [attempt, setAttempt] = useState(0);
  const base = `/translations/${language}`;
  const check = validateConfiguration({ textArrays: lists });
  const problems = check.valid ? [] : check.problems.map((p) => ({ ...p, path: `${base}${p.path}` }));
  const controls = new Set(
    Object.entries(lists).flatMap(([key, items]) => {
      const at = `${base}/textArrays/${escape(key)}`;
      return [at, ...items.map((_, i) => `${at}/${i}`)];
    }),
  );
  const errorAt = errorsAt(problems, controls);
  const set = (key: string, items: readonly string[]) => setLists((all) => ({ ...all, [key]: items }));
  const save = () => {
    if (problems.length > 0) return setAttempt((n) => n + 1);
    uploadOrganizationTranslation(organizationId, language, file.text, lists).then(
      (saved) => {
        setRefused([]);
        setLists(saved.textArrays ?? lists);
        showToast({ kind: 'success', message: t('studio.lists.saved', { language: name }) });
      },
      (error: unknown) => setRefused(refusals(error)),
    );
  };
  return (
    <>
      <ErrorSummary items={summaryOf(problems, controls)} focusKey={attempt} />
      <RefusalList title={t('studio.lists.notSaved')} problems={refused} />
      {Object.entries(lists).map(([key, items]) => (
        <div key={key}>
          <TextList
            base={base}
            name={key}
            items={items}
            own={false}
            errorAt={errorAt}
            onChange={(next) => set(key, next ?? [])}
          />
          {items.length === 0 && (
            <p className={styles.inline}>
              <span className={formStyles.hint}>{t('studio.lists.untranslated', { name: key })}</span>
              <Button variant="secondary" onClick={() => set(key, english[key] ?? [])}>
                {t('studio.lists.fromEnglish')}
                <span className={visuallyHidden}> {t('studio.lists.for', { name: key })}</span>
              </Button>
            </p>
          )}
        </div>
      ))}
      <Button onClick={save}>{t('studio.lists.save', { language: name })}</Button>
    </>
  );
}

function TextList({
  base,
  name,
  items,
  own,
  errorAt,
  onChange,
}: {
  /** The pointer of the layer the list is in: the form layer, or a language's translation. */
  base: string;
  name: string;
  items: readonly string[];
  own: boolean;
  errorAt: (pointer: string) => string | undefined;
  onChange: (items: readonly string[] | undefined) => void;
}) {
  const { t } = useTranslation();
  const pointer = `${base}/textArrays/${escape(name)}`;
  const id = controlId(pointer);
  const error = errorAt(pointer);
  const itemError = items.some((_, i) => errorAt(`${pointer}/${i}`));
  // After a move, focus follows the text to its new place (its button of the same direction).
  const move = (index: number, by: -1 | 1) => {
    onChange(moved(items, index, by));
    requestAnimationFrame(() => document.getElementById(`${id}-${by < 0 ? 'up' : 'down'}-${index + by}`)?.focus());
  };
  return (
    <Folded title={t('studio.lists.list', { name, count: items.length })} keep={Boolean(error) || itemError}>
      <fieldset id={id} tabIndex={-1} className={error ? `${styles.panel} ${styles.panelError}` : styles.panel}>
        <legend className={formStyles.legend}>{name}</legend>
        {error && <p className={formStyles.errorMessage}>{error}</p>}
        <ol className={styles.stageList}>
          {items.map((text, index) => {
            const which = t('studio.lists.which', { n: index + 1, name });
            return (
              <li key={index} className={styles.fieldRow}>
                <TextArea
                  id={controlId(`${pointer}/${index}`)}
                  label={t('studio.lists.item', { n: index + 1 })}
                  rows={3}
                  value={text}
                  error={errorAt(`${pointer}/${index}`)}
                  onChange={(event) => onChange(items.map((item, i) => (i === index ? event.target.value : item)))}
                />
                <div className={styles.inline}>
                  <Button
                    id={`${id}-up-${index}`}
                    variant="secondary"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    {t('studio.lists.up')}
                    <span className={visuallyHidden}> {which}</span>
                  </Button>
                  <Button
                    id={`${id}-down-${index}`}
                    variant="secondary"
                    disabled={index === items.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    {t('studio.lists.down')}
                    <span className={visuallyHidden}> {which}</span>
                  </Button>
                  <Button variant="warning" onClick={() => onChange(items.filter((_, i) => i !== index))}>
                    {t('studio.lists.remove')}
                    <span className={visuallyHidden}> {which}</span>
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
        <div className={styles.inline}>
          <Button variant="secondary" disabled={items.length >= 100} onClick={() => onChange([...items, ''])}>
            {t('studio.lists.add')}
            <span className={visuallyHidden}> {t('studio.lists.to', { name })}</span>
          </Button>
          {own && (
            <Button variant="secondary" onClick={() => onChange(undefined)}>
              {t('studio.lists.useDefault')}
              <span className={visuallyHidden}> {t('studio.lists.for', { name })}</span>
            </Button>
          )}
        </div>
      </fieldset>
    </Folded>
  );
}

function NewList({ taken, onAdd }: { taken: ReadonlySet<string>; onAdd: (key: string) => void }) {
  const { t } = useTranslation();
  const [key, setKey] = useState('');
  const [error, setError] = useState<string>();
  return (
    <div className={styles.inline}>
      <TextInput
        id="studio-new-text-list"
        label={t('studio.lists.newKey')}
        hint={t('studio.lists.newKeyHint')}
        value={key}
        error={error}
        onChange={(event) => setKey(event.target.value)}
      />
      <Button
        variant="secondary"
        onClick={() => {
          const name = key.trim();
          if (!name) return setError(t('studio.lists.keyMissing'));
          if (taken.has(name)) return setError(t('studio.lists.keyTaken', { name }));
          setError(undefined);
          setKey('');
          onAdd(name);
        }}
      >
        {t('studio.lists.addList')}
      </Button>
    </div>
  );
}
