import { useCallback } from 'react';
import { useSetAtom } from 'jotai';
import { fetchDocument } from '../../api/applications';
import { useApiMessage } from '../../api/use-api-message';
import type { DocumentFile } from '../../engine-ui/download';
import { showToastAtom } from '../../state/process';
import { useOrganization } from '../../state/site';
import { saveFile } from '../../ui/download/save-file';

/**
 * Downloads a document of the application with the candidate's token (the organisation-candidate
 * download call answers it as an attachment) and saves it under its name; a refusal is a toast.
 */
export function useDocumentDownload(applicationId: string): (file: DocumentFile) => Promise<void> {
  const organization = useOrganization();
  const apiMessage = useApiMessage();
  const showToast = useSetAtom(showToastAtom);
  return useCallback(
    async (file: DocumentFile) => {
      try {
        saveFile(await fetchDocument(organization.id, applicationId, file.id), file.name);
      } catch (error) {
        showToast({ kind: 'error', message: apiMessage(error) });
      }
    },
    [organization.id, applicationId, apiMessage, showToast],
  );
}
