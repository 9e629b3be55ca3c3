import type { ApplicationRecord } from '#schemas/application';

/**
 * The browser's copy of an application record (spec §4: on load, a newer stored record replaces
 * the server's). It matters when a save was skipped (doNotSave, overload): the answers then live
 * only here until they are sent before submit. Kept per tab (sessionStorage), so a shared
 * computer does not keep a candidate's answers after the browser closes.
 */
export type LocalDraft = ApplicationRecord & { unsynced?: boolean };

const key = (id: string) => `application:${id}`;

export function readDraft(id: string): LocalDraft | null {
  try {
    const text = sessionStorage.getItem(key(id));
    return text ? (JSON.parse(text) as LocalDraft) : null;
  } catch {
    return null;
  }
}

export function writeDraft(draft: LocalDraft): void {
  try {
    sessionStorage.setItem(key(draft.id), JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the server's record stays the reference.
  }
}

export function clearDraft(id: string): void {
  try {
    sessionStorage.removeItem(key(id));
  } catch {
    // nothing kept
  }
}
