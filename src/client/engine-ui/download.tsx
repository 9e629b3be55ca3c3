import { createContext, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { linkButton } from '../ui/link/link-button.css';
import { visuallyHidden } from '../ui/visually-hidden.css';

/** A stored document as a file answer names it. */
export interface DocumentFile {
  id: string;
  name: string;
}

/**
 * How the host downloads a stored document (with the candidate's token); none where files are
 * not stored (demos), and then no download link shows. Kept out of the lazily loaded renderer so
 * read-only pages can use it too.
 */
export const DownloadContext = createContext<((file: DocumentFile) => Promise<void>) | undefined>(undefined);

/** A local reference (no upload service) names no stored document. */
export const isStored = (file: DocumentFile) => !file.id.startsWith('local-');

/** "Download <name>" for an uploaded document: the host fetches it as an attachment. */
export function DownloadLink({ file }: { file: DocumentFile }) {
  const { t } = useTranslation();
  const download = useContext(DownloadContext);
  const [busy, setBusy] = useState(false);
  if (!download || !isStored(file)) return null;
  const onClick = () => {
    if (busy) return;
    setBusy(true);
    download(file).finally(() => setBusy(false));
  };
  return (
    <button type="button" className={linkButton} onClick={onClick} aria-disabled={busy || undefined}>
      {t('form.file.download')} <span className={visuallyHidden}>{file.name}</span>
    </button>
  );
}

/** An answer's value, with a download link when it names a stored document. */
export function AnswerValue({ value, file }: { value: string; file?: DocumentFile }) {
  if (!file) return value;
  return (
    <>
      {value} <DownloadLink file={file} />
    </>
  );
}
