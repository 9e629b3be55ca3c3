import { format } from 'date-fns';
import { DATE_FORMAT_SHORT } from '#engine';

/** A timestamp as dd/MM/yyyy (spec §9), or the text as given when it is not a date. */
export function formatShortDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format(date, DATE_FORMAT_SHORT);
}

/** A timestamp with its time, for the history of moves and notes. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format(date, `${DATE_FORMAT_SHORT} HH:mm`);
}

/** A file size people read (12 KB, 1.4 MB). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
