import { atom } from 'jotai';
import { TOAST_TIMEOUT_MS } from '#engine';
import type { ToastKind, ToastMessage } from '../ui/toast/toast-list';

/** The operation in progress or just finished, e.g. { type: 'login', status: 'failure' } (spec §4). */
export interface ProcessState {
  type: string;
  status: 'loading' | 'success' | 'failure';
  message?: string;
}

export const processAtom = atom<ProcessState | null>(null);

export const toastsAtom = atom<ToastMessage[]>([]);

let nextToastId = 1;

export interface ToastRequest {
  kind: ToastKind;
  message: string;
  /** Defaults to 5 s (spec §9). */
  timeoutMs?: number;
}

export const showToastAtom = atom(null, (get, set, request: ToastRequest) => {
  const toast: ToastMessage = {
    id: nextToastId++,
    kind: request.kind,
    message: request.message,
    timeoutMs: request.timeoutMs ?? TOAST_TIMEOUT_MS,
  };
  set(toastsAtom, [...get(toastsAtom), toast]);
});

export const dismissToastAtom = atom(null, (get, set, id: number) => {
  set(
    toastsAtom,
    get(toastsAtom).filter((toast) => toast.id !== id),
  );
});

/** Records the end of an operation and tells the user how it went. */
export const finishProcessAtom = atom(
  null,
  (_get, set, result: { type: string; status: 'success' | 'failure'; message: string; timeoutMs?: number }) => {
    set(processAtom, { type: result.type, status: result.status, message: result.message });
    set(showToastAtom, {
      kind: result.status === 'success' ? 'success' : 'error',
      message: result.message,
      timeoutMs: result.timeoutMs,
    });
  },
);
