import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { subdomainProblem } from '#engine';
import {
  DEFAULT_SMS_SEGMENT_LIMIT,
  EDITIONS,
  MAX_SMS_SEGMENT_LIMIT,
  PRODUCT_TYPES,
  REGIONS,
  TIERS,
  type Language,
} from '#schemas/organization';
import type { NewOrganizationBody, OrganizationDetails } from '#schemas/organization-admin';
import type { ReferenceItem } from '#schemas/reference-data';
import { useApiMessage, useFieldErrors } from '#client/api/use-api-message';
import { Button } from '#client/ui/button/button';
import { useClickLock } from '#client/ui/button/use-click-lock';
import { Checkboxes } from '#client/ui/form/choices';
import { ErrorSummary, summaryItems, type SummaryError } from '#client/ui/form/error-summary';
import { SelectField } from '#client/ui/form/select-field';
import { TextInput } from '#client/ui/form/text-input';
import { useFormErrors } from '#client/ui/form/use-form-errors';
import { siteAddress } from './site-address';
import * as styles from './clients.css';

/** The languages the product ships a translation into (configs/translations), by their own names. */
const PRODUCT_LANGUAGES: readonly Language[] = [
  { code: 'cy', name: 'Cymraeg' },
  { code: 'fr', name: 'Français' },
  { code: 'ar', name: 'العربية' },
  { code: 'zh-Hans', name: '简体中文' },
  { code: 'zh-Hant', name: '繁體中文' },
];

const GTM_ID = /^GTM-[A-Z0-9]{4,12}$/;
/** Every choice of the form sits in a form group and fills it up to the select's maximum width. */
const SELECT_STYLE = { className: styles.formGroup, selectClassName: styles.select };

export interface OrganizationFormValues {
  name: string;
  subdomain: string;
  edition: string;
  productType: string;
  tier: string;
  countryBase: string;
  sectorId: string;
  languages: string[];
  sessionTimeout: string;
  gtmId: string;
  smsSegmentLimit: string;
}

function valuesOf(org: OrganizationDetails | null): OrganizationFormValues {
  return {
    name: org?.name ?? '',
    subdomain: org?.subdomain ?? '',
    edition: org?.edition ?? 'ats',
    productType: org?.productType ?? 'ATS',
    tier: org?.tier ?? 'Tier 1',
    countryBase: org?.countryBase ?? 'UK',
    sectorId: org ? String(org.sector.id) : '1',
    languages: org?.additionalLanguageSupport.map((l) => l.code) ?? [],
    sessionTimeout: org?.settings.sessionTimeout ? String(org.settings.sessionTimeout) : '',
    gtmId: org?.settings.gtmId ?? '',
    smsSegmentLimit: org?.settings.smsSegmentLimit ? String(org.settings.smsSegmentLimit) : '',
  };
}

/** The problems the browser can find before asking the server (which checks them again, and uniqueness). */
function problemsOf(
  values: OrganizationFormValues,
  creating: boolean,
  tr: (key: 'nameMissing' | 'timeoutInvalid' | 'gtmInvalid' | 'smsSegmentLimitInvalid') => string,
): SummaryError[] {
  const problems: SummaryError[] = [];
  if (!values.name.trim()) problems.push({ fieldId: 'org-name', message: tr('nameMissing') });
  if (creating) {
    const subdomain = subdomainProblem(values.subdomain.trim());
    if (subdomain) problems.push({ fieldId: 'org-subdomain', message: subdomain });
  }
  const timeout = values.sessionTimeout.trim();
  if (timeout && !(/^\d+$/.test(timeout) && Number(timeout) >= 1 && Number(timeout) <= 1440))
    problems.push({ fieldId: 'org-timeout', message: tr('timeoutInvalid') });
  if (values.gtmId.trim() && !GTM_ID.test(values.gtmId.trim()))
    problems.push({ fieldId: 'org-gtm', message: tr('gtmInvalid') });
  const smsLimit = values.smsSegmentLimit.trim();
  if (smsLimit && !(/^\d+$/.test(smsLimit) && Number(smsLimit) >= 1 && Number(smsLimit) <= MAX_SMS_SEGMENT_LIMIT))
    problems.push({ fieldId: 'org-sms-limit', message: tr('smsSegmentLimitInvalid') });
  return problems;
}

/** The request body of the values: the sector by its id in the SECTOR list. */
function bodyOf(values: OrganizationFormValues, sectors: readonly ReferenceItem[]): NewOrganizationBody {
  const sector = sectors.find((s) => s.id === values.sectorId) ?? { id: '1', value: 'General' };
  const timeout = values.sessionTimeout.trim();
  const smsLimit = values.smsSegmentLimit.trim();
  return {
    name: values.name.trim(),
    subdomain: values.subdomain.trim(),
    edition: values.edition as NewOrganizationBody['edition'],
    productType: values.productType as NewOrganizationBody['productType'],
    tier: values.tier as NewOrganizationBody['tier'],
    countryBase: values.countryBase as NewOrganizationBody['countryBase'],
    sector: { id: Number(sector.id), name: sector.value },
    additionalLanguageSupport: PRODUCT_LANGUAGES.filter((l) => values.languages.includes(l.code)),
    settings: {
      sessionTimeout: timeout ? Number(timeout) : null,
      gtmId: values.gtmId.trim() || null,
      smsSegmentLimit: smsLimit ? Number(smsLimit) : null,
    },
  };
}

/** Server field names → the ids of this form's controls. */
const FIELD_IDS: Record<string, string> = {
  name: 'org-name',
  subdomain: 'org-subdomain',
  sessionTimeout: 'org-timeout',
  'settings/sessionTimeout': 'org-timeout',
  gtmId: 'org-gtm',
  'settings/gtmId': 'org-gtm',
  smsSegmentLimit: 'org-sms-limit',
  'settings/smsSegmentLimit': 'org-sms-limit',
};

interface OrganizationFormProps {
  initial: OrganizationDetails | null;
  sectors: readonly ReferenceItem[];
  submitLabel: string;
  onSubmit: (body: NewOrganizationBody) => Promise<void>;
}

/** Create (no `initial`) or edit an organisation's metadata: GOV.UK form, checked here and by the server. */
export function OrganizationForm({ initial, sectors, submitLabel, onSubmit }: OrganizationFormProps) {
  const { t } = useTranslation();
  const fieldErrors = useFieldErrors();
  const apiMessage = useApiMessage();
  const creating = initial === null;
  const [values, setValues] = useState(() => valuesOf(initial));
  const errors = useFormErrors();
  const set = (key: keyof OrganizationFormValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const onFormSubmit = useClickLock((event: FormEvent) => {
    event.preventDefault();
    const problems = problemsOf(values, creating, (key) => t(`admin.form.${key}`, { max: MAX_SMS_SEGMENT_LIMIT }));
    if (problems.length > 0) return errors.fail(problems);
    errors.clear();
    onSubmit(bodyOf(values, sectors)).catch((error: unknown) => {
      const list = Object.entries(fieldErrors(error)).map(([field, message]) => ({
        fieldId: FIELD_IDS[field] ?? (field.startsWith('additionalLanguageSupport') ? 'org-languages' : undefined),
        message,
      }));
      errors.fail(list.length > 0 ? list : [{ message: apiMessage(error) }]);
    });
  });
  const plain = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
  const subdomain = values.subdomain.trim();
  return (
    <form onSubmit={onFormSubmit} noValidate>
      <ErrorSummary items={summaryItems(errors.errors)} focusKey={errors.attempt} />
      <TextInput
        id="org-name"
        label={t('admin.form.name')}
        value={values.name}
        maxLength={255}
        autoComplete="organization"
        error={errors.of('org-name')}
        onChange={(event) => set('name')(event.target.value)}
      />
      {creating ? (
        <TextInput
          id="org-subdomain"
          label={t('admin.form.subdomain')}
          hint={
            subdomain && !subdomainProblem(subdomain)
              ? t('admin.form.subdomainHintAddress', { address: siteAddress(subdomain) })
              : t('admin.form.subdomainHint')
          }
          value={values.subdomain}
          maxLength={41}
          spellCheck={false}
          autoCapitalize="none"
          error={errors.of('org-subdomain')}
          onChange={(event) => set('subdomain')(event.target.value.toLowerCase())}
        />
      ) : null}
      <div className={styles.columns}>
        <SelectField
          {...SELECT_STYLE}
          label={t('admin.form.edition')}
          value={values.edition}
          options={EDITIONS.map((value) => ({ value, label: t(`admin.edition.${value}`) }))}
          onChange={set('edition')}
        />
        <SelectField
          {...SELECT_STYLE}
          label={t('admin.form.productType')}
          value={values.productType}
          options={plain(PRODUCT_TYPES)}
          onChange={set('productType')}
        />
        <SelectField
          {...SELECT_STYLE}
          label={t('admin.form.tier')}
          value={values.tier}
          options={plain(TIERS)}
          onChange={set('tier')}
        />
        <SelectField
          {...SELECT_STYLE}
          label={t('admin.form.region')}
          value={values.countryBase}
          options={REGIONS.map((value) => ({ value, label: t(`admin.region.${value}`) }))}
          onChange={set('countryBase')}
        />
        <SelectField
          {...SELECT_STYLE}
          label={t('admin.form.sector')}
          value={values.sectorId}
          options={sectors.map((s) => ({ value: s.id, label: s.value }))}
          onChange={set('sectorId')}
        />
      </div>
      <div id="org-languages">
        <Checkboxes
          legend={t('admin.form.languages')}
          hint={t('admin.form.languagesHint')}
          name="languages"
          options={PRODUCT_LANGUAGES.map((l) => ({ value: l.code, label: `${l.name} (${l.code})` }))}
          values={values.languages}
          onChange={(languages) => setValues((v) => ({ ...v, languages }))}
        />
      </div>
      <TextInput
        id="org-timeout"
        label={t('admin.form.sessionTimeout')}
        hint={t('admin.form.sessionTimeoutHint')}
        className={styles.narrowInput}
        inputMode="numeric"
        value={values.sessionTimeout}
        error={errors.of('org-timeout')}
        onChange={(event) => set('sessionTimeout')(event.target.value)}
      />
      <TextInput
        id="org-gtm"
        label={t('admin.form.gtmId')}
        hint={t('admin.form.gtmIdHint')}
        className={styles.narrowInput}
        value={values.gtmId}
        spellCheck={false}
        error={errors.of('org-gtm')}
        onChange={(event) => set('gtmId')(event.target.value.toUpperCase())}
      />
      <TextInput
        id="org-sms-limit"
        label={t('admin.form.smsSegmentLimit')}
        hint={t('admin.form.smsSegmentLimitHint', { max: MAX_SMS_SEGMENT_LIMIT, default: DEFAULT_SMS_SEGMENT_LIMIT })}
        className={styles.narrowInput}
        inputMode="numeric"
        value={values.smsSegmentLimit}
        error={errors.of('org-sms-limit')}
        onChange={(event) => set('smsSegmentLimit')(event.target.value)}
      />
      <Button type="submit">{submitLabel}</Button>
    </form>
  );
}
