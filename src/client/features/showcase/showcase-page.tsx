import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { readableTextColour } from '#engine';
import { useOrganization } from '../../state/site';
import { showToastAtom } from '../../state/process';
import { Button, ButtonGroup } from '../../ui/button/button';
import { TextInput } from '../../ui/form/text-input';
import { Checkboxes, Radios } from '../../ui/form/choices';
import { Spinner } from '../../ui/spinner/delayed-spinner';
import { Dialog } from '../../ui/dialog/dialog';
import { lead, small } from '../../ui/typography.css';
import { RenderCrash } from './render-crash';
import * as styles from './showcase.css';

/** /ui: every building block of the design system in the current organisation's theme. */
export function ShowcasePage() {
  const organization = useOrganization();
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('pages.showcase.title', { name: organization.name })}</h1>
      <p className={lead}>{t('pages.showcase.lead', { name: organization.name })}</p>
      <FormsSection />
      <TypographySection />
      <ButtonsSection />
      <FormSection />
      <SpinnerSection />
      <ToastsSection />
      <DialogSection />
      <ThemeSection />
      <CrashSection />
    </>
  );
}

function FormsSection() {
  const { t } = useTranslation();
  const organization = useOrganization();
  return (
    <section className={styles.section} aria-labelledby="showcase-forms">
      <h2 id="showcase-forms">{t('showcase.formsTitle')}</h2>
      <p>{t('showcase.formsBody', { name: organization.name })}</p>
      <ul>
        <li>
          <Link to="/ui/application">{t('showcase.applicationLink', { name: organization.name })}</Link>
        </li>
        <li>
          <Link to="/ui/widgets">{t('showcase.widgetsLink')}</Link>
        </li>
        <li>
          <Link to="/ui/large-form">{t('showcase.largeFormLink')}</Link>
        </li>
      </ul>
    </section>
  );
}

function TypographySection() {
  const { t } = useTranslation();
  return (
    <section className={styles.section} aria-labelledby="showcase-typography">
      <h2 id="showcase-typography">{t('showcase.typographyTitle')}</h2>
      <h3>{t('showcase.headingSample')}</h3>
      <p className={lead}>{t('showcase.leadSample')}</p>
      <p>
        {t('showcase.bodySample')} <Link to="/roles">{t('showcase.linkSample')}</Link>.
      </p>
      <p className={small}>{t('showcase.smallSample')}</p>
    </section>
  );
}

function ButtonsSection() {
  const { t } = useTranslation();
  return (
    <section className={styles.section} aria-labelledby="showcase-buttons">
      <h2 id="showcase-buttons">{t('showcase.buttonsTitle')}</h2>
      <ButtonGroup>
        <Button>{t('showcase.primary')}</Button>
        <Button variant="secondary">{t('showcase.secondary')}</Button>
        <Button variant="warning">{t('showcase.warning')}</Button>
        <Button disabled>{t('showcase.disabled')}</Button>
      </ButtonGroup>
    </section>
  );
}

function FormSection() {
  const { t } = useTranslation();
  const [country, setCountry] = useState<string | null>(null);
  const [interests, setInterests] = useState<string[]>([]);
  return (
    <section className={styles.section} aria-labelledby="showcase-form">
      <h2 id="showcase-form">{t('showcase.formTitle')}</h2>
      <TextInput label={t('showcase.inputLabel')} hint={t('showcase.inputHint')} name="fullName" autoComplete="name" />
      <TextInput
        label={t('showcase.errorInputLabel')}
        hint={t('showcase.errorInputHint')}
        error={t('showcase.errorInputError')}
        name="email"
        type="email"
        autoComplete="email"
        defaultValue="name@"
      />
      <Radios
        legend={t('showcase.radiosLegend')}
        hint={t('showcase.radiosHint')}
        name="country"
        value={country}
        onChange={setCountry}
        options={[
          { value: 'england', label: t('showcase.optionEngland') },
          { value: 'scotland', label: t('showcase.optionScotland') },
          { value: 'wales', label: t('showcase.optionWales') },
          { value: 'northern-ireland', label: t('showcase.optionNorthernIreland') },
        ]}
      />
      <Checkboxes
        legend={t('showcase.checkboxesLegend')}
        hint={t('showcase.checkboxesHint')}
        name="interests"
        values={interests}
        onChange={setInterests}
        options={[
          { value: 'consulting', label: t('showcase.optionConsulting') },
          { value: 'technology', label: t('showcase.optionTechnology') },
          { value: 'finance', label: t('showcase.optionFinance') },
        ]}
      />
    </section>
  );
}

function SpinnerSection() {
  const { t } = useTranslation();
  return (
    <section className={styles.section} aria-labelledby="showcase-spinner">
      <h2 id="showcase-spinner">{t('showcase.spinnerTitle')}</h2>
      <p>{t('showcase.spinnerBody')}</p>
      <Spinner />
    </section>
  );
}

function ToastsSection() {
  const { t } = useTranslation();
  const showToast = useSetAtom(showToastAtom);
  return (
    <section className={styles.section} aria-labelledby="showcase-toasts">
      <h2 id="showcase-toasts">{t('showcase.toastsTitle')}</h2>
      <ButtonGroup>
        <Button
          variant="secondary"
          onClick={() => showToast({ kind: 'success', message: t('showcase.toastSuccessMessage') })}
        >
          {t('showcase.toastSuccess')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => showToast({ kind: 'error', message: t('showcase.toastErrorMessage') })}
        >
          {t('showcase.toastError')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => showToast({ kind: 'info', message: t('showcase.toastInfoMessage') })}
        >
          {t('showcase.toastInfo')}
        </Button>
      </ButtonGroup>
    </section>
  );
}

function DialogSection() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <section className={styles.section} aria-labelledby="showcase-dialog">
      <h2 id="showcase-dialog">{t('showcase.dialogTitle')}</h2>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('showcase.dialogOpen')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('showcase.dialogDemoTitle')}
        description={t('showcase.dialogDemoDescription')}
      >
        <Button onClick={() => setOpen(false)}>{t('showcase.dialogDemoClose')}</Button>
      </Dialog>
    </section>
  );
}

function ThemeSection() {
  const { t } = useTranslation();
  const { name, themeConfiguration } = useOrganization();
  const colours = [
    { label: t('showcase.headerBackground'), value: themeConfiguration.headerBGcolour, className: styles.swatchHeader },
    { label: t('showcase.secondaryColour'), value: themeConfiguration.secondary, className: styles.swatchSecondary },
  ];
  return (
    <section className={styles.section} aria-labelledby="showcase-theme">
      <h2 id="showcase-theme">{t('showcase.themeTitle')}</h2>
      <p>{t('showcase.themeBody', { name })}</p>
      <ul className={styles.swatches}>
        {colours.map((colour) => (
          <li key={colour.label} className={colour.className}>
            <strong>{colour.label}</strong>
            <span className={styles.swatchValue}>
              {colour.value} / {readableTextColour(colour.value)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CrashSection() {
  const { t } = useTranslation();
  const [crashed, setCrashed] = useState(false);
  return (
    <section className={styles.section} aria-labelledby="showcase-crash">
      <h2 id="showcase-crash">{t('showcase.crashTitle')}</h2>
      <p>{t('showcase.crashBody')}</p>
      <Button variant="warning" onClick={() => setCrashed(true)}>
        {t('showcase.crash')}
      </Button>
      {crashed && <RenderCrash />}
    </section>
  );
}
