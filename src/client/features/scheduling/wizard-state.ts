import { useCallback, useState } from 'react';
import { regionTimeZone } from '#engine';
import type { Region } from '#schemas/organization';

/** One interview day of step 2. */
export interface WizardDay {
  date: string;
  start: string;
  duration: number;
  slots: number;
  capacity: number;
  location: string;
  interviewerIds: string[];
}

/** What the five steps gather; kept in the tab's session storage so a reload or the Back button loses nothing. */
export interface WizardState {
  roleId: string;
  stageId: number | null;
  applicationIds: string[];
  title: string;
  timeZone: string;
  days: WizardDay[];
  dueDays: number;
}

const KEY = 'candid.scheduling.wizard';

export function newDay(): WizardDay {
  return { date: '', start: '09:00', duration: 45, slots: 4, capacity: 1, location: '', interviewerIds: [] };
}

function initial(region: Region): WizardState {
  return {
    roleId: '',
    stageId: null,
    applicationIds: [],
    title: 'Interviews',
    timeZone: regionTimeZone(region),
    days: [newDay()],
    dueDays: 7,
  };
}

function stored(region: Region): WizardState {
  try {
    const text = sessionStorage.getItem(KEY);
    return text ? { ...initial(region), ...(JSON.parse(text) as Partial<WizardState>) } : initial(region);
  } catch {
    return initial(region);
  }
}

/** The wizard's state, prefilled from the address (?roleId, ?stageId, ?ids from a selection or the candidate page). */
export function useWizardState(region: Region, prefill: URLSearchParams) {
  const [state, setState] = useState<WizardState>(() => {
    const base = stored(region);
    const ids = prefill.get('ids');
    const stageId = Number(prefill.get('stageId'));
    if (!ids && !prefill.get('roleId')) return base;
    return {
      ...base,
      roleId: prefill.get('roleId') ?? base.roleId,
      stageId: Number.isInteger(stageId) && stageId > 0 ? stageId : base.stageId,
      applicationIds: ids ? ids.split(',').filter(Boolean) : base.applicationIds,
    };
  });
  const update = useCallback((change: Partial<WizardState>) => {
    setState((previous) => {
      const next = { ...previous, ...change };
      try {
        sessionStorage.setItem(KEY, JSON.stringify(next));
      } catch {
        // Private mode: the state lives as long as the page.
      }
      return next;
    });
  }, []);
  const reset = useCallback(() => {
    sessionStorage.removeItem(KEY);
    setState(initial(region));
  }, [region]);
  return { state, update, reset };
}
