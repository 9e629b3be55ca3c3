import type { FieldProps } from '@rjsf/utils';
import { useLayoutEffect, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useFormTranslation } from '../form-translation';
import { Button } from '#client/ui/button/button';
import { useClickLock } from '#client/ui/button/use-click-lock';
import * as formStyles from '#client/ui/form/form.css';
import { visuallyHidden } from '#client/ui/visually-hidden.css';
import { useJoinList } from '#client/i18n/list-words';
import { compiledFieldOf, engineContext, type UploadedFile } from '../../context';
import { DownloadLink, isStored } from '../../download';
import { useHasError } from '../field-error';
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
 * A file question. A file chosen with the input or dropped on the question's drop zone is checked
 * for type and size first (a clear message instead of a failed upload), then the host's
 * `upload(file, fieldId)` stores it and its reference ({id, name, size, contentType}) is the
 * answer; with no upload function a local reference is kept, so demos work. A stored file shows
 * its name with Download, Replace (the file picker again) and Remove (the host's `remove` deletes
 * it). A refused file is reported to the step, whose error for the question it then is.
 */
export function FileField(props: FieldProps) {
  const { t } = useFormTranslation();
  const { formData, onChange, fieldPathId, uiSchema, registry, disabled, readonly, hideError, schema } = props;
  const id = fieldPathId.$id;
  const error = useHasError(registry, id, hideError);
  const field = compiledFieldOf(uiSchema?.['ui:options'] as Record<string, unknown> | undefined);
  const fieldId = field?.id ?? props.name;
  const ctx = engineContext(registry);
  const value = isUploaded(formData) ? formData : undefined;
  const [problem, setProblem] = useState<string>();
  const [uploading, setUploading] = useState<string>();
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const refocus = useRef(false);
  const commit = (next: UploadedFile | undefined) => onChange(next, fieldPathId.path, undefined, id);
  const refuse = (message: string | undefined) => {
    setProblem(message);
    ctx?.reportFileProblem(fieldId, message);
  };
  const inactive = disabled || readonly || Boolean(uploading);

  // In the commit that takes the Remove button away, so focus never falls to the page in between.
  useLayoutEffect(() => {
    if (!value && refocus.current) {
      refocus.current = false;
      input.current?.focus();
    }
  }, [value]);

  const joinList = useJoinList();
  const typeNames = (field?.accept ?? []).map((type) => FILE_TYPES[type]?.name ?? type);
  const typeList = joinList(typeNames);

  const take = async (file: File) => {
    if (field?.maxBytes && file.size > field.maxBytes) {
      refuse(t('form.file.tooLarge', { size: formatBytes(field.maxBytes) }));
      return;
    }
    if (field?.accept?.length && !isAccepted(file, field.accept)) {
      refuse(t('form.file.wrongType', { types: typeList }));
      return;
    }
    const upload = ctx?.services.current?.upload;
    if (!upload) {
      refuse(undefined);
      commit(localReference(file));
      return;
    }
    setUploading(file.name);
    try {
      const stored = reference(await upload(file, fieldId));
      refuse(undefined);
      commit(stored);
    } catch (error) {
      // A host's upload rejects with an Error whose message is meant for the candidate (the server's reason).
      refuse(error instanceof Error && error.message ? error.message : t('form.file.failed'));
    } finally {
      setUploading(undefined);
    }
  };

  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Emptied, so choosing the same file again (after a refusal) is a change too.
    event.target.value = '';
    if (file) void take(file);
  };

  const dropZone = {
    onDragOver: (event: DragEvent) => {
      if (inactive || !event.dataTransfer.types.includes('Files')) return;
      event.preventDefault();
      setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setDragging(false);
      const file = event.dataTransfer.files[0];
      if (file && !inactive) void take(file);
    },
  };

  const replace = useClickLock(() => input.current?.click());

  const cleared = () => {
    refocus.current = true;
    refuse(undefined);
    commit(undefined);
  };
  const remove = useClickLock(() => {
    const removeStored = ctx?.services.current?.remove;
    if (!value || !removeStored || !isStored(value)) {
      cleared();
      return;
    }
    removeStored(value, fieldId).then(cleared, (error: unknown) =>
      setProblem(error instanceof Error && error.message ? error.message : t('form.file.failed')),
    );
  });

  // The step shows a refused file's message as the question's error once Continue was pressed: shown once.
  const localProblem = error ? undefined : problem;
  const localId = `${id}-file-error`;
  return (
    <div className={localProblem ? styles.localError : undefined}>
      {localProblem ? (
        <p id={localId} className={formStyles.errorMessage}>
          <span className={visuallyHidden}>{t('form.errorPrefix')}</span> {localProblem}
        </p>
      ) : null}
      <div data-drop-zone className={dragging ? styles.dropZoneActive : styles.dropZone} {...dropZone}>
        {value ? (
          <div className={styles.fileChosen}>
            <span className={styles.fileName}>{value.name}</span>
            {typeof value.size === 'number' ? <span>{formatBytes(value.size)}</span> : null}
            <DownloadLink file={value} />
            <Button variant="secondary" onClick={replace} disabled={inactive}>
              {t('form.file.replace')} <span className={visuallyHidden}>{value.name}</span>
            </Button>
            <Button variant="secondary" onClick={remove} disabled={inactive}>
              {t('form.file.remove')} <span className={visuallyHidden}>{value.name}</span>
            </Button>
          </div>
        ) : null}
        <input
          ref={input}
          id={id}
          name={id}
          type="file"
          className={styles.fileInput}
          // With a stored file the input is reached through Replace.
          hidden={Boolean(value)}
          accept={acceptAttribute(field?.accept)}
          disabled={inactive}
          aria-describedby={describedBy(
            id,
            Boolean(field?.hint ?? schema.description),
            error,
            localProblem ? localId : undefined,
          )}
          aria-invalid={error || Boolean(localProblem) || undefined}
          onChange={onInput}
        />
        {value ? null : <p className={styles.dropHint}>{t('form.file.drop')}</p>}
      </div>
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
