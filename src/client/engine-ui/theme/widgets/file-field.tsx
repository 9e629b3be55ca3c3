import type { FieldProps } from '@rjsf/utils';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#client/ui/button/button';
import { useClickLock } from '#client/ui/button/use-click-lock';
import * as formStyles from '#client/ui/form/form.css';
import { visuallyHidden } from '#client/ui/visually-hidden.css';
import { useJoinList } from '#client/i18n/list-words';
import { compiledFieldOf, engineContext, type UploadedFile } from '../../context';
import { DownloadLink } from '../../download';
import { describedBy } from '../../ids';
import * as styles from '../theme.css';

/** File types by content type: the extensions a picker may offer and the name a candidate knows. */
const FILE_TYPES: Record<string, { extensions: string[]; name: string }> = {
  'application/pdf': { extensions: ['.pdf'], name: 'PDF' },
  'application/msword': { extensions: ['.doc'], name: 'DOC' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { extensions: ['.docx'], name: 'DOCX' },
  'application/rtf': { extensions: ['.rtf'], name: 'RTF' },
  'text/plain': { extensions: ['.txt'], name: 'TXT' },
  'image/jpeg': { extensions: ['.jpg', '.jpeg'], name: 'JPG' },
  'image/png': { extensions: ['.png'], name: 'PNG' },
};

function formatBytes(bytes: number): string {
  const mb = 1024 * 1024;
  if (bytes >= mb) return `${Math.round((bytes / mb) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** What the file input offers: the content types and their usual extensions. */
function acceptAttribute(accept: readonly string[] | undefined): string | undefined {
  if (!accept?.length) return undefined;
  return [...accept, ...accept.flatMap((type) => FILE_TYPES[type]?.extensions ?? [])].join(',');
}

function isAccepted(file: File, accept: readonly string[]): boolean {
  if (accept.includes(file.type)) return true;
  const name = file.name.toLowerCase();
  return accept.some((type) => FILE_TYPES[type]?.extensions.some((extension) => name.endsWith(extension)));
}

function isUploaded(value: unknown): value is UploadedFile {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as UploadedFile).id === 'string' &&
    typeof (value as UploadedFile).name === 'string'
  );
}

/** Only the keys the engine's file schema allows (a host's upload may return more). */
function reference(file: UploadedFile): UploadedFile {
  const kept: UploadedFile = { id: file.id, name: file.name };
  if (typeof file.size === 'number') kept.size = file.size;
  if (typeof file.contentType === 'string' && file.contentType) kept.contentType = file.contentType;
  return kept;
}

function localReference(file: File): UploadedFile {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : Math.random().toString(36).slice(2);
  return reference({ id: `local-${random}`, name: file.name.slice(0, 255), size: file.size, contentType: file.type });
}

/**
 * A file question. Choosing a file checks its type and size first (a clear message instead of a
 * failed upload), then calls the host's `upload(file, fieldId)` and keeps what it returns
 * ({id, name, size, contentType}); with no upload function a local reference is kept, so demos
 * work. A chosen file shows its name and a Remove button.
 */
export function FileField(props: FieldProps) {
  const { t } = useTranslation();
  const { formData, onChange, fieldPathId, uiSchema, registry, disabled, readonly, rawErrors, hideError, schema } =
    props;
  const id = fieldPathId.$id;
  const field = compiledFieldOf(uiSchema?.['ui:options'] as Record<string, unknown> | undefined);
  const ctx = engineContext(registry);
  const value = isUploaded(formData) ? formData : undefined;
  const [problem, setProblem] = useState<string>();
  const [uploading, setUploading] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const refocus = useRef(false);
  const commit = (next: UploadedFile | undefined) => onChange(next, fieldPathId.path, undefined, id);

  useEffect(() => {
    if (!value && refocus.current) {
      refocus.current = false;
      input.current?.focus();
    }
  }, [value]);

  const joinList = useJoinList();
  const typeNames = (field?.accept ?? []).map((type) => FILE_TYPES[type]?.name ?? type);
  const typeList = joinList(typeNames);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    if (field?.maxBytes && file.size > field.maxBytes) {
      setProblem(t('form.file.tooLarge', { size: formatBytes(field.maxBytes) }));
      event.target.value = '';
      return;
    }
    if (field?.accept?.length && !isAccepted(file, field.accept)) {
      setProblem(t('form.file.wrongType', { types: typeList }));
      event.target.value = '';
      return;
    }
    setProblem(undefined);
    const upload = ctx?.services.current?.upload;
    if (!upload) {
      commit(localReference(file));
      return;
    }
    setUploading(file.name);
    try {
      commit(reference(await upload(file, field?.id ?? props.name)));
    } catch (error) {
      // A host's upload rejects with an Error whose message is meant for the candidate (the server's reason).
      setProblem(error instanceof Error && error.message ? error.message : t('form.file.failed'));
      if (input.current) input.current.value = '';
    } finally {
      setUploading(undefined);
    }
  };

  const remove = useClickLock(() => {
    refocus.current = true;
    setProblem(undefined);
    commit(undefined);
  });

  const error = !hideError && Boolean(rawErrors?.length);
  const localId = `${id}-file-error`;
  return (
    <div className={problem ? styles.localError : undefined}>
      {problem ? (
        <p id={localId} className={formStyles.errorMessage}>
          <span className={visuallyHidden}>{t('form.errorPrefix')}</span> {problem}
        </p>
      ) : null}
      {value ? (
        <div className={styles.fileChosen}>
          <span className={styles.fileName}>{value.name}</span>
          {typeof value.size === 'number' ? <span>{formatBytes(value.size)}</span> : null}
          <DownloadLink file={value} />
          <Button variant="secondary" onClick={remove} disabled={disabled || readonly}>
            {t('form.file.remove')} <span className={visuallyHidden}>{value.name}</span>
          </Button>
        </div>
      ) : (
        <input
          ref={input}
          id={id}
          name={id}
          type="file"
          className={styles.fileInput}
          accept={acceptAttribute(field?.accept)}
          disabled={disabled || readonly || Boolean(uploading)}
          aria-describedby={describedBy(
            id,
            Boolean(field?.hint ?? schema.description),
            error,
            problem ? localId : undefined,
          )}
          aria-invalid={error || Boolean(problem) || undefined}
          onChange={(event) => void onFile(event)}
        />
      )}
      <div className={visuallyHidden} role="status" aria-live="polite">
        {uploading
          ? t('form.file.uploading', { name: uploading })
          : value
            ? t('form.file.uploaded', { name: value.name })
            : ''}
      </div>
    </div>
  );
}
