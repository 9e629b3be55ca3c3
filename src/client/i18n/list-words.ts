import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { joinList, type ListWords } from '#schemas/messages';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The templates' places, kept as they are for joinList to fill. */
const PLACES = { items: '{{items}}', last: '{{last}}' };

/** How the page's language writes a list (its texts common.list.*), for joinList. */
export function listWords(t: Translate): ListWords {
  return {
    separator: t('common.list.separator'),
    or: t('common.list.or', PLACES),
    and: t('common.list.and', PLACES),
  };
}

/** Lists as the language shown writes them: "PDF, DOC or DOCX", "PDF, DOC neu DOCX", "PDF、DOC或DOCX". */
export function useJoinList(): (items: readonly string[], kind?: 'or' | 'and') => string {
  const { t } = useTranslation();
  // The keys are checked where listWords reads them; i18next's typed t is wider than Translate.
  return useCallback((items, kind = 'or') => joinList(items, kind, listWords(t as unknown as Translate)), [t]);
}
